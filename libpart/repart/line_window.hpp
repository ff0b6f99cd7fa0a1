#pragma once
// The step shared by the dynamic programs that cut a line into intervals (aligned_intervals,
// tolerant_boundaries): for each end of an interval, its best start within a weight limit.
#include <algorithm>
#include <deque>
#include <limits>
#include <utility>
#include <vector>

#include "libpart/core/graph.hpp"

namespace part {

inline constexpr WeightSum kUnreachableStart = std::numeric_limits<WeightSum>::min();

// Where boundary j of `parts` intervals (each of one position at least) may fall when the
// intervals before it weigh at most `before` together and those after it at most `after`:
// [lo, hi], empty when lo > hi. The first and last boundaries are the line's ends.
inline std::pair<VertexId, VertexId> boundary_window(const std::vector<WeightSum>& prefix,
                                                     VertexId j, VertexId parts, WeightSum before,
                                                     WeightSum after) {
    const auto n = VertexId(prefix.size() - 1);
    if (j == 0) return {0, 0};
    if (j == parts) return {n, n};
    const auto lo = std::lower_bound(prefix.begin(), prefix.end(), prefix.back() - after);
    const auto hi = std::upper_bound(prefix.begin(), prefix.end(), before) - 1;
    return {std::max(j, VertexId(lo - prefix.begin())),
            std::min(n - (parts - j), VertexId(hi - prefix.begin()))};
}

// For each end b in [to_lo, to_hi], the start a in [from_lo, min(from_hi, b - 1)] with
// prefix[b] - prefix[a] <= limit and the largest value(a) (the earliest on ties; starts whose
// value is kUnreachableStart are skipped); calls emit(b, a) for each b that has one. Both
// window ends only move forward, so a monotone deque does it in O(window lengths).
template <class Value, class Emit>
void for_best_starts(const std::vector<WeightSum>& prefix, WeightSum limit, VertexId from_lo,
                     VertexId from_hi, VertexId to_lo, VertexId to_hi, Value value, Emit emit) {
    std::deque<VertexId> window; // starts in increasing position, decreasing value
    VertexId next = from_lo;
    for (VertexId b = to_lo; b <= to_hi; ++b) {
        for (; next <= from_hi && next < b; ++next) {
            const WeightSum v = value(next);
            if (v == kUnreachableStart) continue;
            while (!window.empty() && value(window.back()) < v) window.pop_back();
            window.push_back(next);
        }
        while (!window.empty() && prefix[b] - prefix[window.front()] > limit) window.pop_front();
        if (!window.empty()) emit(b, window.front());
    }
}

} // namespace part
