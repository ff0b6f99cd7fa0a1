#pragma once
// A partition: one part id per vertex, the number of parts, and optional target fractions
// per part for heterogeneous processors.
#include <cstdint>
#include <vector>

#include "libpart/core/graph.hpp"

namespace part {

using PartId = std::int32_t;

// Part p's fraction of the total weight: targets[p], or 1 / k when `targets` is empty.
inline double target_fraction(const std::vector<double>& targets, PartId k, PartId p) {
    return targets.empty() ? 1.0 / k : targets[std::size_t(p)];
}

struct Partition {
    PartId num_parts = 0;
    std::vector<PartId> part; // one id in [0, num_parts) per vertex
    std::vector<double>
        targets; // fraction of the total weight per part, summing to 1; empty = uniform

    double target(PartId p) const { return target_fraction(targets, num_parts, p); }
};

// Target fractions from capacities (any positive numbers), normalised to sum to 1.
// Throws InvalidArgument on a non-positive or non-finite capacity.
std::vector<double> normalise_targets(const std::vector<double>& capacities);

// Throws InvalidArgument when the partition does not fit the graph: wrong length, ids out of
// range, targets of the wrong count or not positive.
void validate(const Partition& partition, const Graph& graph);

// How many of the parts 0 .. num_parts - 1 hold no vertex (ids must be in range).
PartId count_empty_parts(const std::vector<PartId>& part, PartId num_parts);

} // namespace part
