#pragma once
// The interval repartitioning that moves least when the old partition is itself made of
// intervals of the same line, as after an earlier interval partition (the setting of Kaddoura
// & Ranka 1995, 3.4, where MinimizeCostRedistribution is a greedy). New interval j, placed
// on the rank of old part p, keeps the size of p's interval it overlaps; two old intervals
// kept by two new ones cannot cross (the left new interval keeps the left old one), so the
// best arrangement and boundaries together come from a dynamic program along the line.
// Boundaries move only as far as the tolerance forces them: every interval may weigh up to
// (1 + tolerance) x the average, and parts may stay below it.
#include <optional>
#include <vector>

#include "libpart/repart/interval_arrangement.hpp"

namespace part {

struct AlignedIntervals {
    std::vector<PartId> arrangement; // new parts along the line
    std::vector<VertexId> bounds;    // start of each one's interval, then n
};

// The arrangement and boundaries keeping the most size in place, with every interval
// non-empty and weighing at most floor((1 + tolerance) x total / K2). rank[q] is new part q's
// physical rank (old part p is on rank p). Empty (use MCR instead) unless: the fractions are
// equal, tolerance > 0, every old part is one run of the line, and the table of choices
// (sum over boundaries of candidate states x positions, each boundary's positions lying in a
// window of tolerance x total weight) has at most `max_entries` entries; also empty when no
// such intervals exist (a vertex heavier than the limit). Time and memory O(table).
std::optional<AlignedIntervals> aligned_intervals(const LineLayout& line,
                                                  const std::vector<double>& fractions,
                                                  const std::vector<PartId>& rank, double tolerance,
                                                  std::size_t max_entries = std::size_t(1) << 22);

} // namespace part
