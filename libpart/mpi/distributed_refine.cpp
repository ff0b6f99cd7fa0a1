#include "libpart/mpi/distributed_refine.hpp"

#include <numeric>
#include <optional>
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

// One pass over the colours. Vertices stay on their ranks for the whole pass and migrate once
// at its end: a processor moves only its members (the vertices it held when the pass began
// and still holds) and sees every other vertex as a ghost with its current label; a step
// exchanges only the labels it changed.
class BorderPass {
  public:
    BorderPass(const LabelledGraph& labelled, const std::vector<PartId>& hosted,
               const std::vector<double>& capacity, WeightSum total, double tolerance,
               GhostLayer& ghosts)
        : comm_(labelled.comm), graph_(labelled.graph), hosted_(hosted), capacity_(capacity),
          shares_(std::accumulate(capacity.begin(), capacity.end(), 0.0)), total_(total),
          tolerance_(tolerance), ghosts_(ghosts), current_(labelled.label), start_(labelled.label),
          members_(hosted_members(graph_, start_, hosted)), views_(hosted.size()) {
        for (PartId g : ghosts.label) ghost_rank_.push_back(owner_of_part(g, size_of(comm_)));
    }

    // Collective. The lower (`lower_moves`) or the higher processor of each link of the colour
    // moves; returns the moves over all ranks, and updates `load` (per hosted processor).
    long long step(const ProcessorLinks& links, LinkExchange& exchange,
                   const LinkColouring& colouring, int colour, bool lower_moves,
                   std::vector<WeightSum>& load) {
        std::vector<char> active(links.size());
        std::vector<WeightSum> out(links.size());
        for (std::size_t l = 0; l < links.size(); ++l) {
            active[l] = colouring.colour[l] == colour;
            out[l] = load[links.owner[l]];
        }
        const std::vector<WeightSum> partner_load = exchange.swap<WeightSum>(out, active);
        Changes changes;
        for (std::size_t l = 0; l < links.size(); ++l) {
            const std::size_t i = links.owner[l];
            const PartId p = hosted_[i], partner = links.neighbour[l];
            if (active[l] && (p < partner) == lower_moves && capacity_[p] > 0 &&
                !members_.of[i].empty())
                move(i, partner, partner_load[l], load[i], changes);
        }
        // Applied once every link of the step has decided from the same labels.
        for (std::size_t c = 0; c < changes.vertex.size(); ++c)
            current_[std::size_t(changes.vertex[c])] = changes.to[c];
        const long long moved = sum_over_ranks(comm_, (long long)changes.vertex.size());
        if (moved > 0) share(changes, load);
        return moved;
    }

    const std::vector<PartId>& labels() const { return current_; }
    WeightSum cut_reduction() const { return reduction_; }

  private:
    struct Changes {
        std::vector<VertexId> vertex; // owned index
        std::vector<PartId> from, to;
    };

    // Hosted processor i moves border vertices to `partner`.
    void move(std::size_t i, PartId partner, WeightSum partner_load, WeightSum own_load,
              Changes& changes) {
        std::optional<ProcessorView>& view = views_[i];
        if (!view) view = processor_view(graph_, start_, ghosts_, members_, i, hosted_[i]);
        relabel_ghosts(*view, current_, ghosts_);
        const WeightSum limit = processor_limit(capacity_[partner], shares_, total_, tolerance_);
        std::vector<PartId> part = view->label;
        reduction_ += move_to_partner(view->graph, part, view->members(), hosted_[i], partner,
                                      limit - partner_load, own_load)
                          .second;
        for (VertexId j = 0; j < view->members(); ++j)
            if (part[j] != view->label[j]) {
                changes.vertex.push_back(view->member[j]);
                changes.from.push_back(view->label[j]);
                changes.to.push_back(part[j]);
                view->label[j] = part[j];
            }
    }

    // Collective. Tells the ranks that see them the step's changes, and updates the loads.
    void share(const Changes& changes, std::vector<WeightSum>& load) {
        std::vector<WeightSum> delta(capacity_.size(), 0);
        for (std::size_t c = 0; c < changes.vertex.size(); ++c) {
            const Weight w = graph_.local.vertex_weight(changes.vertex[c]);
            delta[std::size_t(changes.from[c])] -= w;
            delta[std::size_t(changes.to[c])] += w;
        }
        MPI_Allreduce(MPI_IN_PLACE, delta.data(), int(delta.size()), MPI_INT64_T, MPI_SUM, comm_);
        for (std::size_t i = 0; i < hosted_.size(); ++i) load[i] += delta[hosted_[i]];
        share_label_changes(comm_, graph_, changes.vertex, current_, ghost_rank_, ghosts_);
    }

    MPI_Comm comm_;
    const DistributedGraph& graph_;
    const std::vector<PartId>& hosted_;
    const std::vector<double>& capacity_;
    double shares_; // the capacities' sum
    WeightSum total_;
    double tolerance_;
    GhostLayer& ghosts_;
    std::vector<PartId> current_;                     // per owned vertex
    const std::vector<PartId>& start_;                // per owned vertex, at the pass start
    HostedMembers members_;                           // of the hosted processors, at the start
    std::vector<std::optional<ProcessorView>> views_; // per hosted processor, once it moves
    std::vector<int> ghost_rank_;                     // per ghost, where it stays this pass
    long long reduction_ = 0;
};

} // namespace

BorderRefineStats refine_borders(LabelledGraph& labelled, const std::vector<double>& capacity,
                                 double tolerance) {
    const StageClock clock("border refinement");
    const MPI_Comm comm = labelled.comm;
    const DistributedGraph& graph = labelled.graph;
    const std::vector<PartId> hosted = hosted_processors(comm, PartId(capacity.size()));
    std::vector<WeightSum> load = processor_loads(graph, labelled.label, hosted);
    const WeightSum total =
        sum_over_ranks(comm, std::accumulate(load.begin(), load.end(), WeightSum(0)));
    long long moves = 0, reduction = 0;
    GhostLayer ghosts = labelled.ghosts();
    for (int pass = 0; pass < kMaxPasses; ++pass) {
        const ProcessorLinks links = processor_links(graph, labelled.label, ghosts, hosted);
        LinkExchange exchange(comm, links);
        const LinkColouring colouring = colour_links(comm, links, exchange);
        long long pass_moves = 0;
        std::vector<PartId> next;
        {
            BorderPass border(labelled, hosted, capacity, total, tolerance, ghosts);
            for (int colour = 0; colour < colouring.num_colours; ++colour)
                for (bool lower_moves : {true, false})
                    pass_moves +=
                        border.step(links, exchange, colouring, colour, lower_moves, load);
            reduction += border.cut_reduction();
            if (pass_moves > 0) next = border.labels();
        } // the views are freed before the migration's buffers peak
        moves += pass_moves;
        if (pass_moves == 0) break;
        ghosts = {};
        labelled.move_to(next);
        ghosts = labelled.ghosts();
    }
    // The ghost layer is current: the cut needs no further exchange of labels.
    BorderRefineStats stats;
    stats.edge_cut = labelled_cut(comm, graph, labelled.label, ghosts);
    stats.moves = VertexId(moves);
    stats.cut_reduction = sum_over_ranks(comm, reduction);
    return stats;
}

} // namespace part::mpi
