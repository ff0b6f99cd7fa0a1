#pragma once
// Which physical ranks host the new parts when the processor count changes (Edjlali et al.
// 1997, 3: active and skeleton processes, logical and physical numbering).
#include <span>
#include <vector>

#include "libpart/core/partition.hpp"
#include "libpart/repart/repart_method.hpp"

namespace part {

// Growing or keeping the count (K2 >= K): ranks 0..K2-1. Shrinking: the K2 ranks holding the
// largest old size stay active (ties to the lower rank), listed in increasing order, so the
// least data has to leave the ranks that become skeletons.
std::vector<PartId> ranks_keeping_most_data(std::span<const WeightSum> old_part_size,
                                            PartId new_parts);

// Validates the request and starts a result every method fills in: K2 parts with the
// request's targets, hosted on ranks_keeping_most_data.
RepartResult start_repart_result(const Graph& graph, const Partition& old_partition,
                                 const RepartRequest& request);

} // namespace part
