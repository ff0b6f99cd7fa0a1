// part-demo-solver: an explicit heat solver under MPI that rebalances itself with libpart's
// public API. Options and the report live here; the mesh and halos in cell_mesh, the physics
// in heat_equation, the repartitioning and data movement in rebalance, the time loop in
// time_steps, the checkpoint and output files in state_files.
#include <cstdio>
#include <filesystem>
#include <functional>
#include <iostream>
#include <optional>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "examples/demo_solver/cell_mesh.hpp"
#include "examples/demo_solver/heat_equation.hpp"
#include "examples/demo_solver/rebalance.hpp"
#include "examples/demo_solver/state_files.hpp"
#include "examples/demo_solver/time_steps.hpp"
#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/mpi_environment.hpp"
#include "tools/common/cli.hpp"

namespace {

struct Options {
    std::string mesh;
    std::int64_t steps = 200;
    bool no_rebalance = false, compare = false;
    std::string policy = "stop-at-rise", method = "metis";
    std::int64_t remap_every = 0;
    std::string output, checkpoint, restart;
    demo::HeatSource source;
    bool json = false, quiet = false;
};

void add_options(CLI::App& app, Options& o) {
    app.add_option("MESH", o.mesh, "Gmsh .msh mesh (every rank reads it whole)")->required();
    app.add_option("--steps", o.steps,
                   "Step to run to (with --restart: the total, counting the checkpoint's steps)")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    auto* no_rebalance =
        app.add_flag("--no-rebalance", o.no_rebalance, "Keep the initial partition throughout");
    app.add_flag("--compare", o.compare,
                 "Run the steps twice from the same start, without then with rebalancing, and "
                 "report both times and the saving (outputs come from the rebalanced run)")
        ->excludes(no_rebalance);
    app.add_option("--policy", o.policy, "When to remap (libpart/schedule's online policies)")
        ->check(CLI::IsMember({"stop-at-rise", "predictive-interval"}))
        ->capture_default_str();
    app.add_option("--remap-every", o.remap_every,
                   "Remap every K steps instead of asking the policy (for testing)")
        ->check(CLI::PositiveNumber);
    app.add_option("--method", o.method, "Initial partitioning method")
        ->check(CLI::IsMember({"metis", "rcb"}))
        ->capture_default_str();
    app.add_option("--output", o.output,
                   "Write the final u, one value per global cell id, one per line (%.17g)");
    app.add_option("--checkpoint", o.checkpoint,
                   "Write the final state into this folder (state.pvtu: one piece per rank)");
    app.add_option("--restart", o.restart,
                   "Continue from a checkpoint folder, on any number of ranks");
    app.add_option("--source-work", o.source.sub_steps,
                   "Heating sub-steps per step in the hot ball (the extra work)")
        ->check(CLI::Range(1, 1000000))
        ->capture_default_str();
    app.add_option("--source-radius", o.source.radius,
                   "Radius of the hot ball, as a fraction of the domain's largest extent")
        ->check(CLI::Range(0.0, 10.0))
        ->capture_default_str();
    app.add_option("--source-period", o.source.period,
                   "Steps the hot ball takes to cross the domain along x")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    app.add_flag("--json", o.json, "Print the report as JSON");
    app.add_flag("-q,--quiet", o.quiet, "Print nothing but errors");
}

nlohmann::json loop_json(const demo::LoopReport& r) {
    return {{"rebalance", r.rebalance},
            {"steps", r.steps},
            {"time_per_step_mean_s", r.step_mean},
            {"time_per_step_max_s", r.step_max},
            {"imbalance_mean", r.imbalance_mean},
            {"remaps", r.remaps},
            {"remap_time_s", r.remap_time},
            {"cells_moved", r.moved.cells},
            {"bytes_moved", r.moved.bytes},
            {"total_time_s", r.total}};
}

void print_loop(std::ostream& out, const demo::LoopReport& r) {
    char line[400];
    std::snprintf(line, sizeof line,
                  "%s: %lld steps, time per step mean %.6f s, max %.6f s, compute imbalance "
                  "%.3f, remaps %lld (%.3f s), moved %lld cells (%lld bytes), total %.3f s\n",
                  r.rebalance ? "rebalanced" : "not rebalanced", (long long)r.steps, r.step_mean,
                  r.step_max, r.imbalance_mean, (long long)r.remaps, r.remap_time,
                  (long long)r.moved.cells, (long long)r.moved.bytes, r.total);
    out << line;
}

// Runs check() on every rank; when one fails, every rank throws the lowest failing rank's error,
// a usage error (exit 2) when some rank found one.
void check_on_every_rank(MPI_Comm comm, const std::function<void()>& check) {
    int code = 0;
    std::string message;
    try {
        check();
    } catch (const part::tools::UsageError& e) {
        code = part::tools::kUsageError;
        message = e.what();
    } catch (const std::exception& e) {
        code = part::tools::kInputError;
        message = e.what();
    }
    MPI_Allreduce(MPI_IN_PLACE, &code, 1, MPI_INT, MPI_MAX, comm);
    try {
        part::mpi::agree_on_failure(comm, code == 0 || message.empty() ? nullptr : &message);
    } catch (const part::mpi::CollectiveError& e) {
        if (code == part::tools::kUsageError) throw part::tools::UsageError(e.what());
        throw;
    }
}

void run(MPI_Comm comm, const Options& o) {
    int rank = 0, ranks = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &ranks);
    // Before any work, so a bad call writes nothing.
    check_on_every_rank(comm, [&] {
        if (!o.checkpoint.empty()) demo::check_checkpoint_target(o.checkpoint);
        if (!o.output.empty()) part::tools::ensure_output_usable(o.output, {o.mesh});
    });
    const double read_start = MPI_Wtime();
    const demo::CellMesh mesh =
        part::mpi::collectively(comm, [&] { return demo::read_cell_mesh(o.mesh); });
    const demo::HeatModel model(mesh, o.source);
    const double read_time = MPI_Wtime() - read_start, setup_start = MPI_Wtime();
    demo::SolverState start;
    demo::Moved restart_moved;
    if (o.restart.empty()) {
        start = demo::initial_state(comm, mesh, model, o.method);
    } else {
        start = demo::read_checkpoint(comm, o.restart, mesh);
        if (start.step >= o.steps)
            throw part::tools::UsageError(
                "--steps " + std::to_string(o.steps) + ": the checkpoint is at step " +
                std::to_string(start.step) + " already (expected a later step to run to)");
        restart_moved = demo::move_cells(
            comm, mesh, start, demo::partition_cells(comm, mesh, model, start.step, o.method), {});
    }
    // Partitioning and setting up the halos: the policy's estimate of a remap's cost until
    // the first remap measures one.
    // Partitioning and setting up the halos: the policy's estimate of a remap's cost until the
    // first remap measures one.
    const double setup = MPI_Wtime() - setup_start;

