#pragma once
// Per-vertex facts about vertices another rank owns (ghosts): each vertex is asked of the rank
// that read it, which keeps the facts of its block of the numbering, so no rank needs a
// global table.
#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "libpart/mpi/distributed_graph.hpp"

namespace part::mpi {

// The rank whose block [block_start[r], block_start[r + 1]) of the numbering holds vertex `id`.
inline int block_of(const std::vector<VertexId>& block_start, VertexId id) {
    return int(std::upper_bound(block_start.begin(), block_start.end(), id) - block_start.begin()) -
           1;
}

// Collective. block_values[i] is the value of vertex block_start[rank] + i on this rank;
// returns the value of each of `ids` (any vertices), in the order given. Two MPI_Alltoallv.
std::vector<std::int32_t> look_up_in_blocks(MPI_Comm comm, std::span<const VertexId> ids,
                                            const std::vector<VertexId>& block_start,
                                            std::span<const std::int32_t> block_values);

// Collective. The total weight of edges whose ends are in different parts; part[v] is the
// part of owned vertex v and block_part the part of each vertex of this rank's block.
WeightSum distributed_edge_cut(MPI_Comm comm, const DistributedGraph& graph,
                               std::span<const PartId> part,
                               const std::vector<VertexId>& block_start,
                               std::span<const PartId> block_part);

} // namespace part::mpi
