#pragma once
// Partitioning and rebalancing the solver's cells: every rank holds the whole dual graph, so
// rank 0 partitions (or repartitions with gde: part::api::repartition, the serial method on the
// replicated graph, as the public API offers no distributed repartitioning) and broadcasts the
// parts; every rank then makes the same plan (part::api::make_plan), moves its values with
// part::api::migrate and rebuilds its halo schedule (part::api::halo_schedule).
#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

#include "examples/demo_solver/cell_mesh.hpp"
#include "examples/demo_solver/heat_equation.hpp"

namespace demo {

// This rank and the rank count of `comm`.
int rank_of(MPI_Comm comm);
int size_of(MPI_Comm comm);

struct SolverState {
    std::int64_t step = 0;           // the next step to run
    std::vector<std::int32_t> owner; // the rank of every cell (the same on every rank)
    LocalCells local;
    std::vector<double> values; // the owned cells' u, then the ghosts'
};

struct Moved {
    std::int64_t cells = 0; // cells whose rank changed
    std::int64_t bytes = 0; // their data (u: one double each)
};

// Collective. The cells of every rank, partitioned by `method` (metis, rcb, ...) for the work
// of step `step`, with u = 0 everywhere.
SolverState initial_state(MPI_Comm comm, const CellMesh& mesh, const HeatModel& model,
                          const std::string& method);

// Collective. Partitions the mesh for the work of step `step` into one part per rank (rank 0
// computes, every rank receives the same parts).
std::vector<std::int32_t> partition_cells(MPI_Comm comm, const CellMesh& mesh,
                                          const HeatModel& model, std::int64_t step,
                                          const std::string& method);

// Collective. Moves the cells from state.owner to the ranks of `new_part` (part q on rank
// rank_of_part[q]) with a plan: state.local.ids and the first ids.size() values are this
// rank's cells before, its new cells with their halos after.
Moved move_cells(MPI_Comm comm, const CellMesh& mesh, SolverState& state,
                 const std::vector<std::int32_t>& new_part,
                 const std::vector<std::int32_t>& rank_of_part);

// Collective. Repartitions with gde for the work of the next step (state.step) and moves the
// cells there.
Moved rebalance(MPI_Comm comm, const CellMesh& mesh, const HeatModel& model, SolverState& state);

} // namespace demo
