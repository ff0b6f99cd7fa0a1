#pragma once
// What the solver writes and reads: the final values (--output) and checkpoints (--checkpoint,
// --restart). A checkpoint is a folder: state.pvtu with one piece per rank (state_<r>.vtu, its
// cells with cell arrays u and GlobalCellIds) and checkpoint.json with the step reached, so
// ParaView opens the state and a restart on any rank count finds the old partition in the
// pieces.
#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

#include "examples/demo_solver/cell_mesh.hpp"
#include "examples/demo_solver/rebalance.hpp"

namespace demo {

// Collective. The owned values of every rank, in global id order, on rank 0 (empty elsewhere).
std::vector<double> gather_values(MPI_Comm comm, const CellMesh& mesh, const SolverState& state);

// Writes one value per line ("%.17g": the exact double) in id order, atomically.
void write_values(const std::string& path, const std::vector<double>& values);

// Refuses (throws tools::UsageError) a checkpoint folder that exists but is neither empty nor
// a checkpoint: writing one replaces what is there.
void check_checkpoint_target(const std::string& folder);

// Collective. Writes the checkpoint of `state` into `folder`, staged in folder.partial and
// renamed into place once whole, so the folder holds a whole checkpoint (or what it held).
void write_checkpoint(MPI_Comm comm, const std::string& folder, const CellMesh& mesh,
                      const SolverState& state);

// Collective. Reads the checkpoint in `folder` on any number of ranks: piece k goes to rank
// k mod P, which is then the cells' owner (the old partition a restart moves the cells from).
// Throws part::InputError naming the file on a missing or damaged checkpoint or one of another
// mesh (its cell count or ids do not match).
SolverState read_checkpoint(MPI_Comm comm, const std::string& folder, const CellMesh& mesh);

} // namespace demo
