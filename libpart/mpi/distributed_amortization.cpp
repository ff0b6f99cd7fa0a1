#include "libpart/mpi/distributed_amortization.hpp"

#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/exchange.hpp"
#include "libpart/mpi/neighbour_slots.hpp"
#include "libpart/mpi/vertex_directory.hpp"

namespace part::mpi {

namespace {

PartLoads zero_loads(PartId parts) {
    return {std::vector<WeightSum>(std::size_t(parts), 0),
            std::vector<WeightSum>(std::size_t(parts), 0)};
}

// Adds the weight and incident cut of owned vertex v in part p to `loads`; part_of(slot) gives
// the part of the neighbour in that slot.
template <typename PartOf>
void add_vertex_load(const DistributedGraph& graph, std::span<const VertexId> slots, VertexId v,
                     PartId p, PartOf part_of, PartLoads& loads) {
    loads.weight[p] += graph.local.vertex_weight(v);
    for (EdgeOffset e = graph.local.xadj[v]; e < graph.local.xadj[v + 1]; ++e)
        if (part_of(slots[std::size_t(e)]) != p) loads.cut[p] += graph.local.edge_weight(e);
}

} // namespace

RemapLoads reduce_remap_loads(MPI_Comm comm, const DistributedGraph& graph, const RemapParts& parts,
                              Placement placement, int root) {
    const PartId old_parts = parts.old_parts, new_parts = parts.new_shape.num_parts;
    const NeighbourSlots n = neighbour_slots(graph);
    const std::vector<std::int32_t> ghost_new =
        look_up_in_blocks(comm, n.ghosts, parts.block_start, parts.block_new_part);
    const std::vector<std::int32_t> ghost_old =
        placement == Placement::Anywhere
            ? look_up_in_blocks(comm, n.ghosts, parts.block_start, parts.block_old_part)
            : std::vector<std::int32_t>{};
    const VertexId owned = graph.num_owned();
    // -1: a ghost placed by old part is in none of this rank's old parts.
    auto old_of = [&](VertexId slot) {
        return slot < owned        ? parts.old_part[slot]
               : ghost_old.empty() ? -1
                                   : ghost_old[slot - owned];
    };
    auto new_of = [&](VertexId slot) {
        return slot < owned ? parts.new_part[slot] : ghost_new[slot - owned];
    };
    RemapLoads loads{zero_loads(old_parts), zero_loads(new_parts)};
    for (VertexId v = 0; v < owned; ++v) {
        add_vertex_load(graph, n.slots, v, parts.old_part[v], old_of, loads.old_loads);
        add_vertex_load(graph, n.slots, v, parts.new_part[v], new_of, loads.new_loads);
    }

    const int rank = rank_of(comm);
    static_assert(sizeof(WeightSum) == sizeof(long long));
    for (std::vector<WeightSum>* s : {&loads.old_loads.weight, &loads.old_loads.cut,
                                      &loads.new_loads.weight, &loads.new_loads.cut})
        MPI_Reduce(rank == root ? MPI_IN_PLACE : s->data(), s->data(), int(s->size()),
                   MPI_LONG_LONG, MPI_SUM, root, comm);
    return loads;
}

std::optional<Amortization> remap_amortization(MPI_Comm comm, const DistributedGraph& graph,
                                               const RemapParts& parts, const PlanTraffic& traffic,
                                               const CostModel& model, int root) {
    const int rank = rank_of(comm);
    const RemapLoads loads = reduce_remap_loads(comm, graph, parts, Placement::Anywhere, root);
    return collectively(comm, [&]() -> std::optional<Amortization> {
        if (rank != root) return std::nullopt;
        return amortization(loads.old_loads, loads.new_loads, parts.new_shape, parts.new_part_rank,
                            traffic, model);
    });
}

} // namespace part::mpi
