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
// rcb, inertial and spectral are recursive bisection orderings (Kaddoura & Ranka, section 3.1,
// Fig. 2): bisect recursively and number the vertices leaf by leaf, so every contiguous block
// of the ordering is a union of compact subsets, whatever the number of blocks. rcb and
// inertial bisect down to leaves of 16 vertices, spectral down to leaves of max(64, n / 4096)
// vertices, each leaf ordered by its own key.
const std::vector<std::string>& order_methods();
bool order_needs_coordinates(std::string_view method);

// Throws InvalidArgument for an unknown method or missing/non-finite coordinates.
Permutation compute_order(const Graph& graph, std::string_view method, const OrderOptions& options);

} // namespace part
