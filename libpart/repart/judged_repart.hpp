#pragma once
// A serial repartitioning judged before it is used, as the controller judges a distributed one
// (libpart/mpi/interval_controller): the candidate partition from a repartitioning method, its
// migration plan and traffic, the cost model's amortization of it and, with a horizon, the
// decision whether to remap (Kaddoura & Ranka 1995, 3.5). Deciding not to remap gives the kept
// partition (kept_partition), whose plan moves nothing.
#include <optional>

#include "libpart/plan/migration_plan.hpp"
#include "libpart/plan/plan_traffic.hpp"
#include "libpart/repart/amortization.hpp"
#include "libpart/repart/repart_method.hpp"

namespace part {

struct JudgedRepart {
    RepartResult result; // the candidate's, or the kept partition when not remapping
    MigrationPlan plan;  // diff(old partition, result.partition, result.new_part_rank)
    PlanTraffic traffic; // of `plan`, with the graph's vertex sizes
    Amortization candidate;
    RemapDecision decision;
    double decision_seconds = 0; // wall time of judging: the candidate's loads, model, decision
};

// Runs `method` on (graph, old_partition, request), then amortization on the candidate with
// `model` and decide_remap with `horizon` (none: remap unconditionally). Throws what the
// method throws (InvalidArgument for a bad request).
JudgedRepart judged_repartition(const Graph& graph, const Partition& old_partition,
                                const RepartRequest& request, const RepartFunction& method,
                                const CostModel& model, std::optional<double> horizon);

} // namespace part
