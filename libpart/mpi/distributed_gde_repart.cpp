#include "libpart/mpi/distributed_gde_repart.hpp"

#include <algorithm>

#include "libpart/core/metrics.hpp"
#include "libpart/gde/workload_adjuster.hpp"
#include "libpart/mpi/distributed_gde.hpp"
#include "libpart/mpi/ghost_layer.hpp"
#include "libpart/mpi/rank_network.hpp"
#include "libpart/mpi/subdomain_view.hpp"
#include "libpart/repart/part_seeding.hpp"

namespace part::mpi {

namespace {

// Growth: each empty part, in id order, gets a ball of the part heaviest for its target, carved
// around that part's deepest vertex by the rank holding it (serial gde method's seeding; the
// choice is made identically on every rank from the global part weights).
int seed_empty_parts(MPI_Comm comm, DistributedGraph& graph,
                     const std::vector<VertexId>& block_start, const Partition& shape,
                     std::vector<int>& block_owner,
                     std::span<std::vector<std::int32_t>* const> carried) {
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    const PartId k = shape.num_parts;
    const std::vector<PartId> mine(std::size_t(graph.num_owned()), rank);
    std::vector<WeightSum> weights = global_part_weights(comm, graph, mine, k);
    if (std::find(weights.begin(), weights.end(), 0) == weights.end()) return 0;
    WeightSum total = 0;
    for (WeightSum w : weights) total += w;
    const GhostLayer ghosts = ghost_layer(comm, graph, block_start, block_owner);
    const Graph view = local_view(graph, ghosts);
    std::vector<PartId> part = view_parts(graph.num_owned(), rank, ghosts);
    int seeded = 0;
    for (PartId fresh = 0; fresh < k; ++fresh) {
        if (weights[fresh] != 0) continue;
        PartId heaviest = -1;
        for (PartId p = 0; p < k; ++p)
            if (weights[p] > 0 &&
                (heaviest < 0 || double(weights[p]) / shape.target(p) >
                                     double(weights[heaviest]) / shape.target(heaviest)))
                heaviest = p;
        if (heaviest < 0) break; // no weight anywhere
        WeightSum moved = 0;
        if (rank == heaviest)
            moved = carve_ball(view, part, heaviest, fresh, deepest_vertex(view, part, heaviest),
                               WeightSum(double(total) * shape.target(fresh)), weights[heaviest]);
        MPI_Bcast(&moved, 1, MPI_INT64_T, heaviest, comm);
        weights[heaviest] -= moved;
        weights[fresh] += moved;
        ++seeded;
    }
    move_to_parts(comm, graph, part, block_start, block_owner, carried);
    return seeded;
}

struct FlowServing {
    bool moved = false;         // this rank moved vertices
    bool short_of_flow = false; // by a vertex or more on some link
};

// Collective. Serves every rank's outflows in waves (see rebalance_with_gde); each wave is
// one migration and one ghost refresh. A rank is ready when every neighbour with an inflow
// for it has served; when no rank is ready but some still have to serve (cyclic flows), all
// of those serve at once. `ghosts` is the current ghost layer.
FlowServing serve_flows(MPI_Comm comm, DistributedGraph& graph,
                        const std::vector<VertexId>& block_start, std::vector<int>& block_owner,
                        std::span<std::vector<std::int32_t>* const> carried, GhostLayer ghosts,
                        const std::vector<int>& neighbours, const std::vector<WeightSum>& flow,
                        PartId new_parts, Weight heaviest) {
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    constexpr int kTag = 13;
    FlowServing serving;
    const std::size_t degree = neighbours.size();
    bool served = std::none_of(flow.begin(), flow.end(), [](WeightSum f) { return f > 0; });
    std::vector<int> heard(degree, 0); // neighbour has served
    std::vector<MPI_Request> requests(2 * degree);
    bool ghosts_current = true;
    for (;;) {
        bool waiting = false;
        for (std::size_t i = 0; i < degree; ++i) waiting = waiting || (flow[i] < 0 && !heard[i]);
        int status[2] = {!served, !served && !waiting}, any[2] = {0, 0};
        MPI_Allreduce(status, any, 2, MPI_INT, MPI_MAX, comm);
        if (!any[0]) break;
        const bool ready = !served && (!waiting || !any[1]);

        if (!ghosts_current) ghosts = ghost_layer(comm, graph, block_start, block_owner);
        ghosts_current = true;
        std::vector<PartId> part = view_parts(graph.num_owned(), rank, ghosts);
        if (ready && rank < new_parts && graph.num_owned() > 0) {
            const Graph view = local_view(graph, ghosts);
            const Graph quotient = quotient_graph(view, part, new_parts);
            std::vector<WeightSum> outflow(quotient.adjncy.size(), 0);
            WeightSum bordered = 0, total = 0;
            for (WeightSum f : flow) total += std::max<WeightSum>(f, 0);
            for (EdgeOffset e = quotient.xadj[rank]; e < quotient.xadj[rank + 1]; ++e) {
                const auto at =
                    std::lower_bound(neighbours.begin(), neighbours.end(), quotient.adjncy[e]);
                if (at == neighbours.end() || *at != quotient.adjncy[e]) continue;
                outflow[e] = flow[std::size_t(at - neighbours.begin())];
                bordered += std::max<WeightSum>(outflow[e], 0);
            }
            // A neighbour no longer bordering cannot be served this round.
            serving.short_of_flow = serving.short_of_flow || total - bordered >= heaviest;
            const std::vector<gde::Transfer> transfers =
                gde::adjust_workload(view, part, new_parts, quotient, outflow, {rank});
            for (const gde::Transfer& t : transfers) {
                serving.moved = serving.moved || t.moved_vertices > 0;
                serving.short_of_flow =
                    serving.short_of_flow || t.requested - t.moved_weight >= heaviest;
            }
        }
        served = served || ready;
        move_to_parts(comm, graph, part, block_start, block_owner, carried);
        ghosts_current = false;
        // Tell the neighbours of this round's rank graph whether this rank has served.
        const int mine = served;
        for (std::size_t i = 0; i < degree; ++i) {
            MPI_Irecv(&heard[i], 1, MPI_INT, neighbours[i], kTag, comm, &requests[2 * i]);
            MPI_Isend(&mine, 1, MPI_INT, neighbours[i], kTag, comm, &requests[2 * i + 1]);
        }
        MPI_Waitall(int(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
    }
    return serving;
}

} // namespace

DistributedGdeStats rebalance_with_gde(MPI_Comm comm, DistributedGraph& graph,
                                       const std::vector<VertexId>& block_start, PartId new_parts,
                                       const std::vector<double>& targets,
                                       std::vector<int>& block_owner,
                                       std::span<std::vector<std::int32_t>* const> carried,
                                       int max_rounds) {
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    const Partition shape{new_parts, {}, targets};
    DistributedGdeStats stats;
    block_owner = block_owners(comm, graph, block_start);
    stats.seeded_parts = seed_empty_parts(comm, graph, block_start, shape, block_owner, carried);

    Weight heaviest_local = 1, heaviest = 1;
    for (VertexId v = 0; v < graph.num_owned(); ++v)
        heaviest_local = std::max(heaviest_local, graph.local.vertex_weight(v));
    MPI_Allreduce(&heaviest_local, &heaviest, 1, MPI_INT32_T, MPI_MAX, comm);
    const double capacity = targets.empty() || rank >= new_parts ? 1.0 : targets[rank];
    for (int round = 0; round < max_rounds; ++round) {
        // Decision maker over the rank graph (3.1-3.2): flows to each neighbour rank.
        GhostLayer ghosts = ghost_layer(comm, graph, block_start, block_owner);
        const std::vector<int> neighbours = neighbour_ranks(ghosts);
        // Longer borders first: they can carry the larger flows without long thin transfers.
        const RankColouring colouring =
            colour_rank_links(comm, neighbours, border_weights(graph, ghosts, neighbours));
        const DistributedGdeResult flows =
            run_distributed_gde(comm, owned_load(graph), capacity, neighbours, colouring, 0.5);
        int sweeps = 0;
        MPI_Allreduce(&flows.sweeps, &sweeps, 1, MPI_INT, MPI_MAX, comm);
        stats.sweeps += sweeps;
        ++stats.rounds;

        // Workload adjuster (3.2, 6.2), in waves: a rank serves its outflows once every
        // neighbour that owes it load has served (the serial adjuster's DAG order, reached by
        // local messages), so that it forwards load it has received.
        const FlowServing serving =
            serve_flows(comm, graph, block_start, block_owner, carried, std::move(ghosts),
                        neighbours, flows.flow, new_parts, heaviest);
        const int moved = serving.moved, short_of_flow = serving.short_of_flow;
        int flags[2] = {moved, short_of_flow}, any[2] = {0, 0};
        MPI_Allreduce(flags, any, 2, MPI_INT, MPI_MAX, comm);
        if (!any[0] || !any[1]) break;
    }
    return stats;
}

} // namespace part::mpi
