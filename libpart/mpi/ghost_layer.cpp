#include "libpart/mpi/ghost_layer.hpp"

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

WeightSum labelled_cut(MPI_Comm comm, const DistributedGraph& graph, std::span<const PartId> label,
                       const GhostLayer& ghosts) {
    long long twice = 0;
    for (VertexId v = 0; v < graph.num_owned(); ++v)
        for (EdgeOffset e = graph.local.xadj[v]; e < graph.local.xadj[v + 1]; ++e)
            if (ghosts.label_of_entry(label, e) != label[v]) twice += graph.local.edge_weight(e);
    return sum_over_ranks(comm, twice) / 2;
}

} // namespace part::mpi
