#pragma once
// Scratch-remap with the old placement priced in: Zoltan's repartitioning hypergraph
// (Catalyurek, Boman, Devine et al., "A repartitioning hypergraph model for dynamic load
// balancing", JPDC 2009, section 3) as a graph for METIS. Each new part gets an anchor vertex
// of weight 0, joined to every vertex whose data is on that part by an edge worth
// migration_cost x the vertex's size; METIS's cut of this graph is then the cut plus the price
// of the data that leaves its anchor, the objective of adaptive repartitioning. No anchor has
// to be fixed to its part: new parts are labelled afterwards, each by the anchor whose data it
// keeps most. So one METIS run weighs moving a region against cutting around it anywhere in the
// graph, where diffusion only reshapes the old borders.
#include <optional>
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/partition/metis_partition.hpp"
#include "libpart/repart/repart_method.hpp"

namespace part {

// A partition of `graph` into `parts` parts of `targets` (empty: uniform), labelled so that the
// most data stays on its part: `origin` gives each vertex's part now (-1: none). METIS takes
// integer edge weights: edges are scaled by up to 64, so a cost below 1/128 counts as 0 (a
// fresh partition). Nothing when the scaled weights would overflow METIS's 32-bit sums.
std::optional<std::vector<PartId>>
anchored_partition(const Graph& graph, const std::vector<PartId>& origin, PartId parts,
                   const std::vector<double>& targets, double migration_cost,
                   const MetisOptions& metis);

// The scratch-remap of adaptive repartitioning: anchored_partition at request.migration_cost
// and at 4 and 16 times it, into request.new_parts parts of request.targets within
// request.tolerance, the one with the lowest cut + migration_cost x migration kept. METIS's
// partition of the anchored graph varies much with the price it is given, and often moves more
// than the price warrants. Nothing when METIS cannot take the anchored graph.
std::optional<std::vector<PartId>> best_anchored_partition(const Graph& graph,
                                                           const std::vector<PartId>& origin,
                                                           const RepartRequest& request);

} // namespace part
