#pragma once
// Index-based partitioning (Kaddoura & Ranka, section 3.1): cut a locality ordering into K
// contiguous blocks whose weights are proportional to the parts' targets, so heterogeneous
// processors get proportional shares. Prefix sums and a binary search per cut: O(n + K log n).
#include "libpart/core/partition.hpp"
#include "libpart/order/permutation.hpp"

namespace part {

// Part p holds positions [cut_p, cut_{p+1}) of the ordering. Weights are the first
// constraint. Each cut starts closest to its cumulative target; with `tolerance` > 0 it then
// moves, within a window keeping both neighbouring parts within the tolerance, to the
// position where fewest edges cross it (O(window x degree) per cut). Each part gets at least
// one vertex when n >= k. `positions` must be a permutation (validate_permutation).
std::vector<PartId> partition_blocks(const Graph& graph, const Permutation& positions, PartId k,
                                     const std::vector<double>& targets, double tolerance = 0);

} // namespace part
