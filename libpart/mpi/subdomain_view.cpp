#include "libpart/mpi/subdomain_view.hpp"

#include <algorithm>

namespace part::mpi {

Graph local_view(const DistributedGraph& graph, const GhostLayer& ghosts) {
    const Graph& g = graph.local;
    const VertexId n = graph.num_owned(), total = n + VertexId(ghosts.ids.size());
    auto local_id = [&](VertexId u) {
        const auto owned = std::lower_bound(graph.global_id.begin(), graph.global_id.end(), u);
        if (owned != graph.global_id.end() && *owned == u)
            return VertexId(owned - graph.global_id.begin());
        return n + VertexId(std::lower_bound(ghosts.ids.begin(), ghosts.ids.end(), u) -
                            ghosts.ids.begin());
    };
    Graph view;
    view.xadj.assign(std::size_t(total) + 1, 0);
    const EdgeOffset owned_entries = g.xadj[n];
    view.adjncy.resize(std::size_t(2 * owned_entries));
    std::vector<EdgeOffset> ghost_degree(ghosts.ids.size(), 0);
    for (EdgeOffset e = 0; e < owned_entries; ++e) {
        view.adjncy[e] = local_id(g.adjncy[e]);
        if (view.adjncy[e] >= n) ++ghost_degree[view.adjncy[e] - n];
    }
    std::copy(g.xadj.begin(), g.xadj.end(), view.xadj.begin());
    for (std::size_t i = 0; i < ghosts.ids.size(); ++i)
        view.xadj[n + i + 1] = view.xadj[n + i] + ghost_degree[i];
    view.adjncy.resize(std::size_t(view.xadj[total]));
    if (graph.has_edge_weights) {
        view.adjwgt.resize(view.adjncy.size());
        std::copy(g.adjwgt.begin(), g.adjwgt.begin() + owned_entries, view.adjwgt.begin());
    }
    std::vector<EdgeOffset> next(view.xadj.begin() + n, view.xadj.end() - 1);
    for (VertexId v = 0; v < n; ++v)
        for (EdgeOffset e = g.xadj[v]; e < g.xadj[v + 1]; ++e) {
            const VertexId u = view.adjncy[e];
            if (u < n) continue;
            const EdgeOffset at = next[u - n]++;
            view.adjncy[at] = v;
            if (graph.has_edge_weights) view.adjwgt[at] = g.adjwgt[e];
        }
    view.ncon = 1;
    view.vwgt.assign(std::size_t(total), 1);
    for (VertexId v = 0; v < n; ++v) view.vwgt[v] = g.vertex_weight(v);
    return view;
}

std::vector<PartId> view_parts(VertexId owned, int rank, const GhostLayer& ghosts) {
    std::vector<PartId> part(std::size_t(owned), rank);
    part.insert(part.end(), ghosts.owner.begin(), ghosts.owner.end());
    return part;
}

std::vector<WeightSum> border_weights(const DistributedGraph& graph, const GhostLayer& ghosts,
                                      const std::vector<int>& neighbours) {
    std::vector<WeightSum> border(neighbours.size(), 0);
    const Graph& g = graph.local;
    for (EdgeOffset e = 0; e < g.xadj[graph.num_owned()]; ++e) {
        const auto ghost = std::lower_bound(ghosts.ids.begin(), ghosts.ids.end(), g.adjncy[e]);
        if (ghost == ghosts.ids.end() || *ghost != g.adjncy[e]) continue;
        const int owner = ghosts.owner[std::size_t(ghost - ghosts.ids.begin())];
        border[std::size_t(std::lower_bound(neighbours.begin(), neighbours.end(), owner) -
                           neighbours.begin())] += g.edge_weight(e);
    }
    return border;
}

WeightSum owned_load(const DistributedGraph& graph) {
    WeightSum load = 0;
    for (VertexId v = 0; v < graph.num_owned(); ++v) load += graph.local.vertex_weight(v);
    return load;
}

void move_to_parts(MPI_Comm comm, DistributedGraph& graph, const std::vector<PartId>& part,
                   const std::vector<VertexId>& block_start, std::vector<int>& block_owner,
                   std::span<std::vector<std::int32_t>* const> carried) {
    const std::vector<int> destination(part.begin(), part.begin() + graph.num_owned());
    migrate(comm, graph, destination, carried);
    block_owner = block_owners(comm, graph, block_start);
}

} // namespace part::mpi
