#pragma once
// How good an ordering is for index-based partitioning: the edge cut of equal contiguous
// blocks for k = 2, 4, ..., 256 (Kaddoura & Ranka, section 3.1: one ordering must serve a
// wide range of part counts).
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/order/permutation.hpp"

namespace part {

struct BlockCut {
    int parts = 0;
    WeightSum edge_cut = 0;
    double imbalance = 1; // first constraint
};

// One entry per power of two from 2 up to min(max_parts, n).
std::vector<BlockCut> block_cut_quality(const Graph& graph, const Permutation& positions,
                                        int max_parts = 256);

} // namespace part
