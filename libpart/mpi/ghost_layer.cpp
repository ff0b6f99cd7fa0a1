#include "libpart/mpi/ghost_layer.hpp"

#include <algorithm>

#include "libpart/mpi/exchange.hpp"
#include "libpart/mpi/vertex_directory.hpp"

namespace part::mpi {

std::vector<int> block_owners(MPI_Comm comm, const DistributedGraph& graph,
                              const std::vector<VertexId>& block_start) {
    int rank = 0, ranks = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &ranks);
    // Owned vertices are ascending and blocks are consecutive, so each reader's ids are one
    // contiguous run of global_id.
    std::vector<int> send_counts(std::size_t(ranks), 0);
    for (int r = 0; r < ranks; ++r) {
        const auto lo =
            std::lower_bound(graph.global_id.begin(), graph.global_id.end(), block_start[r]);
        const auto hi = std::lower_bound(lo, graph.global_id.end(), block_start[r + 1]);
        send_counts[r] = int(hi - lo);
    }
    const std::vector<int> recv_counts = exchange_counts(comm, send_counts);
    const std::vector<VertexId> ids =
        exchange<VertexId>(comm, graph.global_id, send_counts, recv_counts);
    std::vector<int> owner(std::size_t(block_start[rank + 1] - block_start[rank]), -1);
    std::size_t at = 0;
    for (int source = 0; source < ranks; ++source)
        for (int i = 0; i < recv_counts[source]; ++i) owner[ids[at++] - block_start[rank]] = source;
    return owner;
}

GhostLayer ghost_layer(MPI_Comm comm, const DistributedGraph& graph,
                       const std::vector<VertexId>& block_start, std::span<const int> block_owner) {
    GhostLayer layer;
    layer.ids = ghost_vertices(graph);
    layer.owner = look_up_in_blocks(comm, layer.ids, block_start, block_owner);
    return layer;
}

std::vector<int> neighbour_ranks(const GhostLayer& ghosts) {
    std::vector<int> neighbours(ghosts.owner);
    std::sort(neighbours.begin(), neighbours.end());
    neighbours.erase(std::unique(neighbours.begin(), neighbours.end()), neighbours.end());
    return neighbours;
}

} // namespace part::mpi
