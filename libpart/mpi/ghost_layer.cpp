#include "libpart/mpi/ghost_layer.hpp"

#include <algorithm>

#include "libpart/mpi/exchange.hpp"
#include "libpart/mpi/neighbour_slots.hpp"
#include "libpart/mpi/vertex_directory.hpp"

namespace part::mpi {

GhostLayer ghost_layer(MPI_Comm comm, const DistributedGraph& graph,
                       const std::vector<VertexId>& block_start,
                       std::span<const PartId> block_label) {
    const StageClock clock("ghost layer");
    NeighbourSlots where = neighbour_slots(graph);
    GhostLayer layer{std::move(where.ghosts), {}, std::move(where.slots)};
    const StageClock look_up("ghost layer: look-up");
    layer.label = look_up_in_blocks(comm, layer.ids, block_start, block_label);
    return layer;
}

void share_label_changes(MPI_Comm comm, const DistributedGraph& graph,
                         std::span<const VertexId> changed, std::span<const PartId> label,
                         std::span<const int> ghost_rank, GhostLayer& ghosts) {
    struct Change {
        VertexId id;
        PartId label;
    };
    std::vector<Change> changes;
    std::vector<int> destination;
    const VertexId owned = graph.num_owned();
    for (VertexId v : changed) {
        const std::size_t first = changes.size();
        for (EdgeOffset e = graph.local.xadj[v]; e < graph.local.xadj[v + 1]; ++e) {
            const VertexId slot = ghosts.slots[std::size_t(e)];
            if (slot < owned) continue;
            const int rank = ghost_rank[std::size_t(slot - owned)];
            if (std::find(destination.begin() + std::ptrdiff_t(first), destination.end(), rank) !=
                destination.end())
                continue;
            changes.push_back({graph.global_id[std::size_t(v)], label[std::size_t(v)]});
            destination.push_back(rank);
        }
    }
    const auto outbox =
        group_by_rank(changes, size_of(comm), [&](std::size_t i) { return destination[i]; });
    for (const Change& c : send_outbox(comm, outbox)) {
        const auto at = std::lower_bound(ghosts.ids.begin(), ghosts.ids.end(), c.id);
        if (at != ghosts.ids.end() && *at == c.id)
            ghosts.label[std::size_t(at - ghosts.ids.begin())] = c.label;
    }
}

WeightSum labelled_cut(MPI_Comm comm, const DistributedGraph& graph, std::span<const PartId> label,
                       const GhostLayer& ghosts) {
    long long twice = 0;
    for (VertexId v = 0; v < graph.num_owned(); ++v)
        for (EdgeOffset e = graph.local.xadj[v]; e < graph.local.xadj[v + 1]; ++e)
            if (ghosts.label_of_entry(label, e) != label[v]) twice += graph.local.edge_weight(e);
    return sum_over_ranks(comm, twice) / 2;
}

} // namespace part::mpi
