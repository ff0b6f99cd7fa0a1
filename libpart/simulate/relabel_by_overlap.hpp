#pragma once
// Renames the parts of a fresh partition after the parts of the current one they overlap
// most, so that a from-scratch repartition moves only the data it has to.
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/core/partition.hpp"

namespace part {

// Maximum-overlap matching of new parts to old ones (shared vertex sizes; Hungarian method,
// libpart/repart/overlap_matching.hpp); `fresh` is relabelled in place. O(n + k^3).
void relabel_by_overlap(const Graph& graph, const std::vector<PartId>& current,
                        std::vector<PartId>& fresh, PartId num_parts);

} // namespace part
