#pragma once
// A rank's sub-domain seen as a serial Graph, so that serial libpart code (the GDE workload
// adjuster, part seeding, local connectivity) runs on it unchanged, and the way vertices are
// sent to the rank of their new part afterwards.
#include <mpi.h>

#include <span>
#include <vector>

#include "libpart/mpi/distributed_graph.hpp"
#include "libpart/mpi/ghost_layer.hpp"

namespace part::mpi {

// The owned vertices and the ghost layer in local ids: owned vertices 0..n-1 (global id
// order), then the ghosts n..n+g-1 (ascending); a ghost's row lists only its owned neighbours.
// One constraint (the load); ghosts weigh 1 (callers never move them).
Graph local_view(const DistributedGraph& graph, const GhostLayer& ghosts);

// Part labels of the view when part r lives on rank r: owned vertices are in this rank's part
// `rank`, ghosts in their owner's.
std::vector<PartId> view_parts(VertexId owned, int rank, const GhostLayer& ghosts);

// Cut edge weight between this rank and each neighbour rank (the same seen from both ends).
std::vector<WeightSum> border_weights(const DistributedGraph& graph, const GhostLayer& ghosts,
                                      const std::vector<int>& neighbours);

// Total weight (constraint 0) of the owned vertices.
WeightSum owned_load(const DistributedGraph& graph);

// Collective. Sends each owned vertex to the rank of its label in `part` (view labels) with
// the `carried` attributes, and refreshes the owner directory `block_owner`.
void move_to_parts(MPI_Comm comm, DistributedGraph& graph, const std::vector<PartId>& part,
                   const std::vector<VertexId>& block_start, std::vector<int>& block_owner,
                   std::span<std::vector<std::int32_t>* const> carried);

} // namespace part::mpi
