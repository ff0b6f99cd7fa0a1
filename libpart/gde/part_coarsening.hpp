#pragma once
// Coarsening that respects a partition, for multilevel refinement of an existing partition
// (the restricted matching of ParMETIS's adaptive repartitioning and KaHIP's V-cycles):
// heavy-edge matching pairs only vertices of the same part, so every coarse vertex lies in
// one part and the partition is exact on every level. Fixed vertices are never matched.
#include <vector>

#include "libpart/core/partition.hpp"

namespace part::gde {

struct CoarseLevel {
    Graph graph;                     // constraint-0 vertex weights, summed edge weights
    std::vector<PartId> part;        // part of each coarse vertex
    std::vector<char> fixed;         // fixed fine vertices stay fixed
    std::vector<VertexId> coarse_of; // coarse vertex of each fine vertex
};

// One level of heavy-edge matching: vertices are visited in a fixed pseudo-random order
// (determined by `seed`) and each unmatched vertex takes its unmatched same-part neighbour
// joined by the heaviest edge, provided the pair weighs at most `max_weight`. Coarse vertex
// ids follow the lowest fine vertex of each pair. O(n + m).
CoarseLevel coarsen_within_parts(const Graph& graph, const std::vector<PartId>& part,
                                 const std::vector<char>& fixed, WeightSum max_weight,
                                 unsigned seed);

// Working arrays of the matching and the contraction, kept between calls.
struct CoarseningScratch {
    std::vector<VertexId> mate, order, block_order, first;
    std::vector<EdgeOffset> slot;
};

// The same, written into `level`, whose arrays (and the scratch's) are reused: a V-cycle
// repeated on a band of similar size then touches no fresh memory (first-touch page faults and
// zero-filling were a sixth of part-refine's time on a 490k-vertex graph).
void coarsen_within_parts(const Graph& graph, const std::vector<PartId>& part,
                          const std::vector<char>& fixed, WeightSum max_weight, unsigned seed,
                          CoarseLevel& level, CoarseningScratch& scratch);

} // namespace part::gde
