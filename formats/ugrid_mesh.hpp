#pragma once
// AFLR3's UGRID meshes (.ugrid), as UG_IO documents them: the counts of nodes, boundary
// triangles and quadrilaterals, tetrahedra, pyramids, prisms and hexahedra; the node
// coordinates (x, y, z); the boundary faces' 1-based node ids; a surface id per boundary face;
// the volume elements' node ids. Optional records after them are not read.
//
// The encoding is in the name, as UG_IO reads it: NAME.ugrid is ASCII (numbers separated by
// any whitespace); NAME.b8.ugrid, .b4, .b8l: C binary, big-endian, 8- or 4-byte reals, 4-byte
// integers (8-byte with the trailing l); .lb8, .lb4, .lb8l the same little-endian; .r8, .r4,
// .lr8, .lr4 Fortran unformatted (a 4-byte record length before and after the counts, and
// before the rest).
//
// Boundary faces are cells tagged with their surface id (the cell array "gmsh:physical"), so
// they are boundary elements (boundary_elements.hpp); volume elements are tagged 0. A file
// without volume elements is a 2D grid of its triangles and quadrilaterals. Pyramids (UGRID
// lists the apex third) and prisms (numbered as gmsh's, wedge_order.hpp) are reordered to VTK's,
// as meshio reads them.
#include <string>

#include "libpart/mesh/mesh.hpp"

namespace part::formats {

// The encoding of a path's name: "" for ASCII, or the suffix before .ugrid ("b8", "lr4").
std::string ugrid_encoding(const std::string& path);

// Throws InputError naming the file, the line (ASCII) or byte offset (binary) and what was
// expected: a negative or oversized count, a node id out of range, a truncated file, a
// malformed number.
Mesh read_ugrid_mesh(const std::string& path);

} // namespace part::formats
