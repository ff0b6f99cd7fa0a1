#pragma once
// A processor's sub-domain seen as a serial Graph, so that serial libpart code (the GDE workload
// adjuster, part seeding, local connectivity) runs on it unchanged, and the way vertices are
// sent to the rank of their new processor afterwards. A rank runs processors x with
// owner_of_part(x, P) == rank; each processor's view is built from its own vertices and their
// neighbours only, so what a processor decides does not depend on which other processors
// share its rank (results do not depend on P).
#include <mpi.h>

#include <span>
#include <vector>

#include "libpart/mpi/distributed_graph.hpp"
#include "libpart/mpi/ghost_layer.hpp"

namespace part::mpi {

struct ProcessorView {
    // Members 0..m-1 (this processor's vertices in global id order), then the ghosts m..
    // (neighbours in other processors, ascending global id); a ghost's row lists only its
    // member neighbours. One constraint (the load); ghosts weigh 1 (callers never move them).
    Graph graph;
    std::vector<PartId> label;    // per view vertex: the processor (members: this one)
    std::vector<VertexId> member; // rank-local index of each member
    std::vector<VertexId> ghost;  // global id of each ghost
    // Per ghost: its owned index, or the owned count + its index in the ghost layer's ids.
    std::vector<VertexId> ghost_slot;
    VertexId members() const { return VertexId(member.size()); }
};

// The view of processor p from the rank's owned vertices (`label` per owned vertex) and ghosts.
ProcessorView processor_view(const DistributedGraph& graph, std::span<const PartId> label,
                             const GhostLayer& ghosts, PartId p);

// The owned vertices of each of some processors (ascending), listed in owned order, and where
// each stands in its processor's list: the views of many processors are then built without an
// array of the owned count each.
struct HostedMembers {
    std::vector<std::vector<VertexId>> of; // per processor
    std::vector<VertexId> position;        // per owned vertex; -1 when not listed
};
HostedMembers hosted_members(const DistributedGraph& graph, std::span<const PartId> label,
                             std::span<const PartId> processors);

// The view of processor p, the i-th of `members` (listed from the same `label`).
ProcessorView processor_view(const DistributedGraph& graph, std::span<const PartId> label,
                             const GhostLayer& ghosts, const HostedMembers& members, std::size_t i,
                             PartId p);

// Relabels the view's ghosts from the owned vertices' labels and the ghost layer's, after
// either changed (the ghost layer's ids and slots must be those the view was built with).
void relabel_ghosts(ProcessorView& view, std::span<const PartId> owned_label,
                    const GhostLayer& ghosts);

// The view of all the rank's owned vertices (members in owned order, labelled by `label`), with
// the vertices of other ranks as ghosts, and the owned vertices' sizes when the graph has them.
ProcessorView owned_view(const DistributedGraph& graph, std::span<const PartId> label,
                         const GhostLayer& ghosts);

// The processors this rank runs, ascending: x < processors with owner_of_part(x, P) == rank.
std::vector<PartId> hosted_processors(MPI_Comm comm, PartId processors);

// The most a processor may weigh within `tolerance`: (1 + tolerance) x its share of `total`,
// its `capacity` of `shares` (the capacities' sum).
WeightSum processor_limit(double capacity, double shares, WeightSum total, double tolerance);

// Total weight (constraint 0) of the owned vertices of each of `processors`.
std::vector<WeightSum> processor_loads(const DistributedGraph& graph, std::span<const PartId> label,
                                       std::span<const PartId> processors);

// What the distributed GDE rebalancing and refinement change: the graph, each owned vertex's
// label (its processor; it lies on that processor's rank), the directory of labels over the
// blocks of the numbering (`block_label`: this rank's block), and per-vertex attributes
// `carried` along when vertices move.
struct LabelledGraph {
    MPI_Comm comm;
    DistributedGraph& graph;
    const std::vector<VertexId>& block_start;
    std::vector<PartId>& label;
    std::vector<PartId>& block_label;
    std::span<std::vector<std::int32_t>* const> carried = {};

    // Collective. The ghost layer, asked of the directory.
    GhostLayer ghosts() const { return ghost_layer(comm, graph, block_start, block_label); }
    // Collective. Relabels the owned vertices to `next` (per owned vertex) and sends each to the
    // rank of its new label (which travels with it, as do the `carried` attributes); the
    // directory learns only the labels that changed (one MPI_Alltoallv of those).
    void move_to(const std::vector<PartId>& next);
};

} // namespace part::mpi
