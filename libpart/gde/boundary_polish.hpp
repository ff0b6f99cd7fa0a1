#pragma once
// A local cut-improvement pass after the workload adjuster, in the style of Fiduccia-
// Mattheyses: boundary vertices in a gain-ordered heap, each moved at most once per pass,
// gains updated as neighbours move, moves with negative gain allowed so that the pass can
// climb out of a local minimum, and the moves after the best cut seen undone at the end.
#include <vector>

#include "libpart/core/partition.hpp"

namespace part::gde {

struct PolishResult {
    VertexId moves = 0;
    WeightSum cut_reduction = 0;
    int passes = 0;
};

// Moves boundary vertices to the neighbouring part with the best edge-weighted cut gain, if
// the receiver stays within (1 + tolerance) x its target weight (constraint 0) and the
// sender keeps at least one vertex and stays locally connected. A pass stops after a run of
// moves without a new best cut (64 to 1024, growing with the graph) and keeps the best
// prefix; passes repeat until one gains nothing or `max_passes`. Deterministic;
// O(edges) once, then O(boundary x degree x log n) per pass.
PolishResult polish_boundary(const Graph& graph, Partition& partition, double tolerance,
                             int max_passes = 8);

} // namespace part::gde
