#pragma once
// What a distributed repartitioning starts from: the graph distributed by old part (part p on
// rank owner_of_part(p, P)) with each owned vertex's old part, plus the block of the numbering
// each rank read and that block's old partition, so results can be written in file order
// without any rank holding the whole partition.
#include <vector>

#include "libpart/mpi/distributed_graph.hpp"

namespace part::mpi {

struct DistributedInput {
    DistributedGraph graph;
    std::vector<PartId> old_part; // per owned vertex
    PartId old_parts = 0;
    std::vector<VertexId> block_start;     // P + 1 entries: rank r read [block_start[r], ..[r+1])
    std::vector<PartId> block_old_part;    // old part of each vertex of this rank's block
    std::vector<Weight> block_vertex_size; // their migration sizes (empty: all 1)
    std::vector<VertexId> position;        // per owned vertex, with an ordering; else empty
    std::vector<VertexId> block_position;  // per vertex of the block, with an ordering
};

} // namespace part::mpi
