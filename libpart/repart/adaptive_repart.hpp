#pragma once
// Adaptive repartitioning, as ParMETIS's (Schloegel, Karypis & Kumar's unified repartitioning
// algorithm): the old partition, with the new weights, is coarsened within its parts (clusters
// of a few percent of a part), and two candidates are made from the coarse levels, each judged
// by the unified objective, cut + migration_cost x migrated size, the lower kept:
// - diffusion: at the coarsest level whole clusters leave the overloaded parts, best gain per
//   unit of weight first, with migration counted in the gain (overload_balancer.hpp). Clusters
//   of heavy cells carry the most load per moved vertex, and a cluster goes straight to a part
//   with room instead of pushing load through chains of parts, so large load changes move far
//   less than diffusion by flows does;
// - scratch-remap: a coarse level partitioned afresh by METIS with the data's parts priced in
//   (anchored_partition.hpp), which may redraw the parts for a much lower cut when migration is
//   cheap.
// Each is then reshaped on the graph for the cut and polished for cut + migration, with slack
// rounds while they pay (border_reshaping.hpp). The two run on two threads. From price 0.25 up
// only the diffusion is made, reshaped once (the extras did not pay there on the benchmark).
#include <vector>

#include "libpart/refine/part_coarsening.hpp"
#include "libpart/repart/repart_method.hpp"

namespace part {

// The clusters of adaptive repartitioning into `parts` parts of a graph of `total_weight`
// (constraint 0).
refine::ClusterLimits adaptive_cluster_limits(WeightSum total_weight, PartId parts);

// Coarse levels, each clustered within the parts of `group` (for adaptive: a vertex's start
// part and origin together), until clustering shrinks the graph by less than a tenth. Every
// coarse vertex lies in one group; its size is its members' sizes summed. `fixed` vertices
// stay alone on every level (the distributed method's ghosts).
std::vector<refine::CoarseLevel> coarsen_within_groups(const Graph& graph,
                                                       const std::vector<PartId>& group,
                                                       refine::ClusterLimits limits,
                                                       const std::vector<char>& fixed);

// Slack rounds a candidate takes at most (border_reshaping.hpp): each costs about one
// reshaping, and on the benchmark's hot spots they stopped paying within this many.
inline constexpr int kAdaptiveSlackRounds = 6;

// From this price up only the diffusion is made, reshaped once: on the benchmark's hot spots
// (c549, K 16 and 64, 2-11% of the cells x4) neither a slack round nor the scratch-remap was
// kept at price 0.5, and either costs about as much as the whole diffusion.
inline constexpr double kDiffusionOnlyPrice = 0.25;

// The level the scratch-remap partitions (1-based; 0 is the graph): the finest whose free
// vertices, all but the `fixed` ones (alone on every level), are at most a fifteenth of
// `vertices`, small enough for a few quick METIS runs (the reshaping makes its borders as good
// as a finer level's); else the coarsest.
std::size_t scratch_remap_level(const std::vector<refine::CoarseLevel>& levels, VertexId vertices,
                                VertexId fixed);

// Any K and K2 (parts start as repart_start makes them); request.tolerance is the allowed
// imbalance and request.targets the capacities; migration is priced at request.migration_cost.
// Details: "scratch_remap" (1 when that candidate was kept), "diffusion_objective" and
// "scratch_remap_objective" (-1 when not made: price 0.25 or more, or METIS could not take the
// anchored graph), and of the kept candidate "balance_moves" and "detached_moves" (vertices
// moved by the balancers, and of those to a part they had no edge to), "band_cut_reduction",
// "slack_rounds", "overload_left" (weight above the limits no vertex could shed).
// Deterministic.
RepartResult adaptive_repartition(const Graph& graph, const Partition& old_partition,
                                  const RepartRequest& request);

} // namespace part
