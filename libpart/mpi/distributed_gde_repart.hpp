#pragma once
// Distributed remapping with the GDE method (Xu, Lau & Diekmann 1997, 3.1-3.2): every part is
// one processor holding one sub-domain, processor x on rank owner_of_part(x, P) (several per
// rank when there are fewer ranks than parts). Its decision maker balances loads with its
// neighbour processors only (run_distributed_gde, State termination counter) over links
// coloured longer borders first; its workload adjuster (the serial one, on the processor's
// sub-domain and its ghosts) then moves border vertices by gain to the neighbours it owes
// flow, once those owing it load have served (waves); the moved vertices migrate with all
// their data in one exchange and the ghost layer is rebuilt.
//
// GDE runs on the processor graph, which here is the quotient graph of the partition (the
// paper's Figure 12 and the serial --flow-graph quotient): every flow link is a sub-domain
// border, so no flow needs derouting. A retiring processor (capacity 0, when the part count
// shrinks) is drained through its borders; flows from it may pass through other retiring
// processors, which forward them (the waves), so it needs no live neighbour of its own.
#include <vector>

#include "libpart/mpi/subdomain_view.hpp"

namespace part::mpi {

struct DistributedGdeStats {
    int rounds = 0;         // remapping rounds (decision maker + adjuster + migration)
    int sweeps = 0;         // GDE sweeps summed over rounds (the slowest processor's)
    int seeded_parts = 0;   // processors that started empty and were given a ball of a heavy one
    VertexId evacuated = 0; // vertices left on retiring processors, handed to a neighbour
    WeightSum transit_shortcut = 0; // flow sent across a border instead of through a processor
};

// Collective. `labelled.label` gives each owned vertex's processor (0 .. capacity.size() - 1).
// `capacity` (the same on every rank) is each processor's share of the load: its target
// fraction, or 0 for a processor that retires and must end empty. On return labels, vertices
// and directory are updated, and the carried attributes have moved with the vertices.
// `tolerance` 0 balances every processor to its share (the paper); above 0 only what lies
// above (1 + tolerance) x a share moves, towards the nearest room first, as the serial gde
// method does within a tolerance, and rounds repeat until every processor is within it.
// Growth: a processor with a share but no vertex starts as a ball carved out of the processor
// heaviest for its share around its deepest vertex (as the serial gde method). Rounds repeat,
// as serial refine_with_gde, while a round moved vertices but fell short of a flow by a
// vertex or more. The adjuster always leaves a part one vertex, so a retiring processor hands
// what remains, in its wave, to the neighbour it owes most; anything still on retiring
// processors after the rounds (no outflow left to follow) goes to the live neighbour
// processor it shares most edge weight with (else the lightest live one), and the rounds run
// once more. Deterministic, and the same for any P: every exchange is collective or paired,
// migration keeps vertices in global id order, and each processor works on its own view.
DistributedGdeStats rebalance_with_gde(LabelledGraph& labelled, const std::vector<double>& capacity,
                                       double tolerance = 0, int max_rounds = 8);

} // namespace part::mpi
