#pragma once
// Interval repartitioning (Kaddoura & Ranka 1995, 3.1 and 3.4): cut a one-dimensional
// ordering into contiguous intervals proportional to the new capacities and arrange the
// parts over the intervals so that little data moves.
#include <span>

#include "libpart/repart/interval_arrangement.hpp"
#include "libpart/repart/repart_method.hpp"

namespace part {

// The arrangement is chosen on exactly proportional intervals (as the paper); then, with
// request.tolerance > 0, the boundaries move only as far as the tolerance forces them: the
// cheapest of tolerant_boundaries (exact, when its table is small enough), the greedy
// ArrangementEvaluator::relaxed_boundaries and the exact ones. Arrangement::Aligned then
// takes aligned_intervals instead when it applies and is cheaper. Last, unless the arrangement
// is Identity or K2 > 512, the intervals of parts with equal shares are relabelled to keep the
// most data in place, when that is cheaper. Details reported: "identity_moved_size" (parts in
// logical order along the line, same relaxation), "unrelabelled_moved_size" (the arrangement before
// relabelling), "arrangement_moved_size" and "arrangement_messages" of the result.
RepartResult interval_repartition(const Graph& graph, const Partition& old_partition,
                                  const RepartRequest& request);

// The decision itself, on a line layout: the order of the new parts along the line and the
// start of each one's interval (then n). fractions[q] is new part q's share, rank[q] its
// physical rank. interval_repartition and the distributed controller both call this, so
// their results are the same.
struct IntervalDecision {
    std::vector<PartId> arrangement;
    std::vector<VertexId> bounds;
    std::vector<std::pair<std::string, double>> details;
};
IntervalDecision decide_intervals(const LineLayout& line, const std::vector<double>& fractions,
                                  const std::vector<PartId>& rank, const RepartRequest& request);

// The arrangement with its intervals (bounds[j] .. bounds[j + 1]) relabelled among parts of
// equal share so that the most data stays on its rank (old part p is on rank p, new part q on
// rank[q]). Parts of different shares never swap, so the boundaries stay valid.
std::vector<PartId> relabel_intervals(const LineLayout& line, const std::vector<double>& fractions,
                                      const std::vector<PartId>& rank,
                                      std::span<const PartId> arrangement,
                                      const std::vector<VertexId>& bounds);

} // namespace part
