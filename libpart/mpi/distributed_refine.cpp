#include "libpart/mpi/distributed_refine.hpp"

#include <cmath>
#include <numeric>
#include <queue>

#include "libpart/mpi/exchange.hpp"
#include "libpart/mpi/ghost_layer.hpp"
#include "libpart/mpi/rank_network.hpp"
#include "libpart/mpi/subdomain_view.hpp"
#include "libpart/refine/local_connectivity.hpp"

namespace part::mpi {

namespace {

// Passes at most: each step with moves is a migration, and later passes move little.
constexpr int kMaxPasses = 3;

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

// Moves this processor's border vertices to part `to`, best gain first (a heap with lazy
// re-evaluation), while a move lowers the cut, within `room` weight. Each vertex moves at most
// once (it cannot come back: only this side moves). Returns (moves, cut reduction).
std::pair<VertexId, WeightSum> move_to_partner(const Graph& view, std::vector<PartId>& part,
                                               VertexId owned, PartId home, PartId to,
                                               WeightSum room, WeightSum own_weight) {
    using Entry = std::pair<WeightSum, VertexId>; // gain, then lower id first via -v
    std::priority_queue<Entry> heap;
    auto consider = [&](VertexId v) { heap.push({gain_of(view, part, v, home, to), -v}); };
    for (VertexId g = owned; g < view.num_vertices(); ++g)
        if (part[g] == to)
            for (VertexId v : view.neighbours(g)) consider(v);
    refine::LocalConnectivity connectivity(view);
    VertexId moves = 0;
    WeightSum reduction = 0;
    while (!heap.empty() && room > 0) {
        const auto [gain, negative] = heap.top();
        heap.pop();
        const VertexId v = -negative;
        if (part[v] != home || gain != gain_of(view, part, v, home, to)) continue; // stale
        const Weight w = view.vertex_weight(v);
        if (w > room || w >= own_weight || connectivity.would_disconnect(part, v)) continue;
        if (gain <= 0) break;
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

BorderRefineStats refine_borders(LabelledGraph& labelled, const std::vector<double>& capacity,
                                 double tolerance) {
    const StageClock clock("border refinement");
    const MPI_Comm comm = labelled.comm;
    const DistributedGraph& graph = labelled.graph;
    const std::vector<PartId>& label = labelled.label;
    const auto k = PartId(capacity.size());
    const std::vector<PartId> hosted = hosted_processors(comm, k);
    const double shares = std::accumulate(capacity.begin(), capacity.end(), 0.0);
    std::vector<WeightSum> load = processor_loads(graph, label, hosted);
    const WeightSum mine = std::accumulate(load.begin(), load.end(), WeightSum(0));
    const WeightSum total = sum_over_ranks(comm, mine);
    BorderRefineStats stats;
    long long moves = 0, reduction = 0;
    GhostLayer ghosts;
    for (int pass = 0; pass < kMaxPasses; ++pass) {
        ghosts = labelled.ghosts();
        const ProcessorLinks links = processor_links(graph, label, ghosts, hosted);
        LinkExchange exchange(comm, links);
        const LinkColouring colouring = colour_links(comm, links, exchange);
        // Built once per pass and after each migration.
        auto build_views = [&] {
            std::vector<ProcessorView> views(hosted.size());
            for (std::size_t i = 0; i < hosted.size(); ++i)
                if (capacity[hosted[i]] > 0 && links.first[i + 1] > links.first[i])
                    views[i] = processor_view(graph, label, ghosts, hosted[i]);
            return views;
        };
        std::vector<ProcessorView> views = build_views();
        long long pass_moves = 0;
        std::vector<char> active(links.size());
        std::vector<WeightSum> out(links.size());
        for (int colour = 0; colour < colouring.num_colours; ++colour)
            for (int lower_moves = 1; lower_moves >= 0; --lower_moves) {
                for (std::size_t l = 0; l < links.size(); ++l) {
                    active[l] = colouring.colour[l] == colour;
                    out[l] = load[links.owner[l]];
                }
                const std::vector<WeightSum> partner_load = exchange.swap<WeightSum>(out, active);
                std::vector<PartId> next_label(label);
                long long moved_here = 0;
                for (std::size_t l = 0; l < links.size(); ++l) {
                    const std::size_t i = links.owner[l];
                    const PartId p = hosted[i], partner = links.neighbour[l];
                    if (!active[l] || (p < partner) != bool(lower_moves) || views[i].members() == 0)
                        continue;
                    const auto limit = WeightSum(
                        std::floor(capacity[partner] / shares * double(total) * (1 + tolerance)));
                    std::vector<PartId> part = views[i].label;
                    const auto [count, gained] =
                        move_to_partner(views[i].graph, part, views[i].members(), p, partner,
                                        limit - partner_load[l], load[i]);
                    moved_here += count;
                    reduction += gained;
                    for (VertexId j = 0; j < views[i].members(); ++j)
                        next_label[views[i].member[j]] = part[j];
                }
                const long long moved_now = sum_over_ranks(comm, moved_here);
                if (moved_now == 0) continue;
                pass_moves += moved_now;
                views.clear(); // stale; freed before the migration's buffers peak
                ghosts = {};
                labelled.move_to(next_label);
                load = processor_loads(graph, label, hosted);
                ghosts = labelled.ghosts();
                views = build_views();
            }
        moves += pass_moves;
        if (pass_moves == 0) break;
    }
    // The ghost layer is current: the cut needs no further exchange of labels.
    stats.edge_cut = labelled_cut(comm, graph, label, ghosts);
    stats.moves = VertexId(moves);
    stats.cut_reduction = sum_over_ranks(comm, reduction);
    return stats;
}

} // namespace part::mpi
