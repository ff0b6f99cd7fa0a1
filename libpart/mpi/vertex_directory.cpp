#include "libpart/mpi/vertex_directory.hpp"

#include <algorithm>

#include "libpart/mpi/exchange.hpp"
#include "libpart/mpi/neighbour_slots.hpp"

namespace part::mpi {

std::vector<std::int32_t> look_up_in_blocks(MPI_Comm comm, std::span<const VertexId> ids,
                                            const std::vector<VertexId>& block_start,
                                            std::span<const std::int32_t> block_values) {
    const int rank = rank_of(comm), ranks = size_of(comm);
    auto reader = [&](VertexId v) {
        return int(std::upper_bound(block_start.begin(), block_start.end(), v) -
                   block_start.begin()) -
               1;
    };
    // Asked in groups by reading rank; `order` remembers where each answer goes.
    std::vector<int> ask_counts(std::size_t(ranks), 0);
    for (VertexId v : ids) ++ask_counts[reader(v)];
    std::vector<int> next = displacements(ask_counts);
    std::vector<VertexId> asks(ids.size());
    std::vector<std::size_t> order(ids.size());
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const int at = next[reader(ids[i])]++;
        asks[at] = ids[i];
        order[i] = std::size_t(at);
    }
    const std::vector<int> asked_counts = exchange_counts(comm, ask_counts);
    const std::vector<VertexId> asked = exchange<VertexId>(comm, asks, ask_counts, asked_counts);
    std::vector<std::int32_t> answers(asked.size());
    for (std::size_t i = 0; i < asked.size(); ++i)
        answers[i] = block_values[asked[i] - block_start[rank]];
    const std::vector<std::int32_t> replies =
        exchange<std::int32_t>(comm, answers, asked_counts, ask_counts);
    std::vector<std::int32_t> values(ids.size());
    for (std::size_t i = 0; i < ids.size(); ++i) values[i] = replies[order[i]];
    return values;
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
