#pragma once
// Two groups of parts whose borders can be refined apart: a bisection of the quotient graph (a
// vertex per part, an edge per pair of parts that share a border, weighing the border's edge
// weight) that balances the parts' border weights, which the band refinement's work follows, and
// cuts as little border as it can, since the borders between the groups wait for a later cycle. A
// 2D mesh's K <= 64 parts make a graph of a few hundred edges at most, bisected here as METIS
// bisects graphs that small: regions grown greedily from several starts, improved by FM. A
// breadth-first bisection of the parts (cut where half the border weight is reached) left a third
// of the border between the groups on 4elt, and the band refinement lost 3 points of cut
// improvement to it against 1.7 with METIS.
#include <vector>

#include "libpart/core/partition.hpp"

namespace part::refine {

// The borders between the parts: the quotient graph (as metrics.hpp's quotient_graph gives it,
// without vertex weights) and the edge cut, from one sweep over the edges (the band
// refinement needs both before its first cycle). O(n + m).
struct PartBorders {
    Graph quotient;
    WeightSum cut = 0;
    // 1 for each vertex with a neighbour in another part, 0 for the others; empty when the
    // parts are too many for the one-sweep table (K x K beyond the edges' count).
    std::vector<char> boundary;
};
PartBorders part_borders(const Graph& graph, const std::vector<PartId>& part, PartId num_parts);

// The group (0 or 1) of each part, whose border weights are balanced to within 5%.
// Deterministic; O(K^2) for K parts (16 regions grown at most).
std::vector<char> bisect_parts(const PartBorders& borders);

// The same from the partition: O(n + m) for the quotient graph.
std::vector<char> bisect_parts(const Graph& graph, const std::vector<PartId>& part,
                               PartId num_parts);

} // namespace part::refine
