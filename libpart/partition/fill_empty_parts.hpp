#pragma once
// Every partitioning method promises k non-empty parts when the graph has k vertices or more,
// but METIS may leave parts empty when k is close to n (61 of 100 parts for a 100-vertex
// graph). This post-pass keeps the promise.
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/core/partition.hpp"

namespace part {

// Gives each empty part among 0..k-1 one vertex, taken from the heaviest part (total weight
// over the constraints, the lower id on ties) that has two vertices or more, so no part
// empties in turn; of that part's first 64 vertices it moves one with the fewest neighbours
// inside it, the lowest id on ties. Changes nothing when no part is empty or k > n. Returns the
// number of parts filled.
PartId fill_empty_parts(const Graph& graph, PartId k, std::vector<PartId>& part);

} // namespace part
