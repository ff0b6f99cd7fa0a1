#include "libpart/mpi/distributed_repart.hpp"

#include <algorithm>
#include <numeric>
#include <optional>

#include "libpart/mpi/distributed_adaptive.hpp"
#include "libpart/mpi/distributed_amortization.hpp"
#include "libpart/mpi/distributed_gde_repart.hpp"
#include "libpart/mpi/distributed_refine.hpp"
#include "libpart/mpi/exchange.hpp"
#include "libpart/mpi/interval_controller.hpp"
#include "libpart/mpi/rank_share.hpp"
#include "libpart/mpi/subdomain_view.hpp"
#include "libpart/mpi/vertex_directory.hpp"
#include "libpart/repart/host_ranks.hpp"

namespace part::mpi {

namespace {

// The figures and the plan once every owned vertex knows its new part (`new_part`) and lies on
// that part's rank, and every rank knows the new part of its block. Collective.
void finish(MPI_Comm comm, const DistributedInput& input, std::span<const PartId> new_part,
            const RepartRequest& request, DistributedRepartResult& result,
            std::optional<WeightSum> known_cut = {}) {
    result.part_weights = global_part_weights(comm, input.graph, new_part, request.new_parts);
    result.edge_cut = known_cut ? *known_cut
                                : distributed_edge_cut(comm, input.graph, new_part,
                                                       input.block_start, result.block_new_part);
    const Partition shape{request.new_parts, {}, request.targets};
    const WeightSum total =
        std::accumulate(result.part_weights.begin(), result.part_weights.end(), WeightSum(0));
    result.imbalance = 0;
    for (PartId q = 0; q < request.new_parts; ++q)
        result.imbalance = std::max(result.imbalance, double(result.part_weights[q]) /
                                                          (shape.target(q) * double(total)));

    result.plan = distributed_plan(comm, input.graph, input.old_part, new_part, input.old_parts,
                                   request.new_parts, result.new_part_rank, input.block_old_part,
                                   result.block_new_part);
}

// finish(), then the result's amortization after the fact (for the methods that do not ask a
// controller before data moves).
void finish_with_amortization(MPI_Comm comm, const DistributedInput& input,
                              std::span<const PartId> new_part, const RepartRequest& request,
                              const CostModel& model, DistributedRepartResult& result,
                              std::optional<WeightSum> known_cut = {}) {
    {
        const StageClock clock("figures and plan");
        finish(comm, input, new_part, request, result, known_cut);
    }
    const Partition shape{request.new_parts, {}, request.targets};
    result.candidate =
        remap_amortization(comm, input.graph,
                           {input.old_part, new_part, input.block_old_part, result.block_new_part,
                            input.block_start, input.old_parts, shape, result.new_part_rank},
                           result.plan.traffic, model);
}

// Collective. Within a tolerance, the borders are reshaped for cut + migration as the serial
// gde method finishes (band refinement and polish on each rank's share, with the lower end of
// the edges between ranks free, then the higher), and islands join a neighbouring part.
// `origin`: each owned vertex's old part.
void reshape_for_migration(LabelledGraph& labelled, const std::vector<PartId>& origin,
                           const RepartRequest& request) {
    const StageClock clock("reshaping");
    const RankShare share = rank_share(labelled.comm, labelled.graph, origin, labelled.ghosts());
    std::vector<PartId> part = share.to_view<PartId>(labelled.label);
    for (MovingEnd moving : {MovingEnd::Lower, MovingEnd::Higher})
        reshape_borders_here(labelled.comm, share, request, moving, part);
    absorb_islands(labelled.comm, share, request, part);
    labelled.move_to(share.to_local<PartId>(part));
}

} // namespace

DistributedRepartResult distributed_interval(MPI_Comm comm, DistributedInput& input,
                                             const RepartRequest& request,
                                             const ControllerOptions& options, int root) {
    const int rank = rank_of(comm), ranks = size_of(comm);
    const IntervalPlan plan = controller_interval(comm, input.graph, input.old_part,
                                                  input.old_parts, input.position, request, root);
    DistributedRepartResult result;
    result.new_part_rank = plan.new_part_rank;
    result.details = plan.details;
    // The partition file in file order: each rank knows the block it read.
    result.block_new_part.resize(input.block_old_part.size());
    for (std::size_t i = 0; i < result.block_new_part.size(); ++i)
        result.block_new_part[i] =
            plan.part_at(input.block_position.empty() ? input.block_start[rank] + VertexId(i)
                                                      : input.block_position[i]);
    std::vector<PartId> new_part(input.old_part.size());
    for (std::size_t v = 0; v < new_part.size(); ++v)
        new_part[v] =
            plan.part_at(input.position.empty() ? input.graph.global_id[v] : input.position[v]);
    const Partition new_shape{request.new_parts, {}, request.targets};
    const double start = MPI_Wtime();
    const ControllerVerdict verdict =
        controller_verdict(comm, input.graph,
                           {input.old_part, new_part, input.block_old_part, result.block_new_part,
                            input.block_start, input.old_parts, new_shape, result.new_part_rank},
                           options.model, options.horizon, root);
    result.decision_seconds = MPI_Wtime() - start;
    if (rank == root) result.candidate = verdict.candidate;
    result.decision = verdict.decision;
    if (!verdict.decision.remap) { // kept_partition: nothing moves
        new_part = input.old_part;
        result.block_new_part = input.block_old_part;
        result.new_part_rank = identity_ranks(request.new_parts);
    }
    // Data moves directly from the old part's rank to the new part's rank.
    std::vector<int> destination(new_part.size());
    for (std::size_t v = 0; v < new_part.size(); ++v)
        destination[v] = owner_of_part(result.new_part_rank[new_part[v]], ranks);
    std::vector<std::int32_t>* carried[] = {&input.old_part, &new_part};
    migrate(comm, input.graph, destination, carried);
    finish(comm, input, new_part, request, result);
    return result;
}

DistributedRepartResult distributed_gde(MPI_Comm comm, DistributedInput& input,
                                        const RepartRequest& request, const CostModel& model) {
    const PartId k = input.old_parts, k2 = request.new_parts;
    // Processors: old part x is processor x. Growing or keeping the count, new part q is
    // processor q; shrinking, the K2 old parts holding the most data stay (as the serial
    // methods choose them) and the others retire with capacity 0.
    std::vector<WeightSum> local_size(std::size_t(k), 0), old_size(std::size_t(k), 0);
    for (VertexId v = 0; v < input.graph.num_owned(); ++v)
        local_size[input.old_part[v]] += input.graph.local.vertex_size(v);
    MPI_Allreduce(local_size.data(), old_size.data(), k, MPI_INT64_T, MPI_SUM, comm);
    DistributedRepartResult result;
    result.new_part_rank = ranks_keeping_most_data(old_size, k2);
    const Partition shape{k2, {}, request.targets};
    std::vector<double> capacity(std::size_t(std::max(k, k2)), 0.0);
    std::vector<PartId> part_of(capacity.size(), -1); // new part of each processor
    for (PartId q = 0; q < k2; ++q) {
        capacity[result.new_part_rank[q]] = shape.target(q);
        part_of[result.new_part_rank[q]] = q;
    }
    std::vector<PartId> label(input.old_part), block_label(input.block_old_part);
    std::vector<std::int32_t>* carried[] = {&input.old_part};
    LabelledGraph labelled{comm, input.graph, input.block_start, label, block_label, carried};
    const DistributedGdeStats stats = [&] {
        const StageClock clock("gde rebalancing");
        return rebalance_with_gde(labelled, capacity, request.tolerance);
    }();
    // Parallel refinement rounds after the migration, within the same tolerance as the serial
    // method's polish.
    const BorderRefineStats refined =
        refine_borders(labelled, capacity, request.tolerance > 0 ? request.tolerance : 0.03);
    bool reshaped = request.tolerance > 0 && k2 == k;
    for (PartId p = 0; p < k2; ++p) reshaped = reshaped && part_of[p] == p;
    if (reshaped) reshape_for_migration(labelled, input.old_part, request);
    long long moved = 0;
    std::vector<PartId> new_part(label.size());
    for (std::size_t v = 0; v < label.size(); ++v) {
        new_part[v] = part_of[label[v]];
        moved += label[v] != input.old_part[v];
    }
    result.block_new_part.resize(block_label.size());
    for (std::size_t i = 0; i < block_label.size(); ++i)
        result.block_new_part[i] = part_of[block_label[i]];
    result.details = {{"gde_rounds", double(stats.rounds)},
                      {"gde_sweeps", double(stats.sweeps)},
                      {"seeded_parts", double(stats.seeded_parts)},
                      {"evacuated_vertices", double(stats.evacuated)},
                      {"transit_shortcut", double(stats.transit_shortcut)},
                      {"refine_moves", double(refined.moves)},
                      {"refine_cut_reduction", double(refined.cut_reduction)},
                      {"vertices_moved", double(sum_over_ranks(comm, moved))}};
    // The cut the refinement measured, unless the reshaping changed it.
    finish_with_amortization(comm, input, new_part, request, model, result,
                             reshaped ? std::nullopt : std::optional(refined.edge_cut));
    return result;
}

DistributedRepartResult distributed_adaptive(MPI_Comm comm, DistributedInput& input,
                                             const RepartRequest& request, const CostModel& model) {
    DistributedRepartResult result;
    result.new_part_rank = identity_ranks(request.new_parts);
    AdaptiveOutcome outcome = adaptive_new_parts(comm, input, request);
    result.details = std::move(outcome.details);
    // Each vertex goes to its new part's rank, and the directory of the blocks learns its part.
    std::vector<PartId> new_part(input.old_part);
    result.block_new_part = input.block_old_part;
    std::vector<std::int32_t>* carried[] = {&input.old_part};
    LabelledGraph{comm, input.graph, input.block_start, new_part, result.block_new_part, carried}
        .move_to(outcome.new_part);
    finish_with_amortization(comm, input, new_part, request, model, result);
    return result;
}

std::pair<long long, long long> reduce_bytes_sent(MPI_Comm comm, int root) {
    long long sent = bytes_sent(), total = 0, most = 0;
    MPI_Reduce(&sent, &total, 1, MPI_LONG_LONG, MPI_SUM, root, comm);
    MPI_Reduce(&sent, &most, 1, MPI_LONG_LONG, MPI_MAX, root, comm);
    return {total, most};
}

} // namespace part::mpi
