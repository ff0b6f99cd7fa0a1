#include "libpart/order/bisection_orders.hpp"

#include <algorithm>

#include "libpart/order/bisection_keys.hpp"
#include "libpart/order/coordinates_check.hpp"

namespace part {

Permutation rcb_order(const Graph& graph) {
    require_coordinates(graph, "rcb");
    return recursive_bisection_order(graph, coordinate_key(graph), 1);
}

Permutation inertial_order(const Graph& graph) {
    require_coordinates(graph, "inertial");
    return recursive_bisection_order(graph, inertial_key(graph), 1);
}

Permutation spectral_order(const Graph& graph, const FiedlerOptions& options) {
    const VertexId leaf = std::max<VertexId>(64, graph.num_vertices() / 4096);
    return recursive_bisection_order(graph, spectral_key(graph, options), leaf);
}

} // namespace part
