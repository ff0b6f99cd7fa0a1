#include "examples/demo_solver/time_steps.hpp"

#include <algorithm>

#include "libpart/schedule/online_policies.hpp"
#include "part/part_mpi.hpp"

namespace demo {

namespace {

// One step: the ghosts' values, then the update. Returns this rank's compute time (s).
double step_once(MPI_Comm comm, const HeatModel& model, SolverState& state,
                 std::vector<double>& next) {
    const std::size_t owned = state.local.ids.size();
    const std::vector<double> ghosts =
        part::api::halo_exchange<double>(comm, state.local.schedule, state.local.ids,
                                         std::span<const double>(state.values.data(), owned));
    std::copy(ghosts.begin(), ghosts.end(), state.values.begin() + std::ptrdiff_t(owned));
    next.resize(owned);
    const double start = MPI_Wtime();
    model.advance(state.local, state.values, state.step, next);
    const double compute = MPI_Wtime() - start;
    std::copy(next.begin(), next.end(), state.values.begin());
    ++state.step;
    return compute;
}

double max_over_ranks(MPI_Comm comm, double value) {
    MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_DOUBLE, MPI_MAX, comm);
    return value;
}

} // namespace

LoopReport run_steps(MPI_Comm comm, const CellMesh& mesh, const HeatModel& model,
                     SolverState& state, const LoopOptions& options) {
    int rank = 0, ranks = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &ranks);
    const auto policy =
        part::make_online_policy(options.remap_every > 0 ? "fixed-interval" : options.policy,
                                 {.interval = std::max<std::int64_t>(1, options.remap_every)});
    LoopReport report;
    report.rebalance = options.rebalance;
    part::StepObservation seen{.steps = options.last_step, .remap_cost = options.remap_cost};
    std::vector<double> next;
    MPI_Barrier(comm);
    const double start = MPI_Wtime();
    while (state.step < options.last_step) {
        const double step_start = MPI_Wtime();
        const double compute = step_once(comm, model, state, next);
        // {slowest compute, sum of computes, slowest step}
        double figures[3] = {compute, compute, MPI_Wtime() - step_start};
        MPI_Allreduce(MPI_IN_PLACE, &figures[0], 1, MPI_DOUBLE, MPI_MAX, comm);
        MPI_Allreduce(MPI_IN_PLACE, &figures[1], 1, MPI_DOUBLE, MPI_SUM, comm);
        MPI_Allreduce(MPI_IN_PLACE, &figures[2], 1, MPI_DOUBLE, MPI_MAX, comm);
        const double mean = figures[1] / ranks;
        ++report.steps;
        report.step_mean += figures[2];
        report.step_max = std::max(report.step_max, figures[2]);
        report.imbalance_mean += mean > 0 ? figures[0] / mean : 1.0;

        seen.step = state.step - 1;
        seen.idle = figures[0] - mean;
        if (seen.since_remap == 1) seen.idle_after_remap = seen.idle;
        // Every rank runs the policy on the same figures; rank 0's answer is the one taken.
        int remap = policy->remap_after(seen) ? 1 : 0;
        MPI_Bcast(&remap, 1, MPI_INT, 0, comm);
        ++seen.since_remap;
        if (!options.rebalance || !remap || state.step >= options.last_step) continue;
        const double remap_start = MPI_Wtime();
        const Moved moved = rebalance(comm, mesh, model, state);
        const double cost = max_over_ranks(comm, MPI_Wtime() - remap_start);
        ++report.remaps;
        report.remap_time += cost;
        report.moved.cells += moved.cells;
        report.moved.bytes += moved.bytes;
        seen.remap_cost = cost;
        seen.since_remap = 1;
    }
    report.total = max_over_ranks(comm, MPI_Wtime() - start);
    if (report.steps > 0) {
        report.step_mean /= double(report.steps);
        report.imbalance_mean /= double(report.steps);
    }
    return report;
}

} // namespace demo
