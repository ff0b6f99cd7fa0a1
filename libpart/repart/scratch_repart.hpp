#pragma once
// Repartitioning from scratch: a fresh METIS partition, relabelled so that as much data as
// possible stays on its rank.
#include "libpart/repart/repart_method.hpp"

namespace part {

// The new parts are matched to the logical slots 0..K2-1 (hosted on the ranks of
// ranks_keeping_most_data) by a maximum-weight bipartite matching of the overlap; with
// non-uniform targets only parts and slots of equal target are matched, so every logical part
// keeps the capacity the targets give it. Details: "unrelabelled_moved_size" (METIS's own
// numbering) for comparison.
RepartResult scratch_repartition(const Graph& graph, const Partition& old_partition,
                                 const RepartRequest& request);

} // namespace part
