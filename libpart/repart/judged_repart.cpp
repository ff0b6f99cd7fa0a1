#include "libpart/repart/judged_repart.hpp"

#include <chrono>

namespace part {

namespace {

// The plan that carries old_partition to `result`, and its traffic.
void plan_migration(JudgedRepart& judged, const Graph& graph, const Partition& old_partition) {
    judged.plan = diff(old_partition, judged.result.partition, judged.result.new_part_rank);
    judged.traffic = plan_traffic(judged.plan, graph.vsize);
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
