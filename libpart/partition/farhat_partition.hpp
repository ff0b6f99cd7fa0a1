#pragma once
// Farhat's greedy front partitioner (Farhat & Simon, TOP/DoMDEC; as described by Xu, Lau &
// Diekmann, section 6): parts are formed one by one; part i starts from the unassigned vertex
// adjacent to part i-1 with the fewest edges to unassigned vertices and grows breadth-first,
// always taking the front vertex with the fewest (weighted) edges to unassigned vertices, so
// parts stay compact. O(m log m).
#include "libpart/core/partition.hpp"

namespace part {

// Part i stops at its share of the weight (first constraint; cumulative targets, so errors
// do not pile up on the last part). Once within `tolerance` below its share it also takes
// front vertices with no unassigned neighbour (closing pockets) while it stays within
// `tolerance` above. Part 0 starts from a pseudo-peripheral vertex found from the vertex
// `seed` picks. Parts need not be connected. Every part is non-empty when n >= k.
std::vector<PartId> farhat_partition(const Graph& graph, PartId k,
                                     const std::vector<double>& targets, double tolerance,
                                     int seed);

} // namespace part
