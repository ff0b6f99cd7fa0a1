#pragma once
// Renames the parts of a fresh partition after the parts of the current one they overlap
// most, so that a from-scratch repartition moves only the data it has to.
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/core/partition.hpp"

namespace part {

// Greedy maximum-overlap matching: pairs (old part, new part) are taken by decreasing shared
// data (vertex sizes), each part used once; `fresh` is relabelled in place. O(n + k^2 log k).
// Kept small on purpose: a better matching can replace it without touching its callers.
void relabel_by_overlap(const Graph& graph, const std::vector<PartId>& current,
                        std::vector<PartId>& fresh, PartId num_parts);

} // namespace part
