#include "libpart/mpi/ghost_layer.hpp"

#include <algorithm>

#include "libpart/mpi/exchange.hpp"
#include "libpart/mpi/vertex_directory.hpp"

namespace part::mpi {

std::vector<PartId> block_labels(MPI_Comm comm, const DistributedGraph& graph,
                                 const std::vector<VertexId>& block_start,
                                 std::span<const PartId> label) {
    int rank = 0, ranks = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &ranks);
    // Owned vertices are ascending and blocks are consecutive, so each reader's ids are one
    // contiguous run of global_id.
    std::vector<int> send_counts(std::size_t(ranks), 0);
    std::vector<std::int32_t> pairs;
    pairs.reserve(2 * graph.global_id.size());
    for (int r = 0; r < ranks; ++r) {
        const auto lo =
            std::lower_bound(graph.global_id.begin(), graph.global_id.end(), block_start[r]);
        const auto hi = std::lower_bound(lo, graph.global_id.end(), block_start[r + 1]);
        send_counts[r] = int(2 * (hi - lo));
        for (auto at = lo; at != hi; ++at) {
            pairs.push_back(*at);
            pairs.push_back(label[std::size_t(at - graph.global_id.begin())]);
        }
    }
    const std::vector<std::int32_t> received =
        exchange<std::int32_t>(comm, pairs, send_counts, exchange_counts(comm, send_counts));
    std::vector<PartId> block(std::size_t(block_start[rank + 1] - block_start[rank]), -1);
    for (std::size_t i = 0; i + 1 < received.size(); i += 2)
        block[std::size_t(received[i] - block_start[rank])] = received[i + 1];
    return block;
}

GhostLayer ghost_layer(MPI_Comm comm, const DistributedGraph& graph,
                       const std::vector<VertexId>& block_start,
                       std::span<const PartId> block_label) {
    GhostLayer layer;
    layer.ids = ghost_vertices(graph);
    layer.label = look_up_in_blocks(comm, layer.ids, block_start, block_label);
    return layer;
}

VertexId LabelLookup::owned_index(VertexId u) const {
    const auto owned = std::lower_bound(graph_.global_id.begin(), graph_.global_id.end(), u);
    return owned != graph_.global_id.end() && *owned == u
               ? VertexId(owned - graph_.global_id.begin())
               : -1;
}

PartId LabelLookup::operator()(VertexId u) const {
    const VertexId owned = owned_index(u);
    if (owned >= 0) return label_[std::size_t(owned)];
    return ghosts_.label[std::size_t(std::lower_bound(ghosts_.ids.begin(), ghosts_.ids.end(), u) -
                                     ghosts_.ids.begin())];
}

} // namespace part::mpi
