#pragma once
// Ordering methods by name, so tools stay thin.
#include <string>
#include <string_view>
#include <vector>

#include "libpart/order/fiedler_vector.hpp"
#include "libpart/order/permutation.hpp"

namespace part {

struct OrderOptions {
    int seed = -1; // -1: each method's default
    FiedlerOptions fiedler;
};

// hilbert, morton, rcb, inertial (need coordinates), spectral, bfs, rcm, nd (graph only).
const std::vector<std::string>& order_methods();
bool order_needs_coordinates(std::string_view method);

// Throws InvalidArgument for an unknown method or missing/non-finite coordinates.
Permutation compute_order(const Graph& graph, std::string_view method, const OrderOptions& options);

} // namespace part
