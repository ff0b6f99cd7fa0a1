#pragma once
// Where each neighbour of a rank's vertices lives: the ghost layer of a distributed graph
// (Xu, Lau & Diekmann 1997, 3: a processor knows its own sub-domain and, through the borders,
// its neighbours). Vertices carry a label, the GDE processor (part) they belong to; processor
// x lives on rank owner_of_part(x, P). The label of a vertex is kept by the rank that read it
// (a directory over the blocks of the numbering), so no rank needs a global table.
#include <mpi.h>

#include <span>
#include <vector>

#include "libpart/mpi/distributed_graph.hpp"

namespace part::mpi {

struct GhostLayer {
    std::vector<VertexId> ids; // neighbours of owned vertices that another rank owns, ascending
    std::vector<PartId> label; // the processor each belongs to
};

// Collective. The label of each vertex of this rank's block [block_start[rank],
// block_start[rank + 1]): every rank tells the reader of each of its owned vertices its
// `label` (one MPI_Alltoallv of (id, label) pairs).
std::vector<PartId> block_labels(MPI_Comm comm, const DistributedGraph& graph,
                                 const std::vector<VertexId>& block_start,
                                 std::span<const PartId> label);

// Collective. The ghosts of `graph` with their labels, asked of the directory `block_label`
// (as block_labels returns). Two MPI_Alltoallv (questions and answers).
GhostLayer ghost_layer(MPI_Comm comm, const DistributedGraph& graph,
                       const std::vector<VertexId>& block_start,
                       std::span<const PartId> block_label);

// The label of any neighbour u of an owned vertex: the owned vertex's label or the ghost's.
class LabelLookup {
  public:
    LabelLookup(const DistributedGraph& graph, std::span<const PartId> label,
                const GhostLayer& ghosts)
        : graph_(graph), label_(label), ghosts_(ghosts) {}
    // Rank-local index of u when owned here, else -1.
    VertexId owned_index(VertexId u) const;
    PartId operator()(VertexId u) const;

  private:
    const DistributedGraph& graph_;
    std::span<const PartId> label_;
    const GhostLayer& ghosts_;
};

} // namespace part::mpi
