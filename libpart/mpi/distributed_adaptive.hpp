#pragma once
// The adaptive method (adaptive_repart.hpp) on a graph distributed by old part, where each old
// part lies whole on one rank:
// 1. every rank clusters its own vertices within their old parts, as the serial method does
//    (a cluster never crosses a part, so never a rank);
// 2. diffusion: the coarsest clusters, a few percent of the vertices, are gathered on one rank,
//    which moves whole clusters out of the overloaded parts (the serial coarse balance, the
//    same code) and broadcasts where each cluster goes;
// 3. each rank then balances what is left and reshapes the borders on its own vertices, with
//    the vertices of other ranks as fixed ghosts and a share of each part's room. A vertex
//    next to a lower rank stays put, so of the two ends of an edge between ranks only one may
//    move (ParMETIS's refinement likewise lets one side of a border move at a time), and the
//    gains a rank sees are exact.
// Below the serial method's kDiffusionOnlyPrice, as there, a second candidate is made:
// scratch-remap, the level with at most a fifteenth of each rank's vertices gathered on the
// one rank and partitioned afresh with the data's parts priced in (best_anchored_partition),
// then finished as in 3; and both candidates take slack rounds, freeing the two ends of the
// edges between ranks in turn. The lower cut + migration_cost x migration over all ranks is
// kept. Only the gathered stages are serial, on graphs of the cluster counts.
#include <mpi.h>

#include <string>
#include <utility>
#include <vector>

#include "libpart/mpi/distributed_input.hpp"
#include "libpart/repart/repart_method.hpp"

namespace part::mpi {

struct AdaptiveOutcome {
    std::vector<PartId> new_part; // per owned vertex
    std::vector<std::pair<std::string, double>> details;
};

// Collective. The new part of every owned vertex for request.new_parts == input.old_parts
// parts (each new part q is old part q's successor); the vertices do not move. request.targets,
// tolerance and migration_cost as for the serial method. Deterministic for a given P.
AdaptiveOutcome adaptive_new_parts(MPI_Comm comm, const DistributedInput& input,
                                   const RepartRequest& request, int root = 0);

} // namespace part::mpi
