#pragma once
// A piece of a mesh as a mesh of its own: some of its cells on the points they use, with every
// cell and point array restricted to them, e.g. the cells a rank sends to another.
#include <span>

#include "libpart/mesh/mesh.hpp"
#include "libpart/mesh/mesh_pieces.hpp"

namespace part {

// Cell i of the result is mesh cell cells[piece.cells[i]] (split_mesh's numbering: positions
// in the selection `cells`); point j is mesh point piece.points[j], in any order, which must hold
// every point those cells use. O(piece size x log(piece points)).
Mesh mesh_subset(const Mesh& mesh, std::span<const CellId> cells, const MeshPiece& piece);

} // namespace part
