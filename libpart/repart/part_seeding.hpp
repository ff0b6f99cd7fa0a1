#pragma once
// Seeding a part that starts empty (growth: a new processor joins) with a compact ball carved
// out of a heavy part, so that it touches the load and diffusion can reach it. Used by the
// serial gde method and, on each rank's own sub-domain, by the distributed one.
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/core/partition.hpp"

namespace part {

// The vertex of `p` farthest (in hops) from the part's border, the lowest id on ties.
VertexId deepest_vertex(const Graph& graph, const std::vector<PartId>& part, PartId p);

// Moves to part `fresh` a breadth-first ball of part `host` around `centre`, until it weighs
// `wanted` (constraint 0) or holds half the host. Returns the weight moved.
WeightSum carve_ball(const Graph& graph, std::vector<PartId>& part, PartId host, PartId fresh,
                     VertexId centre, WeightSum wanted, WeightSum host_weight);

} // namespace part
