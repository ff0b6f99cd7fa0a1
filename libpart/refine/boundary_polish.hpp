#pragma once
// A local cut-improvement pass after the workload adjuster, in the style of Fiduccia-
// Mattheyses: boundary vertices in gain buckets, each moved at most once per pass,
// gains updated as neighbours move, moves with negative gain allowed so that the pass can
// climb out of a local minimum, and the moves after the best cut seen undone at the end.
#include <vector>

#include "libpart/core/partition.hpp"

namespace part::refine {

struct PolishResult {
    VertexId moves = 0;
    WeightSum cut_reduction = 0;
    int passes = 0;
};

// The most each part may weigh (constraint 0): (1 + tolerance) x its target share of the total.
std::vector<WeightSum> part_weight_limits(const Graph& graph, const Partition& partition,
                                          double tolerance);
// The same for a `total` weight given (e.g. summed over the ranks of a distributed graph).
std::vector<WeightSum> part_weight_limits(const Partition& partition, WeightSum total,
                                          double tolerance);

struct PolishOptions {
    int max_passes = 8;
    const std::vector<char>* fixed = nullptr; // vertices marked here never move
    // With `origin` (a part per vertex, e.g. the partition before a repartitioning), a move's
    // gain also counts `migration_cost` x the vertex's size (in cut edge weight; a fraction is
    // rounded to 1/64): minus when it takes the vertex away from its origin part, plus when it
    // brings it back, so that the pass lowers cut + migration_cost x migrated size (the
    // objective of adaptive repartitioners) rather than the cut alone.
    const std::vector<PartId>* origin = nullptr;
    double migration_cost = 0;
    // The most each part may weigh, when given: it replaces (1 + tolerance) x the target (a
    // rank refining its share of a distributed graph holds a share of each part's room).
    const std::vector<WeightSum>* limits = nullptr;
};

// Moves boundary vertices to the neighbouring part with the best edge-weighted cut gain, if
// the receiver stays within (1 + tolerance) x its target weight (constraint 0) and the
// sender keeps at least one vertex and stays locally connected. A pass stops after a run of
// moves without a new best cut (64 to 1024, growing with the graph) and keeps the best
// prefix; passes repeat until one gains nothing or `max_passes`. Deterministic;
// O(edges) once, then O(boundary x degree) per pass.
PolishResult polish_boundary(const Graph& graph, Partition& partition, double tolerance,
                             const PolishOptions& options = {});

} // namespace part::refine
