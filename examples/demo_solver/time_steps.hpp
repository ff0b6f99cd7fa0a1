#pragma once
// The time loop: halo exchange, update, timing, and (when rebalancing) a remap decided by an
// online policy of libpart/schedule from the measured imbalance.
#include <mpi.h>

#include <cstdint>
#include <string>

#include "examples/demo_solver/cell_mesh.hpp"
#include "examples/demo_solver/heat_equation.hpp"
#include "examples/demo_solver/rebalance.hpp"

namespace demo {

struct LoopOptions {
    std::int64_t last_step = 200; // run steps state.step .. last_step - 1
    bool rebalance = true;
    std::string policy = "stop-at-rise"; // an online policy (online_policies.hpp)
    std::int64_t remap_every = 0;        // > 0: remap every that many steps (for testing)
    double remap_cost = 0; // the policy's estimate of a remap's cost (s) until one is measured
};

struct LoopReport {
    bool rebalance = true;
    std::int64_t steps = 0;
    double step_mean = 0, step_max = 0; // wall time per step (s), slowest rank, remaps excluded
    double imbalance_mean = 0;          // mean over steps of the slowest rank's compute / mean
    double total = 0;                   // the whole loop, remaps included (s)
    std::int64_t remaps = 0;
    double remap_time = 0; // all remaps (repartition, plan, migrate, halo schedule), s
    Moved moved;
};

// Collective. Runs the steps, every rank taking rank 0's remap decisions.
LoopReport run_steps(MPI_Comm comm, const CellMesh& mesh, const HeatModel& model,
                     SolverState& state, const LoopOptions& options);

} // namespace demo
