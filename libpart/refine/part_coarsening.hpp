#pragma once
// Coarsening that respects a partition, for multilevel refinement of an existing partition
// (the restricted matching of ParMETIS's adaptive repartitioning and KaHIP's V-cycles):
// heavy-edge clustering joins only vertices of the same part, so every coarse vertex lies in
// one part and the partition is exact on every level. Fixed vertices are never clustered.
// Clusters of up to four vertices shrink a level about twice as much as a matching, so half
// as many levels are built and refined for the same coarsest size.
#include <vector>

#include "libpart/core/partition.hpp"
#include "libpart/core/scratch_array.hpp"

namespace part::refine {

struct CoarseLevel {
    Graph graph;                     // constraint-0 vertex weights, summed edge weights
    std::vector<PartId> part;        // part of each coarse vertex
    std::vector<char> fixed;         // fixed fine vertices stay fixed
    std::vector<VertexId> coarse_of; // coarse vertex of each fine vertex
};

// How large a cluster may grow: at most `members` vertices weighing at most `weight`
// together (members = 2 is a matching).
struct ClusterLimits {
    WeightSum weight = 2;
    int members = 2;
};

// One level of heavy-edge clustering: vertices are visited in a fixed pseudo-random order
// (determined by `seed`) and each vertex not yet in a cluster joins the cluster of its
// same-part neighbour joined by the heaviest edge (a new pair when that neighbour is alone),
// provided the cluster stays within `limits`; otherwise it stays alone. Coarse vertex ids
// follow the lowest fine vertex of each cluster. O(n + m).
CoarseLevel coarsen_within_parts(const Graph& graph, const std::vector<PartId>& part,
                                 const std::vector<char>& fixed, ClusterLimits limits,
                                 unsigned seed);

// At most how many vertices one level of clustering can remove (n minus the coarse vertex
// count): every member of a cluster but its heaviest weighs at most half the weight limit,
// so only such vertices, not fixed, can be absorbed. O(n), no edges read: a coarsening that
// cannot shrink the graph enough is skipped instead of built and thrown away.
VertexId most_clustered_away(const Graph& graph, const std::vector<char>& fixed,
                             ClusterLimits limits);

// For a coarse vertex, the last row (coarse vertex) whose merge met it and its weight summed
// in that row: one entry, in one cache line, on large graphs where each is a cache miss.
struct NeighbourSum {
    VertexId row;
    Weight sum;
};

// Coarse rows, built here and copied to the level, and the neighbour sums of the rows (one
// array per range of rows merged at once).
struct RowBuffers {
    ScratchArray<VertexId> adjncy;
    ScratchArray<Weight> adjwgt;
    std::vector<ScratchArray<NeighbourSum>> met;
};

// Working arrays of the clustering and the contraction, kept between calls. `leader` is all
// -1 between calls (each call restores the entries it used), so that a level clears no array
// of its size before it starts.
struct CoarseningScratch {
    std::vector<VertexId> leader, block_order;
    ScratchArray<VertexId> size, members, member_start;
    ScratchArray<WeightSum> weight;
    RowBuffers rows;
};

// The same, written into `level`, whose arrays (and the scratch's) are reused: a cycle
// repeated on a band of similar size then touches no fresh memory (first-touch page faults and
// zero-filling would otherwise weigh on large graphs).
void coarsen_within_parts(const Graph& graph, const std::vector<PartId>& part,
                          const std::vector<char>& fixed, ClusterLimits limits, unsigned seed,
                          CoarseLevel& level, CoarseningScratch& scratch);

} // namespace part::refine
