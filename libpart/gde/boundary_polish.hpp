#pragma once
// A local cut-improvement pass after the workload adjuster, in the style of Fiduccia-
// Mattheyses: boundary vertices in a gain-ordered heap, each moved at most once per pass,
// gains updated as neighbours move. Unlike full FM it makes only cut-reducing moves (no
// hill-climbing with rollback), so every pass lowers the cut or stops.
#include <vector>

#include "libpart/core/partition.hpp"

namespace part::gde {

struct PolishResult {
    VertexId moves = 0;
    WeightSum cut_reduction = 0;
    int passes = 0;
};

// Moves a boundary vertex to the neighbouring part that lowers the edge-weighted cut most,
// if the receiver stays within (1 + tolerance) x its target weight (constraint 0), the
// sender keeps at least one vertex and stays locally connected. Stops after a pass without
// moves or after `max_passes`. Deterministic; O(boundary x degree x log n) per pass.
PolishResult polish_boundary(const Graph& graph, Partition& partition, double tolerance,
                             int max_passes = 8);

} // namespace part::gde
