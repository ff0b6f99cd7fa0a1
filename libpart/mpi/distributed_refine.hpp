#pragma once
// Parallel boundary refinement after the distributed remapping (the refinement rounds that
// may follow the migration, issue 7): cut-lowering moves across rank borders, decided by each
// rank from its ghost labels alone, with no move invalidating another's gain.
#include <mpi.h>

#include <span>
#include <vector>

#include "libpart/mpi/distributed_graph.hpp"

namespace part::mpi {

struct BorderRefineStats {
    int passes = 0;
    VertexId moves = 0;          // over all ranks
    WeightSum cut_reduction = 0; // over all ranks
};

// Collective; part r on rank r as in rebalance_with_gde. A pass goes through the colours of
// the rank links (longer borders first) and, per colour, first the lower then the higher rank
// of each link: that rank moves border vertices to its partner while a move lowers the cut,
// best gain first, keeps the partner within (1 + tolerance) x its target weight, leaves the
// mover a vertex and its part locally connected. A rank has one partner per colour and only
// one side moves, so no vertex a gain counts changes part meanwhile and the cut falls by
// exactly the gains. Each step with moves is one migration; passes repeat while one moves
// something, up to max_passes. Deterministic for a given P.
BorderRefineStats refine_borders(MPI_Comm comm, DistributedGraph& graph,
                                 const std::vector<VertexId>& block_start,
                                 std::vector<int>& block_owner,
                                 std::span<std::vector<std::int32_t>* const> carried,
                                 PartId new_parts, const std::vector<double>& targets,
                                 double tolerance, int max_passes = 3);

} // namespace part::mpi
