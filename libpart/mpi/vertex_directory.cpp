#include "libpart/mpi/vertex_directory.hpp"

#include <algorithm>

#include "libpart/mpi/exchange.hpp"
#include "libpart/mpi/neighbour_slots.hpp"

namespace part::mpi {

std::vector<std::int32_t> look_up_in_blocks(MPI_Comm comm, std::span<const VertexId> ids,
                                            const std::vector<VertexId>& block_start,
                                            std::span<const std::int32_t> block_values) {
    const int rank = rank_of(comm);
    auto reader = [&](std::size_t i) {
        return int(std::upper_bound(block_start.begin(), block_start.end(), ids[i]) -
                   block_start.begin()) -
               1;
    };
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
    const NeighbourSlots n = neighbour_slots(graph);
    const std::vector<std::int32_t> ghost_part =
        look_up_in_blocks(comm, n.ghosts, block_start, block_part);
    const VertexId owned = graph.num_owned();
    long long twice = 0, total = 0;
    for (VertexId v = 0; v < owned; ++v)
        for (EdgeOffset e = graph.local.xadj[v]; e < graph.local.xadj[v + 1]; ++e) {
            const VertexId slot = n.slots[std::size_t(e)];
            const PartId other = slot < owned ? part[std::size_t(slot)]
                                              : PartId(ghost_part[std::size_t(slot - owned)]);
            if (other != part[std::size_t(v)]) twice += graph.local.edge_weight(e);
        }
    MPI_Allreduce(&twice, &total, 1, MPI_LONG_LONG, MPI_SUM, comm);
    return total / 2;
}

} // namespace part::mpi
