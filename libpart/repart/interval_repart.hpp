#pragma once
// Interval repartitioning (Kaddoura & Ranka 1995, 3.1 and 3.4): cut a one-dimensional
// ordering into contiguous intervals proportional to the new capacities and arrange the
// parts over the intervals so that little data moves.
#include "libpart/repart/repart_method.hpp"

namespace part {

// Details reported: "identity_moved_size" (parts in logical order along the line),
// "moved_size" and "messages" of the chosen arrangement.
RepartResult interval_repartition(const Graph& graph, const Partition& old_partition,
                                  const RepartRequest& request);

} // namespace part
