#pragma once
// One piece of a partitioned mesh put together from the parts several ranks sent for it: each
// part carries its cells with the points they use, so a point on the border between two
// senders arrives twice; here it becomes one point again (by its GlobalNodeIds value).
#include <span>

#include "libpart/mesh/mesh.hpp"

namespace part {

// Appends the parts (append_meshes: same arrays in each), keeps the first copy of each point
// by "GlobalNodeIds", orders the points by it and the cells by "GlobalCellIds" (own cells before
// ghosts when there is a "vtkGhostType" array), so the result does not depend on how the cells were
// spread over the parts. Throws MeshError when a part lacks either array
// or the arrays differ between parts. O(total size x log).
Mesh gather_piece(std::span<const Mesh> parts);

} // namespace part
