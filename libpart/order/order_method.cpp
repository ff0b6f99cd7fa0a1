#include "libpart/order/order_method.hpp"

#include <algorithm>

#include "libpart/order/bisection_keys.hpp"
#include "libpart/order/graph_search.hpp"
#include "libpart/order/nested_dissection.hpp"
#include "libpart/order/space_filling_curve.hpp"

namespace part {

namespace {

// Subsets of at most this many vertices are ordered by their own key instead of bisected
// further: the last levels of a bisection down to single vertices hold most of its nodes
// (each with its own axis or inertia tensor) and change only the order inside blocks far
// smaller than any part.
constexpr VertexId kGeometricLeaf = 16;

} // namespace

const std::vector<std::string>& order_methods() {
    static const std::vector<std::string> names{"hilbert",  "morton", "rcb", "inertial",
                                                "spectral", "bfs",    "rcm", "nd"};
    return names;
}

bool order_needs_coordinates(std::string_view method) {
    return method == "hilbert" || method == "morton" || method == "rcb" || method == "inertial";
}

Permutation compute_order(const Graph& graph, std::string_view method,
                          const OrderOptions& options) {
    if (method == "hilbert") return hilbert_order(graph);
    if (method == "morton") return morton_order(graph);
    if (method == "bfs") return bfs_order(graph, options.seed);
    if (method == "rcm") return rcm_order(graph, options.seed);
    if (method == "nd") return nested_dissection_order(graph, options.seed);
    if (method == "rcb" || method == "inertial" || method == "spectral") {
        const VertexId leaf = method == "spectral"
                                  ? std::max<VertexId>(64, graph.num_vertices() / 4096)
                                  : kGeometricLeaf;
        return recursive_bisection_order(
            graph, bisection_key(graph, method, options.fiedler, options.seed), leaf);
    }
    throw InvalidArgument("unknown ordering method '" + std::string(method) +
                          "'; expected hilbert, morton, rcb, inertial, spectral, bfs, rcm or nd");
}

} // namespace part
