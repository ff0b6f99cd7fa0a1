#include "libpart/order/bisection_orders.hpp"

#include <algorithm>

#include "libpart/order/bisection_keys.hpp"
#include "libpart/order/coordinates_check.hpp"

namespace part {

namespace {

// Subsets of at most this many vertices are ordered by their own key instead of bisected
// further: the last levels of a bisection down to single vertices hold most of its nodes
// (each with its own axis or inertia tensor) and change only the order inside blocks far
// smaller than any part.
constexpr VertexId kGeometricLeaf = 16;

} // namespace

Permutation rcb_order(const Graph& graph) {
    require_coordinates(graph, "rcb");
    return recursive_bisection_order(graph, coordinate_key(graph), kGeometricLeaf);
}

Permutation inertial_order(const Graph& graph) {
    require_coordinates(graph, "inertial");
    return recursive_bisection_order(graph, inertial_key(graph), kGeometricLeaf);
}

Permutation spectral_order(const Graph& graph, const FiedlerOptions& options) {
    const VertexId leaf = std::max<VertexId>(64, graph.num_vertices() / 4096);
    return recursive_bisection_order(graph, spectral_key(graph, options), leaf);
}

} // namespace part
