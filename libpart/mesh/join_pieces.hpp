#pragma once
// Reassembles a mesh from the pieces part-convert --split writes, once a reader has
// appended them into one mesh: owned cells only (vtkGhostType 0), put back in GlobalCellIds
// order, on the points GlobalNodeIds names, so shared points are one point again.
#include <vector>

#include "libpart/mesh/mesh.hpp"

namespace part {

// Needs the point array "GlobalNodeIds" and the cell array "GlobalCellIds" ("vtkGhostType"
// is optional). Every global cell id must be owned exactly once and the ids must be 0..n-1.
// The three arrays are dropped; the other arrays follow their cells and points. Throws
// MeshError naming what is missing or inconsistent. `owner`, when given, receives for every
// joined cell (global cell id) the appended cell it came from.
Mesh join_pieces(const Mesh& appended, std::vector<CellId>* owner = nullptr);

} // namespace part
