#pragma once
// gmsh, Medit and Abaqus number a prism (wedge) with its first triangle turning
// counter-clockwise seen from the second; VTK, which Mesh follows, clockwise. Kept as they
// are, such prisms would all have negative volumes in VTK.
#include <utility>

#include "libpart/mesh/mesh.hpp"

namespace part::formats {

// The prism's nodes in VTK's order, from the counter-clockwise numbering (its own inverse).
inline void counter_clockwise_wedge_to_vtk(PointId* nodes) {
    std::swap(nodes[1], nodes[2]);
    std::swap(nodes[4], nodes[5]);
}

} // namespace part::formats
