#pragma once
// The dual graph of a mesh whose cells are spread over the ranks (one piece of a partitioned
// dataset per rank), built without any rank holding the whole mesh: each rank finds the face
// adjacency among its own cells with the serial builder (build_dual_graph), and cells of
// different ranks are matched through the faces no local cell shares, keyed by their sorted
// global node ids (any number of them: a polyhedron lists faces of up to kMaxPolyhedronNodes
// nodes, a polygon's faces are its edges): each such face goes to a rank chosen by a hash of the
// key (one MPI_Alltoallv), which pairs equal keys and sends each pair back to both cells' ranks.
#include <mpi.h>

#include <cstdint>
#include <span>

#include "libpart/mesh/mesh.hpp"
#include "libpart/mpi/distributed_graph.hpp"

namespace part::mpi {

// Collective. `mesh` holds this rank's cells, all of one dimension (the mesh's top one) and
// none of them a ghost, in increasing `cell_ids` (their global vertex ids), and after them any
// boundary elements (boundary_elements.hpp), which are no vertices; `node_ids` is the
// global id of each of its points. Returns the owned vertices (global ids = cell_ids) with
// their neighbour lists ascending, unit weights and no edge weights, and the cell centroids as
// coordinates (dimension: the largest over ranks, missing axes 0).
//
// Cells of one rank are adjacent by build_dual_graph's face rule; cells of different ranks
// when they share a whole face (the same node set). The two agree on conforming meshes; they
// differ only where a face of one cell lies among another cell's nodes without being one of
// its faces (non-conforming transitions). O(local faces x log) per rank.
DistributedGraph distributed_dual_graph(MPI_Comm comm, const Mesh& mesh,
                                        std::span<const VertexId> cell_ids,
                                        std::span<const std::int64_t> node_ids);

} // namespace part::mpi
