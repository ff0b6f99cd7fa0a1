#pragma once
// Boundary elements: the cells below the top dimension that carry a physical tag (a nonzero
// "gmsh:physical" value), such as the inlet, wall and farfield faces of a 3D mesh or the edges
// of a 2D one. They are no graph vertices: each one belongs to its adjacent cell, the
// top-dimensional cell holding all its nodes, and goes wherever that cell goes.
#include <span>
#include <vector>

#include "libpart/core/partition.hpp"
#include "libpart/mesh/mesh.hpp"

namespace part {

struct BoundaryElements {
    std::vector<CellId> cells;    // mesh cells, in mesh order
    std::vector<CellId> adjacent; // for each, its adjacent cell's position in the selection
};

// The boundary elements of `mesh` and their adjacent cells among `top_cells` (the
// top-dimensional cells, the graph vertices): the first in selection order that holds every
// node of the element. Without a "gmsh:physical" array there are none. Throws MeshError naming
// the element (its mesh cell) when no cell holds all its nodes. O(size of the mesh).
BoundaryElements find_boundary_elements(const Mesh& mesh, std::span<const CellId> top_cells);

// The part of each boundary element: that of its adjacent cell in `part` (one per selected
// cell).
std::vector<PartId> boundary_parts(const BoundaryElements& boundary, std::span<const PartId> part);

} // namespace part
