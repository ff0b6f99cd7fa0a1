#pragma once
// Relabelling a fresh partition so that as much data as possible stays where it is: a
// maximum-weight bipartite matching between new parts and physical ranks.
#include <vector>

#include "libpart/core/partition.hpp"

namespace part {

// overlap[q * columns + c]: what assigning row q to column c keeps. Returns the column
// assigned to each row, all distinct, maximizing the total (Hungarian method with
// potentials, O(rows^2 * columns)). Needs columns >= rows.
std::vector<PartId> max_overlap_assignment(const std::vector<WeightSum>& overlap, PartId rows,
                                           PartId columns);

// max_overlap_assignment of a square overlap (K2 fresh parts to K2 slots) where a part may
// only take a slot of its own capacity: `targets` (empty: uniform) are the parts' and slots'
// fractions.
std::vector<PartId> capacity_preserving_assignment(std::vector<WeightSum> overlap, PartId parts,
                                                   const std::vector<double>& targets);

// Overlap of a fresh partition's parts (rows) with slots (columns): slot s is hosted by rank
// slot_rank[s], and old part p is on rank p, so entry (q, s) is the size of part q's vertices
// whose old part is slot_rank[s]. O(n + K2 * slots).
std::vector<WeightSum> overlap_matrix(const Graph& graph, const Partition& old_partition,
                                      const std::vector<PartId>& new_part, PartId new_parts,
                                      const std::vector<PartId>& slot_rank);

} // namespace part
