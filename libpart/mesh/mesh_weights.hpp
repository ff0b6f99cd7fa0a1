#pragma once
// Graph vertex weights and migration sizes taken from a mesh array (a cell array for the
// dual graph, a point array for the nodal graph).
#include <span>
#include <string>
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/mesh/mesh.hpp"

namespace part {

// The listed tuples of `array` (all of them when `tuples` is empty) as weights, every
// component in turn (ncon = components). With `scale` > 0 each weight is the value times
// `scale`, rounded to the nearest integer (real-valued fields such as a measured cost); with 0
// the values must be integers. Throws InvalidArgument naming the array and tuple on a weight
// that is negative, not an integer, not finite or larger than 32 bits allow.
std::vector<Weight> weights_from_array(const MeshArray& array, std::span<const CellId> tuples = {},
                                       double scale = 0);

// The arrays a user names for a graph's vertex weights (k components: k constraints) and
// migration sizes: cell arrays, or point arrays when `on_points` (the nodal graph). An empty
// name: none. `scale`: as weights_from_array's, for both.
struct WeightFields {
    std::string weights, sizes;
    bool on_points = false;
    double scale = 0;
};

// What those arrays give: ncon weights per vertex (row-major) and one size per vertex, each
// empty when its field is not named.
struct FieldWeights {
    std::vector<Weight> weights, sizes;
    int ncon = 0;
};

// Throws InvalidArgument, listing the arrays the mesh has, when a named field is missing; and
// when the size field has more than one component.
void check_weight_fields(const Mesh& mesh, const WeightFields& fields);

// The listed tuples of the named fields (all of them when `tuples` is empty), checked first as
// check_weight_fields does. Throws InvalidArgument as weights_from_array on a bad value.
FieldWeights read_weight_fields(const Mesh& mesh, const WeightFields& fields,
                                std::span<const CellId> tuples);

} // namespace part