    demo::LoopOptions loop{.last_step = o.steps,
                           .rebalance = !o.no_rebalance,
                           .policy = o.policy,
                           .remap_every = o.remap_every,
                           .remap_cost = setup};
    std::vector<demo::LoopReport> reports;
    std::optional<bool> identical; // --compare: the two runs' final values, bit for bit
    demo::SolverState state = start;
    if (o.compare) {
        loop.rebalance = false;
        reports.push_back(demo::run_steps(comm, mesh, model, state, loop));
        const std::vector<double> without = demo::gather_values(comm, mesh, state);
        state = start;
        loop.rebalance = true;
        reports.push_back(demo::run_steps(comm, mesh, model, state, loop));
        const std::vector<double> with = demo::gather_values(comm, mesh, state);
        identical = with == without; // rank 0's answer; the others hold nothing
    } else {
        reports.push_back(demo::run_steps(comm, mesh, model, state, loop));
    }

    const std::vector<double> values =
        o.output.empty() ? std::vector<double>{} : demo::gather_values(comm, mesh, state);
    part::mpi::collectively(comm, [&] {
        if (rank == 0 && !o.output.empty()) demo::write_values(o.output, values);
    });
    if (!o.checkpoint.empty()) demo::write_checkpoint(comm, o.checkpoint, mesh, state);

    if (rank != 0 || (o.quiet && !o.json)) return;
    nlohmann::json report = {{"mesh", o.mesh},
                             {"cells", mesh.num_cells()},
                             {"ranks", ranks},
                             {"first_step", start.step},
                             {"last_step", o.steps},
                             {"policy", o.remap_every > 0 ? "fixed-interval" : o.policy},
                             {"read_time_s", read_time},
                             {"setup_time_s", setup},
                             {"runs", nlohmann::json::array()}};
    for (const auto& r : reports) report["runs"].push_back(loop_json(r));
    if (!o.restart.empty())
        report["restart"] = {{"from", o.restart},
                             {"cells_moved", restart_moved.cells},
                             {"bytes_moved", restart_moved.bytes}};
    if (o.compare) {
        const double saved = reports[0].total - reports[1].total;
        report["saved_s"] = saved;
        report["saved_fraction"] = reports[0].total > 0 ? saved / reports[0].total : 0.0;
        report["identical"] = *identical;
    }
    if (o.json) {
        std::cout << report.dump(2) << "\n";
        return;
    }
    std::cout << "mesh " << o.mesh << ": " << mesh.num_cells() << " cells on " << ranks
              << " ranks, steps " << start.step << " to " << o.steps << ", read " << read_time
              << " s, partition and halos " << setup << " s\n";
    if (!o.restart.empty())
        std::cout << "restart from " << o.restart << ": moved " << restart_moved.cells << " cells ("
                  << restart_moved.bytes << " bytes)\n";
    for (const auto& r : reports) print_loop(std::cout, r);
    if (o.compare) {
        char line[200];
        std::snprintf(line, sizeof line, "saved %.3f s (%.1f%%); final values %s\n",
                      report["saved_s"].get<double>(), 100 * report["saved_fraction"].get<double>(),
                      *identical ? "identical" : "DIFFER");
        std::cout << line;
    }
}

} // namespace

int main(int argc, char** argv) {
    part::mpi::MpiEnvironment mpi_env(argc, argv);
    part::mpi::QuietUnlessRoot quiet_ranks(mpi_env.rank());
    CLI::App app("An explicit finite-volume heat solver with a moving hot source under MPI: "
                 "it partitions the mesh, measures its ranks' step times, remaps when an "
                 "online policy says so (gde), moves its cells with a migration plan and "
                 "rebuilds its halos, all with libpart's public API.");
    part::tools::add_example(app, "mpirun -np 2 part-demo-solver data/channel3d.msh --steps 100 "
                                  "--compare --output u.txt");
    Options options;
    add_options(app, options);
    return part::tools::run_tool(app, argc, argv, [&] { run(MPI_COMM_WORLD, options); });
}
