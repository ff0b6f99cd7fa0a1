#include "libpart/mpi/interval_controller.hpp"

#include <algorithm>

#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/distributed_plan.hpp"
#include "libpart/mpi/exchange.hpp"
#include "libpart/repart/host_ranks.hpp"
#include "libpart/repart/interval_repart.hpp"

namespace part::mpi {

namespace {

// One vertex of the line profile as sent to the controller.
struct ProfileEntry {
    VertexId position;
    Weight weight;
    Weight size;
    PartId old_part;
};

// The decision on the controller, from the gathered profile.
IntervalPlan decide(const std::vector<ProfileEntry>& entries, VertexId n, PartId old_parts,
                    const RepartRequest& request) {
    if (request.new_parts < 1 || (n > 0 && request.new_parts > n))
        throw InvalidArgument("the new part count " + std::to_string(request.new_parts) +
                              " must be between 1 and the graph's " + std::to_string(n) +
                              " vertices");
    if (!request.targets.empty() && request.targets.size() != std::size_t(request.new_parts))
        throw InvalidArgument("there are " + std::to_string(request.targets.size()) +
                              " targets for " + std::to_string(request.new_parts) + " new parts");
    std::vector<Weight> weight(static_cast<std::size_t>(n)), size(static_cast<std::size_t>(n));
    std::vector<PartId> part(std::size_t(n), -1);
    for (const ProfileEntry& e : entries) {
        if (e.position < 0 || e.position >= n || part[e.position] >= 0)
            throw InvalidArgument("position " + std::to_string(e.position) +
                                  " on the line is given to two vertices: the ordering is not a "
                                  "permutation");
        weight[e.position] = e.weight;
        size[e.position] = e.size;
        part[e.position] = e.old_part;
    }
    const LineLayout line = make_line_layout(weight, size, part, old_parts);
    std::vector<WeightSum> old_size(std::size_t(old_parts), 0);
    for (const ProfileEntry& e : entries) old_size[e.old_part] += e.size;
    IntervalPlan plan;
    plan.new_part_rank = ranks_keeping_most_data(old_size, request.new_parts);
    const Partition shares{request.new_parts, {}, request.targets};
    std::vector<double> fractions(std::size_t(request.new_parts));
    for (PartId q = 0; q < request.new_parts; ++q) fractions[q] = shares.target(q);
    IntervalDecision decision = decide_intervals(line, fractions, plan.new_part_rank, request);
    plan.arrangement = std::move(decision.arrangement);
    plan.bounds = std::move(decision.bounds);
    plan.details = std::move(decision.details);
    return plan;
}

// The traffic of the candidate's plan from every rank's entries (on root), exactly as
// plan_traffic on the whole plan.
PlanTraffic candidate_traffic(std::vector<MessageEntry> entries, const RemapParts& parts) {
    MigrationPlan outline;
    outline.old_parts = parts.old_parts;
    outline.new_parts = parts.new_shape.num_parts;
    outline.new_part_rank = parts.new_part_rank;
    const std::vector<WeightSum> sizes = add_messages(std::move(entries), outline);
    return message_traffic(outline, sizes);
}

} // namespace

PartId IntervalPlan::part_at(VertexId position) const {
    const auto j = std::upper_bound(bounds.begin(), bounds.end(), position) - bounds.begin() - 1;
    return arrangement[std::size_t(j)];
}

IntervalPlan controller_interval(MPI_Comm comm, const DistributedGraph& graph,
                                 std::span<const PartId> old_part, PartId old_parts,
                                 std::span<const VertexId> position, const RepartRequest& request,
                                 int root) {
    const int rank = rank_of(comm);
    std::vector<ProfileEntry> mine(std::size_t(graph.num_owned()));
    for (VertexId v = 0; v < graph.num_owned(); ++v)
        mine[v] = {position.empty() ? graph.global_id[v] : position[v],
                   graph.local.vertex_weight(v), graph.local.vertex_size(v), old_part[v]};
    std::vector<ProfileEntry> entries = gather_pieces<ProfileEntry>(comm, mine, root);
    IntervalPlan plan = collectively(comm, [&] {
        return rank == root ? decide(entries, graph.global_vertices, old_parts, request)
                            : IntervalPlan{};
    });
    entries = {};
    broadcast(comm, plan.arrangement, root);
    broadcast(comm, plan.bounds, root);
    broadcast(comm, plan.new_part_rank, root);
    return plan;
}

ControllerVerdict controller_verdict(MPI_Comm comm, const DistributedGraph& graph,
                                     const RemapParts& parts, const CostModel& model,
                                     std::optional<double> horizon, int root) {
    const int rank = rank_of(comm);
    const RemapLoads loads = reduce_remap_loads(comm, graph, parts, Placement::ByOldPart, root);
    // Each vertex is on the rank of its old part: the would-be messages, per rank.
    const std::vector<MessageEntry> mine =
        message_entries(comm, graph, parts.old_part, parts.new_part, parts.new_part_rank);
    std::vector<MessageEntry> entries = gather_pieces<MessageEntry>(comm, mine, root);

    ControllerVerdict verdict;
    verdict.decision = collectively(comm, [&] {
        if (rank != root) return RemapDecision{};
        verdict.candidate =
            amortization(loads.old_loads, loads.new_loads, parts.new_shape, parts.new_part_rank,
                         candidate_traffic(std::move(entries), parts), model);
        return decide_remap(verdict.candidate, horizon, parts.old_parts, parts.new_shape.num_parts);
    });
    int decided[2] = {verdict.decision.remap, verdict.decision.forced};
    MPI_Bcast(decided, 2, MPI_INT, root, comm);
    verdict.decision.remap = decided[0] != 0;
    verdict.decision.forced = decided[1] != 0;
    verdict.decision.horizon = horizon;
    return verdict;
}

} // namespace part::mpi
