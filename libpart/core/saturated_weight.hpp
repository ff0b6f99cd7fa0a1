#pragma once
// Sums of weights stored in one 32-bit weight (a quotient graph's part and link weights,
// parallel edges merged by a coarsening, a band vertex's edges to one anchor): saturated at
// the largest Weight instead of wrapping, since a wrapped negative weight would turn balance
// limits and FM gains upside down.
#include <algorithm>
#include <limits>

#include "libpart/core/graph.hpp"

namespace part {

constexpr Weight kMaxWeight = std::numeric_limits<Weight>::max();

// A sum held in WeightSum, stored as a Weight: at most kMaxWeight.
inline Weight clamp_to_weight(WeightSum sum) {
    return Weight(std::min<WeightSum>(sum, kMaxWeight));
}

inline Weight saturated_sum(Weight a, Weight b) {
    Weight sum;
    // One add and a branch on its overflow flag: this runs for every merged edge of a level.
    if (!__builtin_add_overflow(a, b, &sum)) [[likely]]
        return sum;
    return b > 0 ? kMaxWeight : std::numeric_limits<Weight>::min();
}

} // namespace part
