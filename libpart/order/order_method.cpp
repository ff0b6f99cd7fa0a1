#include "libpart/order/order_method.hpp"

#include <algorithm>

#include "libpart/order/bisection_orders.hpp"
#include "libpart/order/graph_search.hpp"
#include "libpart/order/nested_dissection.hpp"
#include "libpart/order/space_filling_curve.hpp"

namespace part {

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
    if (method == "rcb") return rcb_order(graph);
    if (method == "inertial") return inertial_order(graph);
    if (method == "bfs") return bfs_order(graph, options.seed);
    if (method == "rcm") return rcm_order(graph, options.seed);
    if (method == "nd") return nested_dissection_order(graph, options.seed);
    if (method == "spectral") {
        FiedlerOptions fiedler = options.fiedler;
        fiedler.seed = std::max(options.seed, 0);
        return spectral_order(graph, fiedler);
    }
    throw InvalidArgument("unknown ordering method '" + std::string(method) +
                          "'; expected hilbert, morton, rcb, inertial, spectral, bfs, rcm or nd");
}

} // namespace part
