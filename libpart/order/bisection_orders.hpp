#pragma once
// Recursive bisection orderings (Kaddoura & Ranka, section 3.1, Fig. 2): bisect recursively
// and number the vertices leaf by leaf, so every contiguous block of the ordering is a union
// of compact subsets, whatever the number of blocks.
#include "libpart/order/fiedler_vector.hpp"
#include "libpart/order/permutation.hpp"

namespace part {

// Recursive coordinate bisection down to single vertices. Needs coordinates. O(n log n).
Permutation rcb_order(const Graph& graph);
// Recursive inertial bisection down to single vertices. Needs coordinates. O(n log n).
Permutation inertial_order(const Graph& graph);
// Recursive spectral bisection down to leaves of max(64, n / 4096) vertices, each ordered by
// its own Fiedler vector.
Permutation spectral_order(const Graph& graph, const FiedlerOptions& options);

} // namespace part
