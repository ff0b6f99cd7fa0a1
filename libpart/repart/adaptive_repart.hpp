#pragma once
// Adaptive repartitioning: the old partition, with the new weights, coarsened within its parts
// (clusters of a few percent of a part, as ParMETIS's adaptive repartitioning coarsens within
// the old subdomains), is rebalanced at the coarsest level by moving whole clusters out of the
// overloaded parts, best gain per unit of weight first, with migration counted in the gain
// (Schloegel, Karypis & Kumar's unified cut + migration objective; overload_balancer.hpp);
// then, on the graph, the borders are reshaped for the cut and polished for cut + migration
// (border_reshaping.hpp). Clusters of heavy cells carry the most load per moved vertex, and a
// cluster goes straight to a part with room instead of pushing load through chains of parts,
// so large load changes move far less than diffusion does.
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

// Any K and K2 (parts start as repart_start makes them); request.tolerance is the allowed
// imbalance and request.targets the capacities. Details: "balance_moves" and
// "detached_moves" (coarse vertices moved, and of those to a part they had no edge to),
// "band_cut_reduction", "overload_left" (weight above the limits no vertex could shed). Migration
// is priced at request.migration_cost. Deterministic.
RepartResult adaptive_repartition(const Graph& graph, const Partition& old_partition,
                                  const RepartRequest& request);

} // namespace part
