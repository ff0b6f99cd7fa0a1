#pragma once
// The quotient graph after some vertices changed part, from the quotient graph before: the
// GDE rounds after the first rebuilt it from every edge though a round moves few vertices.
#include <span>
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/core/partition.hpp"

namespace part {

// The quotient graph (as quotient_graph computes it) of `after`, given `quotient`, that of
// `before`: `moved` lists, each once and in any order, every vertex whose part differs between
// `before` and `after` (others may be listed too); only they and their edges are visited,
// O(their edges + K + links). Graphs with edge weights, and quotients whose weights reached
// quotient_graph's clamp (kMaxWeight), are rebuilt in full instead (a zero edge weight or a
// clamped sum does not say what it had summed).
Graph update_quotient_graph(const Graph& graph, const std::vector<PartId>& before,
                            const std::vector<PartId>& after, std::span<const VertexId> moved,
                            PartId num_parts, Graph quotient);

} // namespace part
