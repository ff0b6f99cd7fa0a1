#include "libpart/mpi/subdomain_view.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "libpart/mpi/exchange.hpp"
#include "libpart/mpi/vertex_directory.hpp"

namespace part::mpi {

namespace {

// The view of the owned vertices listed in `view.member`: those labelled `p` (every owned
// vertex when p < 0), each at `position` among them; every other end of their edges is a ghost
// of the view. Ghosts are labelled from `label` and the ghost layer.
ProcessorView view_of(const DistributedGraph& graph, std::span<const PartId> label,
                      const GhostLayer& ghosts, PartId p, std::span<const VertexId> position,
                      ProcessorView view) {
    const Graph& g = graph.local;
    const VertexId m = view.members();
    auto in_view = [&](EdgeOffset e) {
        const VertexId slot = ghosts.slots[std::size_t(e)];
        return slot < graph.num_owned() && (p < 0 || label[std::size_t(slot)] == p);
    };
    std::vector<VertexId>& ghost_ids = view.ghost;
    EdgeOffset entries = 0;
    for (VertexId v : view.member) {
        entries += g.xadj[v + 1] - g.xadj[v];
        for (EdgeOffset e = g.xadj[v]; e < g.xadj[v + 1]; ++e)
            if (!in_view(e)) ghost_ids.push_back(g.adjncy[e]);
    }
    // Member rows, then one reverse entry per member-to-ghost entry: allocated exactly.
    const auto crossing = EdgeOffset(ghost_ids.size());
    std::sort(ghost_ids.begin(), ghost_ids.end());
    ghost_ids.erase(std::unique(ghost_ids.begin(), ghost_ids.end()), ghost_ids.end());
    const VertexId total = m + VertexId(ghost_ids.size());

    Graph& out = view.graph;
    out.xadj.assign(std::size_t(total) + 1, 0);
    out.adjncy.resize(std::size_t(entries + crossing));
    if (graph.has_edge_weights) out.adjwgt.resize(out.adjncy.size());
    std::vector<EdgeOffset> ghost_degree(ghost_ids.size(), 0);
    view.ghost_slot.resize(ghost_ids.size());
    view.label.resize(std::size_t(total));
    EdgeOffset at = 0;
    for (VertexId i = 0; i < m; ++i) {
        const VertexId v = view.member[i];
        view.label[i] = label[v];
        for (EdgeOffset e = g.xadj[v]; e < g.xadj[v + 1]; ++e, ++at) {
            VertexId u;
            if (in_view(e)) {
                u = position[ghosts.slots[e]];
            } else {
                u = m + VertexId(std::lower_bound(ghost_ids.begin(), ghost_ids.end(), g.adjncy[e]) -
                                 ghost_ids.begin());
                ++ghost_degree[u - m];
                view.ghost_slot[std::size_t(u - m)] = ghosts.slots[std::size_t(e)];
                view.label[u] = ghosts.label_of_entry(label, e);
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
    return view;
}

} // namespace

ProcessorView processor_view(const DistributedGraph& graph, std::span<const PartId> label,
                             const GhostLayer& ghosts, PartId p) {
    const std::vector<PartId> alone{p};
    return processor_view(graph, label, ghosts, hosted_members(graph, label, alone), 0, p);
}

ProcessorView processor_view(const DistributedGraph& graph, std::span<const PartId> label,
                             const GhostLayer& ghosts, const HostedMembers& members, std::size_t i,
                             PartId p) {
    const StageClock clock("processor views");
    ProcessorView view;
    view.member = members.of[i];
    return view_of(graph, label, ghosts, p, members.position, std::move(view));
}

void relabel_ghosts(ProcessorView& view, std::span<const PartId> owned_label,
                    const GhostLayer& ghosts) {
    const auto owned = VertexId(owned_label.size());
    for (std::size_t j = 0; j < view.ghost_slot.size(); ++j) {
        const VertexId slot = view.ghost_slot[j];
        view.label[std::size_t(view.members()) + j] =
            slot < owned ? owned_label[std::size_t(slot)] : ghosts.label[std::size_t(slot - owned)];
    }
}

HostedMembers hosted_members(const DistributedGraph& graph, std::span<const PartId> label,
                             std::span<const PartId> processors) {
    HostedMembers members{std::vector<std::vector<VertexId>>(processors.size()),
                          std::vector<VertexId>(std::size_t(graph.num_owned()), -1)};
    for (VertexId v = 0; v < graph.num_owned(); ++v) {
        const auto at = std::lower_bound(processors.begin(), processors.end(), label[v]);
        if (at == processors.end() || *at != label[v]) continue;
        std::vector<VertexId>& list = members.of[std::size_t(at - processors.begin())];
        members.position[v] = VertexId(list.size());
        list.push_back(v);
    }
    return members;
}

ProcessorView owned_view(const DistributedGraph& graph, std::span<const PartId> label,
                         const GhostLayer& ghosts) {
    std::vector<VertexId> identity(std::size_t(graph.num_owned()));
    std::iota(identity.begin(), identity.end(), 0);
    ProcessorView view;
    view.member = identity;
    view = view_of(graph, label, ghosts, -1, identity, std::move(view));
    if (graph.has_vertex_sizes) {
        view.graph.vsize.assign(view.label.size(), 1);
        for (VertexId v = 0; v < graph.num_owned(); ++v)
            view.graph.vsize[v] = graph.local.vertex_size(v);
    }
    return view;
}

std::vector<PartId> hosted_processors(MPI_Comm comm, PartId processors) {
    const int rank = rank_of(comm), ranks = size_of(comm);
    std::vector<PartId> hosted;
    for (PartId x = rank; x < processors; x += ranks) hosted.push_back(x);
    return hosted;
}

WeightSum processor_limit(double capacity, double shares, WeightSum total, double tolerance) {
    return WeightSum(std::floor(capacity / shares * double(total) * (1 + tolerance)));
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

void LabelledGraph::move_to(const std::vector<PartId>& next) {
    const StageClock clock("migration");
    const int rank = rank_of(comm), ranks = size_of(comm);
    // Directory updates, to the rank whose block holds the vertex.
    struct Update {
        VertexId id;
        PartId label;
    };
    std::vector<Update> updates;
    for (VertexId v = 0; v < graph.num_owned(); ++v)
        if (next[v] != label[v]) updates.push_back({graph.global_id[v], next[v]});
    auto reader = [&](std::size_t i) { return block_of(block_start, updates[i].id); };
    const std::vector<Update> received = send_outbox(comm, group_by_rank(updates, ranks, reader));
    for (const Update& u : received) block_label[std::size_t(u.id - block_start[rank])] = u.label;

    label = next;
    std::vector<int> destination(label.size());
    for (std::size_t v = 0; v < label.size(); ++v) destination[v] = owner_of_part(label[v], ranks);
    std::vector<std::vector<std::int32_t>*> attributes(carried.begin(), carried.end());
    attributes.push_back(&label);
    migrate(comm, graph, destination, attributes);
}

} // namespace part::mpi
