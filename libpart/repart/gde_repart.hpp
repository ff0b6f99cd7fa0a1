#pragma once
// Repartitioning by GDE (Xu, Lau & Diekmann 1997): the old partition, with the new weights,
// is rebalanced by decentralized flows and border moves instead of being recomputed, so few
// vertices move.
#include "libpart/repart/repart_method.hpp"

namespace part {

// The same K: refine the old partition. Shrinking: each part of a rank that becomes a
// skeleton joins the active part it shares most edges with, and GDE spreads the load.
// Growing: each new part starts as the deepest interior vertex of the heaviest part and GDE
// feeds it through the quotient graph. Uses request.targets and request.tolerance (> 0: flows
// only until every part is within it, to the nearest room, heaviest vertices first; the
// overload balancer where the rounds stop short of it; then the band refinement for the cut
// and a migration-aware polish; details "balance_moves", "band_cut_reduction").
RepartResult gde_repartition(const Graph& graph, const Partition& old_partition,
                             const RepartRequest& request);

} // namespace part
