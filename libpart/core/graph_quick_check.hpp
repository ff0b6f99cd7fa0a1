#pragma once
// A yes/no validity check fast enough to run on every graph read. validate() runs it first and
// falls back to its precise checks, which name the problem, only when it says no.
#include <cstdint>

#include "libpart/core/graph.hpp"

namespace part {

// True when every id is in range, no vertex lists itself or a neighbour twice, every edge is
// listed by both ends with equal weights, and no weight is negative. Offsets and attribute
// sizes must have been checked. O(n + m) time, O(m) scratch.
bool passes_quick_check(const Graph& graph);

} // namespace part
