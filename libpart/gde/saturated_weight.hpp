#pragma once
// Edge weights summed into one stored 32-bit weight (parallel edges merged by a coarsening,
// a band vertex's edges to one anchor): saturated, as the quotient graph's, since a sum that
// wrapped to a negative weight would turn the FM gains upside down.
#include <algorithm>
#include <limits>

#include "libpart/core/graph.hpp"

namespace part::gde {

inline Weight saturated_sum(Weight a, Weight b) {
    return Weight(std::clamp<WeightSum>(WeightSum(a) + b, std::numeric_limits<Weight>::min(),
                                        std::numeric_limits<Weight>::max()));
}

} // namespace part::gde
