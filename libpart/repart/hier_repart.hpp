#pragma once
// Dynamic rectilinear rebalancing (Ashok's thesis, chapter 9): the cut planes of a hierarchical
// partition (hierarchical_scheme.hpp) move to follow new loads, keeping the scheme and every
// part's place in it. Level by level, each region is cut along the level's axis where its old
// pieces met, unless a piece would then be further than the tolerance from its share; such a
// plane moves only as far as the load asks (section 9.3 rebalances only past a threshold), so
// a small load change moves nothing and a large one moves planes, not whole parts.
#include "libpart/repart/repart_method.hpp"

namespace part {

// request.scheme is the old partition's scheme (as part-partition reports it), which must make
// K = K2 parts; request.tolerance is the allowed imbalance, shared among the levels as
// hierarchical_partition shares it. Details: "planes" (the cuts of every region of every
// level) and "planes_moved". Needs coordinates. Deterministic.
RepartResult hier_repartition(const Graph& graph, const Partition& old_partition,
                              const RepartRequest& request);

} // namespace part
