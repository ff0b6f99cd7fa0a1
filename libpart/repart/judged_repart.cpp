#include "libpart/repart/judged_repart.hpp"

#include <chrono>

namespace part {

namespace {

// The plan that carries old_partition to `result`, and its traffic.
void plan_migration(JudgedRepart& judged, const Graph& graph, const Partition& old_partition) {
    judged.plan = diff(old_partition, judged.result.partition, judged.result.new_part_rank);
    judged.traffic = plan_traffic(judged.plan, graph.vsize);
}

// Ranks leave: compares the candidate with not adapting (the old parts kept, the leaving ones
// folded whole onto the staying ranks) over the horizon, and takes the fold when it costs less.
void weigh_folding(JudgedRepart& judged, const Graph& graph, const Partition& old_partition,
                   const CostModel& model, double horizon) {
    const Partition& shape = judged.result.partition;
    const std::vector<PartId> fold = fold_onto_staying_ranks(
        part_loads(graph, old_partition.part, old_partition.num_parts).weight, shape,
        judged.result.new_part_rank);
    Partition folded{shape.num_parts, std::vector<PartId>(old_partition.part.size()),
                     shape.targets};
    for (std::size_t v = 0; v < folded.part.size(); ++v)
        folded.part[v] = fold[std::size_t(old_partition.part[v])];
    const MigrationPlan plan = diff(old_partition, folded, judged.result.new_part_rank);
    const PlanTraffic traffic = plan_traffic(plan, graph.vsize);
    const Amortization a =
        amortization(graph, old_partition, folded, judged.result.new_part_rank, traffic, model);
    RemapDecision& d = judged.decision;
    d.fold_cost = a.remap + horizon * a.new_step;
    d.remap_cost = judged.candidate.remap + horizon * judged.candidate.new_step;
    d.fold = *d.fold_cost < *d.remap_cost;
    if (!d.fold) return;
    judged.result.partition = std::move(folded);
    judged.plan = plan;
    judged.traffic = traffic;
}

} // namespace

JudgedRepart judged_repartition(const Graph& graph, const Partition& old_partition,
                                const RepartRequest& request, const RepartFunction& method,
                                const CostModel& model, std::optional<double> horizon) {
    JudgedRepart judged;
    judged.result = method(graph, old_partition, request);
    plan_migration(judged, graph, old_partition);
    const auto start = std::chrono::steady_clock::now();
    judged.candidate = amortization(graph, old_partition, judged.result.partition,
                                    judged.result.new_part_rank, judged.traffic, model);
    judged.decision =
        decide_remap(judged.candidate, horizon, old_partition.num_parts, request.new_parts);
    if (horizon && request.new_parts < old_partition.num_parts)
        weigh_folding(judged, graph, old_partition, model, *horizon);
    if (!judged.decision.remap) {
        judged.result.partition = kept_partition(old_partition, request.new_parts, request.targets);
        judged.result.new_part_rank = identity_ranks(request.new_parts);
        plan_migration(judged, graph, old_partition);
    }
    judged.decision_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return judged;
}

} // namespace part
