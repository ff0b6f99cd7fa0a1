#pragma once
// SU2 native meshes (.su2, ASCII, one zone), as SU2 and gmsh write them:
//   NDIME= d                 the dimension, first;
//   NELEM= n                 then n lines: a VTK cell type id (3 line, 5 triangle, 9
//                            quadrilateral, 10 tetrahedron, 12 hexahedron, 13 prism, 14
//                            pyramid), its 0-based node ids in VTK's order, and an optional
//                            element index; every element has dimension d;
//   NPOIN= n [domain]        then n lines: d coordinates and an optional point index;
//   NMARK= m                 then m markers, each MARKER_TAG= name, MARKER_ELEMS= k and k
//                            lines of boundary elements (type id and node ids, dimension d - 1).
// NELEM, NPOIN and NMARK may come in any order after NDIME; '%' lines are comments; NZONE= 1
// and IZONE= 1 are accepted. The markers' elements follow the volume elements as cells of
// dimension d - 1, the boundary elements (boundary_elements.hpp): marker m's are tagged m + 1 in
// the cell array "gmsh:physical" (0 on the volume elements), and the physical group (d - 1,
// m + 1) is named by its MARKER_TAG.
#include <string>

#include "libpart/mesh/mesh.hpp"

namespace part::formats {

// Throws InputError naming the file, the line and what was expected: a missing, repeated or
// unknown section, a count that disagrees with the lines that follow, an unknown type id, a
// node count that does not match its type, a node id out of range, a truncated file.
Mesh read_su2_mesh(const std::string& path);

} // namespace part::formats
