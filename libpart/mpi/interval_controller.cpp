#include "libpart/mpi/interval_controller.hpp"

#include <algorithm>

#include "libpart/mpi/collective_errors.hpp"
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
    for (PartId p = 0; p < old_parts; ++p)
        for (VertexId k = line.part_start[p]; k < line.part_start[p + 1]; ++k)
            old_size[p] += line.size_prefix[line.part_positions[k] + 1] -
                           line.size_prefix[line.part_positions[k]];
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

template <typename T> void broadcast_vector(MPI_Comm comm, std::vector<T>& values, int root) {
    long long count = static_cast<long long>(values.size());
    MPI_Bcast(&count, 1, MPI_LONG_LONG, root, comm);
    values.resize(std::size_t(count));
    MPI_Bcast(values.data(), int(count * sizeof(T)), MPI_BYTE, root, comm);
}

// One would-be plan message as a rank sees it: the vertices it would send from `source` to
// `destination` and their size.
struct MoveEntry {
    PartId source = 0, destination = 0;
    VertexId count = 0;
    WeightSum size = 0;
};

// The traffic of the candidate's plan from every rank's entries (on root): the plan's outline
// (messages sorted by (source, destination), offsets from the counts) and message_traffic,
// exactly as plan_traffic on the whole plan.
PlanTraffic candidate_traffic(std::vector<MoveEntry> entries, PartId old_parts,
                              const RemapParts& parts) {
    std::sort(entries.begin(), entries.end(), [](const MoveEntry& a, const MoveEntry& b) {
        return std::pair(a.source, a.destination) < std::pair(b.source, b.destination);
    });
    MigrationPlan outline;
    outline.old_parts = old_parts;
    outline.new_parts = parts.new_shape.num_parts;
    outline.new_part_rank = parts.new_part_rank;
    std::vector<WeightSum> sizes;
    for (const MoveEntry& e : entries) {
        if (!outline.messages.empty() && outline.messages.back().source == e.source &&
            outline.messages.back().destination == e.destination) {
            outline.offsets.back() += e.count;
            sizes.back() += e.size;
            continue;
        }
        outline.messages.push_back({e.source, e.destination});
        outline.offsets.push_back(outline.offsets.back() + e.count);
        sizes.push_back(e.size);
    }
    return message_traffic(outline, sizes);
}

// The vertices of this rank that would change rank, counted and sized per (old part, new
// part); each vertex lies on the rank of its old part. Sorted on packed keys, no indirection.
std::vector<MoveEntry> would_be_moves(const DistributedGraph& graph, const RemapParts& parts) {
    std::vector<std::pair<std::uint64_t, Weight>> moving; // (old part, new part) packed, size
    for (VertexId v = 0; v < graph.num_owned(); ++v)
        if (parts.new_part_rank[parts.new_part[v]] != parts.old_part[v])
            moving.emplace_back(std::uint64_t(std::uint32_t(parts.old_part[v])) << 32 |
                                    std::uint32_t(parts.new_part[v]),
                                graph.local.vertex_size(v));
    std::sort(moving.begin(), moving.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<MoveEntry> moves;
    for (std::size_t i = 0; i < moving.size(); ++i) {
        if (i == 0 || moving[i].first != moving[i - 1].first)
            moves.push_back(
                {PartId(moving[i].first >> 32), PartId(moving[i].first & 0xffffffffu), 0, 0});
        ++moves.back().count;
        moves.back().size += moving[i].second;
    }
    return moves;
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
    int rank = 0, ranks = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &ranks);
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
    broadcast_vector(comm, plan.arrangement, root);
    broadcast_vector(comm, plan.bounds, root);
    broadcast_vector(comm, plan.new_part_rank, root);
    return plan;
}

ControllerVerdict controller_verdict(MPI_Comm comm, const DistributedGraph& graph,
                                     const RemapParts& parts, const CostModel& model,
                                     std::optional<double> horizon, int root) {
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    const RemapLoads loads = reduce_remap_loads(comm, graph, parts, Placement::ByOldPart, root);
    std::vector<MoveEntry> entries =
        gather_pieces<MoveEntry>(comm, would_be_moves(graph, parts), root);

    ControllerVerdict verdict;
    verdict.decision = collectively(comm, [&] {
        if (rank != root) return RemapDecision{};
        verdict.candidate =
            amortization(loads.old_loads, loads.new_loads, parts.new_shape, parts.new_part_rank,
                         candidate_traffic(std::move(entries), parts.old_parts, parts), model);
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
