#pragma once
// METIS mesh files, as mpmetis and m2gmetis read them: a first line "ne [ncon]", then one
// line per element holding ncon weights and then its 1-based node ids. The node count is the
// largest id. Element types follow from the node counts (2 line, 3 triangle, 4 tetrahedron
// or quadrilateral, 5 pyramid, 6 wedge, 8 hexahedron); 4-node elements are tetrahedra when
// the mesh has 3D elements or two of them share three nodes, quadrilaterals otherwise.
// All elements must have one dimension: the file has no types, so a line missing a node
// could otherwise pass as a smaller cell. Nodes are in VTK's order (Mesh's, which the writer
// writes). The file has no coordinates (Mesh::dim is 0). Weights become the cell array
// "metis:weight".
#include <span>
#include <string>

#include "libpart/mesh/mesh.hpp"

namespace part::formats {

Mesh read_metis_mesh(const std::string& path);

// Writes the listed cells (node ids only; the corners of a higher-order cell), atomically.
void write_metis_mesh(const std::string& path, const Mesh& mesh, std::span<const CellId> cells);

} // namespace part::formats
