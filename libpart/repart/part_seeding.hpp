#pragma once
// Where a method that refines the old partition starts when the part count changes: retiring
// parts merged into active ones, or each part that starts empty (growth: a new processor
// joins) seeded with a compact ball carved out of a heavy part, so that it touches the load.
// Used by the serial gde and adaptive methods and, on each rank's own sub-domain, by the
// distributed gde.
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/core/partition.hpp"
#include "libpart/repart/repart_method.hpp"

namespace part {

// The vertex of `p` farthest (in hops) from the part's border, the lowest id on ties.
VertexId deepest_vertex(const Graph& graph, const std::vector<PartId>& part, PartId p);

// Moves to part `fresh` a breadth-first ball of part `host` around `centre`, until it weighs
// `wanted` (constraint 0) or holds half the host. Returns the weight moved.
WeightSum carve_ball(const Graph& graph, std::vector<PartId>& part, PartId host, PartId fresh,
                     VertexId centre, WeightSum wanted, WeightSum host_weight);

// The start and where each vertex's data is now.
struct RepartStart {
    // K2 parts. Shrinking: parts on active ranks keep their logical id and every retiring part
    // joins the active part it shares the most edge weight with (else the lightest). Growing:
    // each new part is carved, as a ball of its target weight, out of the part heaviest for
    // its target, around that part's deepest vertex. The same K: the old partition.
    Partition partition;
    std::vector<PartId> origin; // the new part on each vertex's old rank, -1 where it retires
};
// `started`: start_repart_result's (the new parts, their targets and ranks).
RepartStart repart_start(const Graph& graph, const Partition& old_partition,
                         const RepartResult& started);

} // namespace part
