#pragma once
// Edge weights summed into one stored 32-bit weight (parallel edges merged by a coarsening,
// a band vertex's edges to one anchor): saturated, as the quotient graph's, since a sum that
// wrapped to a negative weight would turn the FM gains upside down.
#include <limits>

#include "libpart/core/graph.hpp"

namespace part::gde {

inline Weight saturated_sum(Weight a, Weight b) {
    Weight sum;
    // One add and a branch on its overflow flag: this runs for every merged edge of a level.
    if (!__builtin_add_overflow(a, b, &sum)) [[likely]]
        return sum;
    return b > 0 ? std::numeric_limits<Weight>::max() : std::numeric_limits<Weight>::min();
}

} // namespace part::gde
