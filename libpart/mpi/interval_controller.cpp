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

} // namespace part::mpi
