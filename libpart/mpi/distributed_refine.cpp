#include "libpart/mpi/distributed_refine.hpp"

#include <algorithm>
#include <cmath>
#include <queue>

#include "libpart/gde/local_connectivity.hpp"
#include "libpart/mpi/rank_network.hpp"
#include "libpart/mpi/subdomain_view.hpp"

namespace part::mpi {

namespace {

// Cut gain of moving owned view vertex v from part `home` to part `to`.
WeightSum gain_of(const Graph& view, const std::vector<PartId>& part, VertexId v, PartId home,
                  PartId to) {
    WeightSum gain = 0;
    for (EdgeOffset e = view.xadj[v]; e < view.xadj[v + 1]; ++e) {
        const PartId p = part[view.adjncy[e]];
        if (p == to) gain += view.edge_weight(e);
        if (p == home) gain -= view.edge_weight(e);
    }
    return gain;
}

// Moves this rank's border vertices to part `to` while each lowers the cut, the best first
// (a heap with lazy re-evaluation), within `room` weight. Returns (moves, cut reduction).
std::pair<VertexId, WeightSum> move_to_partner(const Graph& view, std::vector<PartId>& part,
                                               VertexId owned, PartId home, PartId to,
                                               WeightSum room, WeightSum own_weight) {
    using Entry = std::pair<WeightSum, VertexId>; // gain, then lower id first via -v
    std::priority_queue<Entry> heap;
    auto consider = [&](VertexId v) {
        const WeightSum gain = gain_of(view, part, v, home, to);
        if (gain > 0) heap.push({gain, -v});
    };
    for (VertexId g = owned; g < view.num_vertices(); ++g)
        if (part[g] == to)
            for (VertexId v : view.neighbours(g)) consider(v);
    gde::LocalConnectivity connectivity(view);
    VertexId moves = 0;
    WeightSum reduction = 0;
    while (!heap.empty() && room > 0) {
        const auto [gain, negative] = heap.top();
        heap.pop();
        const VertexId v = -negative;
        if (part[v] != home || gain != gain_of(view, part, v, home, to)) continue; // stale
        const Weight w = view.vertex_weight(v);
        if (w > room || w >= own_weight || connectivity.would_disconnect(part, v)) continue;
        part[v] = to;
        room -= w;
        own_weight -= w;
        ++moves;
        reduction += gain;
        for (VertexId u : view.neighbours(v))
            if (u < owned && part[u] == home) consider(u);
    }
    return {moves, reduction};
}

} // namespace

BorderRefineStats refine_borders(MPI_Comm comm, DistributedGraph& graph,
                                 const std::vector<VertexId>& block_start,
                                 std::vector<int>& block_owner,
                                 std::span<std::vector<std::int32_t>* const> carried,
                                 PartId new_parts, const std::vector<double>& targets,
                                 double tolerance, int max_passes) {
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    constexpr int kTag = 14;
    const Partition shape{new_parts, {}, targets};
    WeightSum load = owned_load(graph), total = 0;
    MPI_Allreduce(&load, &total, 1, MPI_INT64_T, MPI_SUM, comm);
    BorderRefineStats stats;
    long long moves = 0, reduction = 0;
    for (int pass = 0; pass < max_passes; ++pass) {
        ++stats.passes;
        GhostLayer ghosts = ghost_layer(comm, graph, block_start, block_owner);
        const std::vector<int> neighbours = neighbour_ranks(ghosts);
        const RankColouring colouring =
            colour_rank_links(comm, neighbours, border_weights(graph, ghosts, neighbours));
        // Built once per pass and after each migration, on every rank at once.
        const bool may_move = rank < new_parts && !neighbours.empty();
        Graph view = may_move ? local_view(graph, ghosts) : Graph{};
        long long pass_moves = 0;
        for (int colour = 0; colour < colouring.num_colours; ++colour)
            for (int lower_moves = 1; lower_moves >= 0; --lower_moves) {
                const auto link =
                    std::find(colouring.colour.begin(), colouring.colour.end(), colour);
                const int partner = link == colouring.colour.end()
                                        ? -1
                                        : neighbours[std::size_t(link - colouring.colour.begin())];
                WeightSum partner_load = 0;
                if (partner >= 0)
                    MPI_Sendrecv(&load, 1, MPI_INT64_T, partner, kTag, &partner_load, 1,
                                 MPI_INT64_T, partner, kTag, comm, MPI_STATUS_IGNORE);
                std::vector<PartId> part = view_parts(graph.num_owned(), rank, ghosts);
                long long moved_here = 0;
                if (partner >= 0 && (rank < partner) == bool(lower_moves) && may_move) {
                    const auto limit = WeightSum(
                        std::floor(shape.target(partner) * double(total) * (1 + tolerance)));
                    const auto [count, gained] = move_to_partner(
                        view, part, graph.num_owned(), rank, partner, limit - partner_load, load);
                    moved_here = count;
                    reduction += gained;
                }
                long long moved_now = 0;
                MPI_Allreduce(&moved_here, &moved_now, 1, MPI_LONG_LONG, MPI_SUM, comm);
                if (moved_now == 0) continue;
                pass_moves += moved_now;
                move_to_parts(comm, graph, part, block_start, block_owner, carried);
                load = owned_load(graph);
                ghosts = ghost_layer(comm, graph, block_start, block_owner);
                if (may_move) view = local_view(graph, ghosts);
            }
        moves += pass_moves;
        if (pass_moves == 0) break;
    }
    long long reduction_total = 0;
    MPI_Allreduce(&reduction, &reduction_total, 1, MPI_LONG_LONG, MPI_SUM, comm);
    stats.moves = VertexId(moves);
    stats.cut_reduction = reduction_total;
    return stats;
}

} // namespace part::mpi
