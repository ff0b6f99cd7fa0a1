#pragma once
// Where each neighbour of a rank's vertices lives: the ghost layer of a distributed graph
// (Xu, Lau & Diekmann 1997, 3: a processor knows its own sub-domain and, through the borders,
// its neighbours). The owner of a vertex is kept by the rank that read it (a directory over the
// blocks of the numbering), so no rank needs a global table.
#include <mpi.h>

#include <span>
#include <vector>

#include "libpart/mpi/distributed_graph.hpp"

namespace part::mpi {

struct GhostLayer {
    std::vector<VertexId> ids; // neighbours of owned vertices that another rank owns, ascending
    std::vector<int> owner;    // the rank owning each
};

// Collective. The rank now owning each vertex of this rank's block [block_start[rank],
// block_start[rank + 1]): every rank tells the reader of each of its owned vertices that it
// owns it (one MPI_Alltoallv).
std::vector<int> block_owners(MPI_Comm comm, const DistributedGraph& graph,
                              const std::vector<VertexId>& block_start);

// Collective. The ghosts of `graph` with their owners, asked of the directory `block_owner`
// (as block_owners returns). Two MPI_Alltoallv (questions and answers).
GhostLayer ghost_layer(MPI_Comm comm, const DistributedGraph& graph,
                       const std::vector<VertexId>& block_start, std::span<const int> block_owner);

// The distinct owners of the ghosts: the ranks whose sub-domains touch this one, ascending.
std::vector<int> neighbour_ranks(const GhostLayer& ghosts);

} // namespace part::mpi
