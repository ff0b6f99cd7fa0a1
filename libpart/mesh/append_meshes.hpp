#pragma once
// The pieces of a split mesh one after another in one mesh, as VTK's parallel reader appends
// them, remembering which piece each cell came from (the piece is the part that owned it).
#include <span>
#include <vector>

#include "libpart/mesh/mesh.hpp"

namespace part {

// Points and cells of piece i follow those of pieces 0..i-1 (node ids shifted). Arrays are
// matched by name; every piece must carry the same arrays with the same type and component
// count (part-convert --split writes them so). Pieces with 2-D points are widened to 3-D when
// others are 3-D. `piece_of_cell`, when given, receives the piece index of every cell.
// Throws MeshError naming the piece and array that differ. O(total size).
Mesh append_meshes(std::span<const Mesh> pieces,
                   std::vector<std::int32_t>* piece_of_cell = nullptr);

} // namespace part
