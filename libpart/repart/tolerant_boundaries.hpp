#pragma once
// Interval boundaries for a given arrangement that move only as far as the tolerance forces
// them (Kaddoura & Ranka 1995, 3.1: contiguous intervals along the line, here each allowed
// up to (1 + tolerance) x its share instead of exactly its share): a dynamic program along
// the line keeps the most old data in place, whatever the old partition.
#include <optional>
#include <span>
#include <vector>

#include "libpart/repart/interval_arrangement.hpp"

namespace part {

// Non-empty intervals, interval j (part arrangement[j], on rank rank[arrangement[j]]) weighing
// at most floor((1 + tolerance) x targets[arrangement[j]] x total), keeping the most size on
// the ranks that held it. Empty when tolerance <= 0, no such boundaries exist, or the table
// of choices (sum of the boundaries' windows, each tolerance x total weight wide) exceeds
// `max_entries`. O(table + n log n) time, O(table) memory.
std::optional<std::vector<VertexId>>
tolerant_boundaries(const LineLayout& line, const std::vector<double>& targets,
                    const std::vector<PartId>& rank, std::span<const PartId> arrangement,
                    double tolerance, std::size_t max_entries = std::size_t(1) << 22);

} // namespace part
