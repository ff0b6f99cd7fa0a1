#pragma once
// A graph spread over the ranks of a communicator (Xu, Lau & Diekmann 1997, 3: each processor
// holds its own sub-domain and knows only its neighbours). Each rank holds its owned vertices
// with their global ids, in increasing global id, and their CSR adjacency in global ids with
// weights, sizes and coordinates. No rank holds the whole graph.
#include <mpi.h>

#include <span>
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/core/partition.hpp"

namespace part::mpi {

struct DistributedGraph {
    VertexId global_vertices = 0;
    std::int64_t global_edges = 0;
    // The same on every rank, so that a rank without vertices still knows the layout.
    bool has_vertex_sizes = false;
    bool has_edge_weights = false;
    // Owned vertices: local.xadj/vwgt/vsize/adjwgt/coords are per owned vertex as in Graph,
    // but local.adjncy holds GLOBAL neighbour ids. local.ncon and local.coords.dim are set on
    // every rank.
    std::vector<VertexId> global_id;
    Graph local;

    VertexId num_owned() const { return VertexId(global_id.size()); }
};

// Rank hosting part p: part p on rank p when there are enough ranks (rank r owns part r),
// else p mod P. Ranks beyond the part count start empty (skeleton ranks for growth).
inline int owner_of_part(PartId p, int ranks) {
    return int(p % ranks);
}

// Collective. Sends each owned vertex v to rank destination[v] with its weights, size,
// coordinates and adjacency, as one record per vertex in one MPI_Alltoallv; `attributes` are
// per-vertex int32 arrays carried along (e.g. old and new part). Vertices that stay are not
// packed. Afterwards each rank's vertices are sorted by global id again, so the result does
// not depend on message order.
void migrate(MPI_Comm comm, DistributedGraph& graph, std::span<const int> destination,
             std::span<std::vector<std::int32_t>* const> attributes = {});

// Collective: the total over ranks of owned vertex weights per part (constraint 0), for
// parts 0..num_parts-1 given each owned vertex's part.
std::vector<WeightSum> global_part_weights(MPI_Comm comm, const DistributedGraph& graph,
                                           std::span<const PartId> part, PartId num_parts);

} // namespace part::mpi
