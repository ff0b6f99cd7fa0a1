#pragma once
// Region moves before GDE: a part split into several connected components keeps its largest
// one and hands every other component ("fragment") whole to the neighbouring part it shares
// the most edge weight with. Xu, Lau & Diekmann (section 6) note that ROB and Farhat starts
// are not necessarily connected; single-vertex moves cannot dissolve a detached fragment,
// since every vertex of it but the last raises the cut when it moves alone. Moving the whole
// fragment lowers the cut by the weight it shares with the receiver and never raises it (a
// component has no edge to the rest of its own part). GDE rebalances afterwards.
#include <vector>

#include "libpart/core/partition.hpp"

namespace part::refine {

struct FragmentResult {
    VertexId fragments_moved = 0; // components handed to a neighbouring part
    VertexId vertices_moved = 0;
    WeightSum cut_reduction = 0; // edge weight the moved fragments shared with their receivers
    VertexId fragments_left = 0; // fragments with no neighbouring part (a graph component)
                                 // or, with limits, no room in one
};

// Moves fragments (largest component by constraint-0 weight stays; ties keep the one with the
// lowest vertex) until every part is connected or only fragments without a neighbouring part
// remain. A part that receives a fragment sends none in the same round, so the components
// found at the start of a round stay valid while it lasts; each move lowers the number of
// components, so rounds end. Total weight is unchanged; no part becomes empty.
// With `max_weight` (constraint 0, one per part), a fragment goes only to a neighbour it
// leaves within its limit (the one sharing most edge weight among those), or stays.
// Deterministic; O(n + m) per round.
FragmentResult absorb_fragments(const Graph& graph, Partition& partition,
                                const std::vector<WeightSum>* max_weight = nullptr);

// Makes every part connected, as METIS's contig option does for any method's partition:
// fragments go whole to a neighbour with room first, then to the neighbour sharing most edge
// weight; parts this leaves above (1 + tolerance) x their target shed vertices with the
// overload balancer, and the pieces that cuts off are absorbed again, for a few rounds. Ends
// with every fragment absorbed (connected parts, except a fragment that is a whole component
// of the graph), the balance as close to the tolerance as those rounds brought it.
void connect_parts(const Graph& graph, Partition& partition, double tolerance);

} // namespace part::refine
