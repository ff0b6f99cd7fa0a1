#pragma once
// Graph vertex weights and migration sizes taken from a mesh array (a cell array for the
// dual graph, a point array for the nodal graph).
#include <span>
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/mesh/mesh.hpp"

namespace part {

// The listed tuples of `array` as weights, every component in turn (ncon = components).
// Throws InvalidArgument naming the array and tuple on a value that is negative, not an
// integer, not finite or larger than 32 bits allow.
std::vector<Weight> weights_from_array(const MeshArray& array, std::span<const CellId> tuples);

// Same, for all tuples of the array.
std::vector<Weight> weights_from_array(const MeshArray& array);

} // namespace part
