#include "libpart/mpi/subdomain_view.hpp"

#include <algorithm>

namespace part::mpi {

ProcessorView processor_view(const DistributedGraph& graph, std::span<const PartId> label,
                             const GhostLayer& ghosts, PartId p) {
    const Graph& g = graph.local;
    const LabelLookup label_of(graph, label, ghosts);
    ProcessorView view;
    for (VertexId v = 0; v < graph.num_owned(); ++v)
        if (label[v] == p) view.member.push_back(v);
    const VertexId m = view.members();
    // Each member edge's end: a member (>= 0, its member index) or a ghost (-1, resolved below).
    std::vector<VertexId> end;
    std::vector<VertexId> ghost_ids;
    EdgeOffset entries = 0;
    for (VertexId v : view.member) entries += g.xadj[v + 1] - g.xadj[v];
    end.reserve(std::size_t(entries));
    for (VertexId v : view.member)
        for (EdgeOffset e = g.xadj[v]; e < g.xadj[v + 1]; ++e) {
            const VertexId u = g.adjncy[e];
            const VertexId owned = label_of.owned_index(u);
            if (owned >= 0 && label[owned] == p) {
                end.push_back(
                    VertexId(std::lower_bound(view.member.begin(), view.member.end(), owned) -
                             view.member.begin()));
            } else {
                end.push_back(-1);
                ghost_ids.push_back(u);
            }
        }
    std::sort(ghost_ids.begin(), ghost_ids.end());
    ghost_ids.erase(std::unique(ghost_ids.begin(), ghost_ids.end()), ghost_ids.end());
    const VertexId total = m + VertexId(ghost_ids.size());

    Graph& out = view.graph;
    out.xadj.assign(std::size_t(total) + 1, 0);
    out.adjncy.resize(std::size_t(2 * entries));
    if (graph.has_edge_weights) out.adjwgt.resize(out.adjncy.size());
    std::vector<EdgeOffset> ghost_degree(ghost_ids.size(), 0);
    EdgeOffset at = 0;
    for (VertexId i = 0; i < m; ++i) {
        const VertexId v = view.member[i];
        for (EdgeOffset e = g.xadj[v]; e < g.xadj[v + 1]; ++e, ++at) {
            VertexId u = end[at];
            if (u < 0) {
                u = m + VertexId(std::lower_bound(ghost_ids.begin(), ghost_ids.end(), g.adjncy[e]) -
                                 ghost_ids.begin());
                ++ghost_degree[u - m];
            }
            out.adjncy[at] = u;
            if (graph.has_edge_weights) out.adjwgt[at] = g.adjwgt[e];
        }
        out.xadj[i + 1] = at;
    }
    for (std::size_t j = 0; j < ghost_ids.size(); ++j)
        out.xadj[m + j + 1] = out.xadj[m + j] + ghost_degree[j];
    out.adjncy.resize(std::size_t(out.xadj[total]));
    if (graph.has_edge_weights) out.adjwgt.resize(out.adjncy.size());
    // Ghost rows: the reverse of each member-to-ghost entry, in member order.
    std::vector<EdgeOffset> next(out.xadj.begin() + m, out.xadj.end() - 1);
    for (VertexId i = 0; i < m; ++i)
        for (EdgeOffset e = out.xadj[i]; e < out.xadj[i + 1]; ++e) {
            const VertexId u = out.adjncy[e];
            if (u < m) continue;
            const EdgeOffset slot = next[u - m]++;
            out.adjncy[slot] = i;
            if (graph.has_edge_weights) out.adjwgt[slot] = out.adjwgt[e];
        }
    out.ncon = 1;
    out.vwgt.assign(std::size_t(total), 1);
    for (VertexId i = 0; i < m; ++i) out.vwgt[i] = g.vertex_weight(view.member[i]);
    view.label.assign(std::size_t(m), p);
    for (VertexId u : ghost_ids) view.label.push_back(label_of(u));
    return view;
}

std::vector<PartId> hosted_processors(MPI_Comm comm, PartId processors) {
    int rank = 0, ranks = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &ranks);
    std::vector<PartId> hosted;
    for (PartId x = rank; x < processors; x += ranks) hosted.push_back(x);
    return hosted;
}

std::vector<WeightSum> processor_loads(const DistributedGraph& graph, std::span<const PartId> label,
                                       std::span<const PartId> processors) {
    std::vector<WeightSum> load(processors.size(), 0);
    for (VertexId v = 0; v < graph.num_owned(); ++v) {
        const auto at = std::lower_bound(processors.begin(), processors.end(), label[v]);
        load[std::size_t(at - processors.begin())] += graph.local.vertex_weight(v);
    }
    return load;
}

void move_to_labels(MPI_Comm comm, DistributedGraph& graph, std::vector<PartId>& label,
                    const std::vector<VertexId>& block_start, std::vector<PartId>& block_label,
                    std::span<std::vector<std::int32_t>* const> carried) {
    int ranks = 1;
    MPI_Comm_size(comm, &ranks);
    std::vector<int> destination(label.size());
    for (std::size_t v = 0; v < label.size(); ++v) destination[v] = owner_of_part(label[v], ranks);
    std::vector<std::vector<std::int32_t>*> attributes(carried.begin(), carried.end());
    attributes.push_back(&label);
    migrate(comm, graph, destination, attributes);
    block_label = block_labels(comm, graph, block_start, label);
}

} // namespace part::mpi
