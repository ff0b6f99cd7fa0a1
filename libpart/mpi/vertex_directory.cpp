#include "libpart/mpi/vertex_directory.hpp"

#include "libpart/mpi/exchange.hpp"
#include "libpart/mpi/ghost_layer.hpp"
#include "libpart/mpi/neighbour_slots.hpp"

namespace part::mpi {

std::vector<std::int32_t> look_up_in_blocks(MPI_Comm comm, std::span<const VertexId> ids,
                                            const std::vector<VertexId>& block_start,
                                            std::span<const std::int32_t> block_values) {
    const int rank = rank_of(comm);
    auto reader = [&](std::size_t i) { return block_of(block_start, ids[i]); };
    return ask_ranks<std::int32_t>(comm, ids, reader, [&](const std::vector<VertexId>& asked) {
        std::vector<std::int32_t> answers(asked.size());
        for (std::size_t i = 0; i < asked.size(); ++i)
            answers[i] = block_values[asked[i] - block_start[rank]];
        return answers;
    });
}

WeightSum distributed_edge_cut(MPI_Comm comm, const DistributedGraph& graph,
                               std::span<const PartId> part,
                               const std::vector<VertexId>& block_start,
                               std::span<const PartId> block_part) {
    NeighbourSlots n = neighbour_slots(graph);
    std::vector<std::int32_t> ghost_part =
        look_up_in_blocks(comm, n.ghosts, block_start, block_part);
    const GhostLayer ghosts{std::move(n.ghosts), std::move(ghost_part), std::move(n.slots)};
    return labelled_cut(comm, graph, part, ghosts);
}

} // namespace part::mpi
