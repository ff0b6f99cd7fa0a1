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
    // Per entry of the owned adjacency (graph.local.adjncy): the owned index of its end, or
    // the owned count + its index in ids (neighbour_slots), so labels are found without searching.
    std::vector<VertexId> slots;

    // The label of the end of adjacency entry e, given the owned vertices' labels.
    PartId label_of_entry(std::span<const PartId> owned_label, EdgeOffset e) const {
        const auto slot = std::size_t(slots[std::size_t(e)]);
        return slot < owned_label.size() ? owned_label[slot] : label[slot - owned_label.size()];
    }
};

// Collective. The ghosts of `graph` with their labels, asked of the directory `block_label`
// (the label of each vertex of this rank's block [block_start[rank], block_start[rank + 1])), and
// where each adjacency entry ends. Two MPI_Alltoallv (questions and answers).
GhostLayer ghost_layer(MPI_Comm comm, const DistributedGraph& graph,
                       const std::vector<VertexId>& block_start,
                       std::span<const PartId> block_label);

// Collective. Tells every rank that holds one of `changed` (owned indices) as a ghost its new
// label (`label`, per owned vertex), in `ghosts`. The owned vertices and the ghosts stay where
// they are: `ghost_rank` is the rank of each ghost (ghosts.ids).
void share_label_changes(MPI_Comm comm, const DistributedGraph& graph,
                         std::span<const VertexId> changed, std::span<const PartId> label,
                         std::span<const int> ghost_rank, GhostLayer& ghosts);

// Collective. The total weight of the edges whose ends have different labels.
WeightSum labelled_cut(MPI_Comm comm, const DistributedGraph& graph, std::span<const PartId> label,
                       const GhostLayer& ghosts);

} // namespace part::mpi
