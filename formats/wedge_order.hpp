#pragma once
// gmsh, Medit and Abaqus number a prism (wedge) with its first triangle turning
// counter-clockwise seen from the second; VTK, which Mesh follows, clockwise. Kept as they
// are, such prisms would all have negative volumes in VTK.
#include <utility>

#include "libpart/mesh/mesh.hpp"

namespace part::formats {

// The prism's nodes in VTK's order, from the counter-clockwise numbering (its own inverse).
// A quadratic prism of `num_nodes` 15 (18) numbers its edge (and face) nodes as VTK's
// vtkQuadraticWedge (vtkBiQuadraticQuadraticWedge) does after that: edges 0-1, 1-2, 2-0, 3-4,
// 4-5, 5-3, 0-3, 1-4, 2-5, then faces 0-1-4-3, 1-2-5-4, 2-0-3-5. Swapping corners 1 and 2, 4
// and 5 swaps edges 0-1 and 2-0, 3-4 and 5-3, 1-4 and 2-5, and faces 0-1-4-3 and 2-0-3-5.
inline void counter_clockwise_wedge_to_vtk(PointId* nodes, int num_nodes = 6) {
    std::swap(nodes[1], nodes[2]);
    std::swap(nodes[4], nodes[5]);
    if (num_nodes < 15) return;
    std::swap(nodes[6], nodes[8]);
    std::swap(nodes[9], nodes[11]);
    std::swap(nodes[13], nodes[14]);
    if (num_nodes == 18) std::swap(nodes[15], nodes[17]);
}

} // namespace part::formats
