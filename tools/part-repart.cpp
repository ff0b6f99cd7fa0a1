// part-repart: repartition a graph from an old partition when loads or the processor count
// change, writing the new partition and the migration plan that carries it out.
#include <cmath>
#include <iomanip>
#include <iostream>
#include <optional>

#include "formats/atomic_output.hpp"
#include "formats/graph_inputs.hpp"
#include "formats/mpi/distributed_chaco.hpp"
#include "formats/mpi/distributed_pvtu.hpp"
#include "formats/mpi/repart_output.hpp"
#include "formats/partition_file.hpp"
#include "formats/permutation_file.hpp"
#include "formats/plan_file.hpp"
#include "formats/pvtu_migration.hpp"
#include "formats/pvtu_replacement.hpp"
#include "formats/vtk_mesh.hpp"
#include "libpart/core/metrics.hpp"
#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/distributed_repart.hpp"
#include "libpart/mpi/exchange.hpp"
#include "libpart/mpi/mpi_environment.hpp"
#include "libpart/order/order_method.hpp"
#include "libpart/plan/migration_plan.hpp"
#include "libpart/plan/plan_traffic.hpp"
#include "libpart/repart/amortization.hpp"
#include "libpart/repart/repart_method.hpp"
#include "tools/common/cli.hpp"
#include "tools/common/plan_report.hpp"
#include "tools/common/report.hpp"
#include "tools/common/stopwatch.hpp"

namespace {

using namespace part;

nlohmann::json amortization_json(const Amortization& a) {
    return {{"old_step_seconds",
             std::isinf(a.old_step) ? nlohmann::json(nullptr) : nlohmann::json(a.old_step)},
            {"new_step_seconds", a.new_step},
            {"remap_seconds", a.remap},
            {"mandatory", a.mandatory},
            {"pays_off", a.pays_off},
            {"steps", std::isinf(a.steps) ? nlohmann::json(nullptr) : nlohmann::json(a.steps)}};
}

void print_amortization(std::ostream& out, const Amortization& a) {
    out << std::defaultfloat << std::setprecision(4) << "Amortization (cost model: see README)\n";
    out << "  step time old / new   ";
    if (a.mandatory)
        out << "(old uses a leaving rank) / " << a.new_step << " s\n";
    else
        out << a.old_step << " / " << a.new_step << " s\n";
    out << "  remap time            " << a.remap << " s\n";
    out << "  amortized after       ";
    if (a.mandatory)
        out << "0 steps (mandatory: ranks are leaving)\n";
    else if (!a.pays_off)
        out << "never (the new partition is not faster)\n";
    else
        out << std::ceil(a.steps) << " steps\n";
}

// The controller's decision (Kaddoura & Ranka 1995, 3.5), with the figures it rests on.
// `seconds`: what judging the candidate took (its loads, the cost model, the decision).
nlohmann::json decision_json(const RemapDecision& d, const Amortization& candidate,
                             double seconds) {
    nlohmann::json j = {{"remap", d.remap}, {"horizon_steps", nullptr}, {"seconds", seconds}};
    if (d.horizon) j["horizon_steps"] = *d.horizon;
    j["reason"] = !d.horizon           ? "no --horizon: remap unconditionally"
                  : d.forced           ? "mandatory: ranks are leaving or parts retire"
                  : d.remap            ? "amortized within the horizon"
                  : candidate.pays_off ? "not amortized within the horizon: old partition kept"
                                       : "the candidate is not faster: old partition kept";
    return j;
}

void print_decision(std::ostream& out, const RemapDecision& d, const Amortization& candidate) {
    if (!d.horizon) return;
    out << std::defaultfloat << std::setprecision(4) << "Decision (horizon " << *d.horizon
        << " steps): ";
    if (d.forced)
        out << "remap (mandatory: ranks are leaving or parts retire)\n";
    else if (d.remap)
        out << "remap: " << candidate.remap << " s of remap <= " << *d.horizon << " x "
            << candidate.saved_per_step << " s saved per step\n";
    else if (!candidate.pays_off)
        out << "keep the old partition: the candidate is not faster (step " << candidate.new_step
            << " s vs " << candidate.old_step << " s); nothing moves\n";
    else
        out << "keep the old partition: " << candidate.remap << " s of remap > " << *d.horizon
            << " x " << candidate.saved_per_step << " s saved per step (amortized after "
            << std::ceil(candidate.steps) << " steps); nothing moves\n";
}

RepartRequest::Arrangement arrangement_from(const std::string& name) {
    if (name == "identity") return RepartRequest::Arrangement::Identity;
    if (name == "exhaustive") return RepartRequest::Arrangement::Exhaustive;
    if (name == "aligned") return RepartRequest::Arrangement::Aligned;
    return RepartRequest::Arrangement::Mcr;
}

// What the distributed path needs from the command line.
struct DistributedJob {
    std::string graph_path, old_path, targets_path, order_path, coords_path, output, plan_path;
    PartId old_parts = 0, new_parts = 0;
    RepartRequest request;
    bool json = false, quiet = false, verbose = false;
    formats::mpi::PvtuInputOptions pvtu; // GRAPH is a .pvtu
    std::string pvtu_output;             // --pvtu
    int ghost_layers = 0;                // --ghost-layers
    mpi::ControllerOptions controller;   // cost model; interval: --horizon
};

// A .pvtu GRAPH: rank r reads piece r and the dual graph is built distributed; the cells
// themselves stay in `piece` for writing the new dataset. `hilbert_line`: without --order,
// the line is the Hilbert order of --coords, as for the serial interval method.
mpi::DistributedInput read_input(MPI_Comm comm, DistributedJob& job, Mesh& piece,
                                 bool hilbert_line) {
    if (!formats::mpi::is_pvtu(job.graph_path))
        return formats::mpi::read_distributed_input(comm, job.graph_path, job.old_path,
                                                    job.old_parts, job.coords_path, job.order_path,
                                                    hilbert_line);
    job.pvtu.old_path = job.old_path;
    job.pvtu.old_parts = job.old_parts;
    job.pvtu.order_path = job.order_path;
    job.pvtu.hilbert_line = hilbert_line;
    formats::mpi::DistributedPvtu read =
        formats::mpi::read_distributed_pvtu(comm, job.graph_path, job.pvtu);
    piece = std::move(read.piece);
    return std::move(read.input);
}

// Under mpirun: parallel input, the distributed method (libpart/mpi), MPI-IO output, report.
void run_distributed(MPI_Comm comm, DistributedJob job, const std::string& method) {
    int rank = 0, ranks = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &ranks);
    Mesh piece;
    std::optional<mpi::StageClock> clock(std::in_place, "read");
    mpi::DistributedInput input = read_input(comm, job, piece, method == "interval");
    clock.reset();
    const VertexId n = input.graph.global_vertices;
    RepartRequest& request = job.request;
    request.new_parts = job.new_parts > 0 ? job.new_parts : input.old_parts;
    if (n > 0) tools::ensure_parts_fit(job.old_parts, n, "--old-parts");
    if (n > 0) tools::ensure_parts_fit(request.new_parts, n);
    if (method == "gde" && job.controller.horizon)
        throw tools::UsageError("--horizon: the distributed gde moves vertices while it balances, "
                                "so no candidate can be judged before data moves; use --method "
                                "interval (the controller decides) or run part-repart serially");
    if (!job.targets_path.empty())
        request.targets = mpi::collectively(comm, [&] {
            return rank == 0 ? formats::read_targets(job.targets_path, request.new_parts)
                             : std::vector<double>{};
        });
    mpi::broadcast(comm, request.targets);

    clock.emplace("method");
    const mpi::DistributedRepartResult result =
        method == "gde" ? mpi::distributed_gde(comm, input, request, job.controller.model)
                        : mpi::distributed_interval(comm, input, request, job.controller);
    // The new dataset is staged and checked first, so all outputs appear together or none.
    std::optional<formats::mpi::PendingDistributedPvtu> dataset;
    if (!job.pvtu_output.empty()) {
        // Now that K2 is known: no new piece may be one of the dataset's files.
        for (const auto& path : formats::pvtu_files_touched(
                 job.pvtu_output, formats::mpi::distributed_piece_stem(job.pvtu_output),
                 request.new_parts))
            tools::ensure_output_usable(path, formats::pvtu_files(job.graph_path));
        dataset.emplace(comm, job.pvtu_output, piece, input.block_start, result, job.ghost_layers);
    }
    clock.emplace("write");
    formats::mpi::write_repart_outputs(comm, job.output, job.plan_path, result);
    clock.reset();
    if (dataset) dataset->commit();
    const auto [sent_total, sent_most] = mpi::reduce_bytes_sent(comm);
    if (rank != 0) return;
    if (job.verbose)
        for (const auto& [stage, seconds] : mpi::stage_seconds())
            std::cerr << "rank 0 " << stage << ": " << std::fixed << std::setprecision(3) << seconds
                      << " s\n"
                      << std::defaultfloat;

    std::ostream& out = tools::report_stream({job.output, job.plan_path});
    if (job.json) {
        nlohmann::json report;
        report["method"] = method;
        report["distributed"] = {
            {"ranks", ranks}, {"bytes_sent", sent_total}, {"max_bytes_sent_by_a_rank", sent_most}};
        if (method == "interval") report["distributed"]["controller_rank"] = 0;
        report["output"] = job.output;
        report["plan"] = job.plan_path;
        report["edge_cut"] = result.edge_cut;
        report["imbalance"] = result.imbalance;
        report["part_weights"] = result.part_weights;
        report["migration"] = tools::traffic_json(result.plan.outline, result.plan.traffic);
        if (!job.verbose) report["migration"].erase("traffic");
        for (const auto& [name, value] : result.details) report["details"][name] = value;
        if (result.candidate) report["amortization"] = amortization_json(*result.candidate);
        if (result.candidate && result.decision.horizon)
            report["decision"] =
                decision_json(result.decision, *result.candidate, result.decision_seconds);
        if (dataset)
            report["dataset"] = {{"output", job.pvtu_output},
                                 {"cells", dataset->report().cells},
                                 {"points", dataset->report().points},
                                 {"piece_cells", dataset->report().piece_cells},
                                 {"written", dataset->report().written}};
        out << report.dump(2) << "\n";
    } else if (!job.quiet) {
        out << "Wrote " << job.output << " and " << job.plan_path << " (method " << method
            << ", distributed over " << ranks << " ranks"
            << (method == "interval" ? ", rank 0 as controller)\n" : ")\n");
        out << "Edge cut " << result.edge_cut << ", imbalance " << std::setprecision(4)
            << result.imbalance << "\n";
        out << "Communicated " << sent_total << " bytes (at most " << sent_most
            << " sent by one rank)\n";
        out << "Migration: ";
        tools::print_traffic_summary(out, result.plan.outline, result.plan.traffic);
        if (result.candidate) {
            print_amortization(out, *result.candidate);
            print_decision(out, result.decision, *result.candidate);
        }
        if (dataset)
            out << "Wrote " << job.pvtu_output << " and " << dataset->report().written.size() - 1
                << " pieces: " << dataset->report().cells << " cells and "
                << dataset->report().points
                << " points, every cell and field moved once (checked)\n";
    }
}

// A .pvtu GRAPH runs distributed only (one piece per rank), with interval or gde; no output
// may overwrite the dataset or its pieces (outputs: -o, --plan, --pvtu).
void check_pvtu_usage(bool under_mpirun, int ranks, const std::string& graph_path,
                      const std::string& method, const std::string& coords_path,
                      const std::vector<std::string>& outputs, PartId new_parts) {
    if (!under_mpirun)
        throw tools::UsageError(graph_path + " is read in parallel: run mpirun -np N part-repart "
                                             "with N = its number of pieces");
    if (method != "interval" && method != "gde")
        throw tools::UsageError("a .pvtu GRAPH takes --method interval or gde");
    if (!coords_path.empty())
        throw tools::UsageError("--coords: a .pvtu GRAPH has the cell centroids");
    const std::vector<std::string> inputs = formats::pvtu_files(graph_path);
    for (const std::string& output : outputs) tools::ensure_output_usable(output, inputs);
    const std::string& pvtu_output = outputs.back();
    if (pvtu_output.empty()) return;
    tools::ensure_file_output(pvtu_output, "--pvtu", tools::kPvtuFiles);
    if (!formats::mpi::is_pvtu(pvtu_output))
        throw tools::UsageError("--pvtu must name a .pvtu file, not '" + pvtu_output + "'");
    const PartId pieces = std::max<PartId>(new_parts, PartId(ranks));
    for (const auto& piece : formats::pvtu_files_touched(
             pvtu_output, formats::mpi::distributed_piece_stem(pvtu_output), pieces))
        tools::ensure_output_usable(piece, inputs);
}

} // namespace

int main(int argc, char** argv) {
    // Under mpirun every rank runs this; only rank 0 speaks.
    std::optional<mpi::MpiEnvironment> mpi_env;
    if (mpi::launched_by_mpirun()) mpi_env.emplace(argc, argv);
    const int ranks = mpi_env ? mpi_env->size() : 1;
    const int rank = mpi_env ? mpi_env->rank() : 0;
    mpi::QuietUnlessRoot quiet_ranks(rank);
    CLI::App app(
        "Repartition a graph from its old partition when loads (vertex weights in GRAPH) or the "
        "processor "
        "count change. Writes the new partition (-o) and the migration plan (--plan), and reports "
        "cut, "
        "imbalance, data moved, messages and after how many steps the remap pays for itself.");
    tools::add_example(
        app, "part-repart mesh.graph --old mesh.graph.part.16 -k 16 --method interval -o new.part "
             "--plan move.plan");
    tools::CommonOptions common;
    std::string graph_path, old_path, targets_path, order_path, coords_path, plan_path, method,
        arrangement = "mcr";
    PartId new_parts = 0, old_parts = 0;
    RepartRequest request;
    CostModel model;
    std::string ptype = "kway";
    app.add_option("GRAPH", graph_path,
                   "Chaco/METIS graph file with the new vertex weights, or under mpirun a .pvtu "
                   "with one piece per rank")
        ->required();
    app.add_option("--old", old_path,
                   "Old partition file (part id per line); required unless GRAPH is a .pvtu "
                   "(whose piece r is then old part r)");
    std::string pvtu_output, weight_field, size_field;
    app.add_option("--pvtu", pvtu_output,
                   "With a .pvtu GRAPH: write the cells redistributed, one piece per new part, "
                   "as this .pvtu (a file, not '-'; an existing one is replaced all-or-nothing)");
    app.add_option("--weight-field", weight_field,
                   "With a .pvtu GRAPH: cell array giving vertex weights (k components: k "
                   "constraints)");
    app.add_option("--size-field", size_field,
                   "With a .pvtu GRAPH: cell array giving migration sizes");
    int ghost_layers = 0;
    app.add_option("--ghost-layers", ghost_layers,
                   "With --pvtu: ghost cell layers per new piece, marked vtkGhostType")
        ->check(CLI::Range(0, 8));
    app.add_option("--old-parts", old_parts,
                   "Old part count (default: K of a name *.part.K, else largest id + 1)");
    app.add_option("-k,--parts", new_parts,
                   "New part count K2 (default: the old count); may shrink or grow");
    app.add_option("--targets", targets_path, "New capacities, one positive number per new part");
    app.add_option("--method", method, "Repartitioning method")
        ->required()
        ->check(CLI::IsMember(repart_method_names()));
    app.add_option("--order", order_path,
                   "interval: ordering file, line i = 0-based position of vertex i, as "
                   "part-order writes (default: Hilbert order of --coords, else the numbering)");
    app.add_option("--coords", coords_path,
                   "Coordinates file (.xyz); interval orders vertices along a Hilbert curve");
    app.add_option("--arrangement", arrangement,
                   "interval: order of parts over intervals (aligned: exact when the old parts "
                   "are intervals of the line, else mcr)")
        ->check(CLI::IsMember({"mcr", "identity", "exhaustive", "aligned"}))
        ->capture_default_str();
    app.add_option("--message-cost", request.message_cost,
                   "interval: cost of one message in vertex-size units when arranging")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    app.add_option("--plan", plan_path, "Migration plan output ('-': standard output)")->required();
    app.add_option(
        "--ufactor", request.metis.ufactor,
        "Allowed imbalance in 1/1000 (default 30): METIS's for scratch; interval and gde "
        "spend it on moving less (0: exactly proportional intervals, GDE balancing to the "
        "average)");
    app.add_option("--ptype", ptype, "scratch: METIS scheme kway or rb")
        ->check(CLI::IsMember({"kway", "rb"}));
    app.add_option("--time-per-weight", model.time_per_weight,
                   "Cost model: s per unit vertex weight per step")
        ->capture_default_str();
    app.add_option("--time-per-cut-edge", model.time_per_cut_edge,
                   "Cost model: s per unit cut edge weight per step")
        ->capture_default_str();
    app.add_option("--latency", model.latency, "Cost model: s per message of the remap")
        ->capture_default_str();
    app.add_option("--time-per-size", model.time_per_size,
                   "Cost model: s per unit vertex size moved")
        ->capture_default_str();
    double horizon = 0;
    app.add_option("--horizon", horizon,
                   "Remap only if it pays off within this many solver steps (the next chance to "
                   "remap), by the cost model; else keep the old partition and move nothing "
                   "(default: always remap)")
        ->check(CLI::PositiveNumber);
    bool controller = false;
    app.add_flag("--controller", controller,
                 "Under mpirun: rank 0 decides as controller from the loads the ranks send "
                 "(interval; the default; gde runs decentralized)");
    tools::add_common_options(app, common, true);

    auto horizon_steps = [&]() -> std::optional<double> {
        if (app.count("--horizon")) return horizon;
        return std::nullopt;
    };

    auto run_serial = [&] {
        tools::Progress progress(common.quiet);

        progress.stage("reading " + graph_path);
        Graph graph = formats::read_graph_with_coordinates(graph_path, coords_path);
        const Partition old_p = formats::read_partition(old_path, graph.num_vertices(), old_parts);
        tools::ensure_parts_fit(old_parts, graph.num_vertices(), "--old-parts");
        request.new_parts = new_parts > 0 ? new_parts : old_p.num_parts;
        if (graph.num_vertices() > 0)
            tools::ensure_parts_fit(request.new_parts, graph.num_vertices());
        if (!targets_path.empty())
            request.targets = formats::read_targets(targets_path, request.new_parts);
        if (!order_path.empty())
            request.position = formats::read_permutation(order_path, graph.num_vertices());
        else if (!graph.coords.empty())
            request.position = compute_order(graph, "hilbert", OrderOptions{});
        request.arrangement = arrangement_from(arrangement);
        request.metis.seed = common.seed;
        request.tolerance = ufactor_tolerance(request.metis);
        request.metis.type =
            ptype == "rb" ? MetisOptions::Type::RecursiveBisection : MetisOptions::Type::Kway;

        progress.stage("repartitioning with " + method);
        RepartResult result = repart_method(method)(graph, old_p, request);
        MigrationPlan plan = diff(old_p, result.partition, result.new_part_rank);
        PlanTraffic traffic = plan_traffic(plan, graph.vsize);
        tools::Stopwatch judging;
        const Amortization amortized =
            amortization(graph, old_p, result.partition, result.new_part_rank, traffic, model);
        const RemapDecision decision =
            decide_remap(amortized, horizon_steps(), old_p.num_parts, request.new_parts);
        if (!decision.remap) {
            result.partition = kept_partition(old_p, request.new_parts, request.targets);
            result.new_part_rank = identity_ranks(request.new_parts);
            plan = diff(old_p, result.partition, result.new_part_rank);
            traffic = plan_traffic(plan, graph.vsize);
        }
        const double decision_seconds = judging.lap();

        // Both outputs appear together or not at all.
        progress.stage("writing " + common.output + " and " + plan_path);
        formats::PendingFile partition_file(common.output), plan_file(plan_path);
        partition_file.write(formats::partition_text(result.partition.part));
        plan_file.write(formats::format_plan(plan));
        partition_file.commit();
        plan_file.commit();

        const PartitionMetrics metrics = compute_metrics(graph, result.partition);
        std::ostream& out = tools::report_stream({common.output, plan_path});
        if (common.json) {
            nlohmann::json report;
            report["method"] = method;
            report["output"] = common.output;
            report["plan"] = plan_path;
            report["metrics"] = tools::metrics_json(metrics);
            report["migration"] = tools::traffic_json(plan, traffic);
            if (!common.verbose) report["migration"].erase("traffic");
            report["amortization"] = amortization_json(amortized);
            if (decision.horizon)
                report["decision"] = decision_json(decision, amortized, decision_seconds);
            for (const auto& [name, value] : result.details) report["details"][name] = value;
            out << report.dump(2) << "\n";
        } else if (!common.quiet) {
            out << "Wrote " << common.output << " and " << plan_path << " (method " << method
                << ")\n";
            tools::print_metrics_table(out, metrics);
            out << "Migration: ";
            tools::print_traffic_summary(out, plan, traffic);
            print_amortization(out, amortized);
            print_decision(out, decision, amortized);
        }
    };

    return tools::run_tool(app, argc, argv, [&] {
        if (common.output.empty()) throw tools::UsageError("-o NEW.part is required");
        const std::vector<std::string> inputs{graph_path, old_path, targets_path, order_path,
                                              coords_path};
        tools::ensure_output_usable(common.output, inputs);
        tools::ensure_output_usable(plan_path, inputs);
        if (plan_path == common.output) throw tools::UsageError("-o and --plan name the same file");
        tools::ensure_one_standard_output({common.output, plan_path});
        if (app.count("-k") && new_parts < 1)
            throw tools::UsageError("-k " + std::to_string(new_parts) +
                                    ": the new part count must be at least 1");
        validate(model);
        const bool pvtu_input = formats::mpi::is_pvtu(graph_path);
        if (pvtu_input) {
            check_pvtu_usage(mpi_env.has_value(), ranks, graph_path, method, coords_path,
                             {common.output, plan_path, pvtu_output}, new_parts);
        } else if (old_path.empty()) {
            throw tools::UsageError("--old is required (the old partition of GRAPH)");
        } else if (!pvtu_output.empty() || !weight_field.empty() || !size_field.empty()) {
            throw tools::UsageError("--pvtu, --weight-field and --size-field need a .pvtu GRAPH");
        }
        if (ghost_layers > 0 && pvtu_output.empty())
            throw tools::UsageError("--ghost-layers needs --pvtu");
        // Distributed under mpirun, one rank included (its files are those of any rank
        // count): interval (along --order, the Hilbert order of --coords, or the numbering),
        // and gde for any rank and part counts.
        if (pvtu_input || (mpi_env && (method == "gde" || method == "interval"))) {
            DistributedJob job{
                graph_path,     old_path,  targets_path, order_path, coords_path, common.output,
                plan_path,      old_parts, new_parts,    request,    common.json, common.quiet,
                common.verbose, {},        {},           0,          {}};
            job.request.arrangement = arrangement_from(arrangement);
            job.pvtu.weight_field = weight_field;
            job.pvtu.size_field = size_field;
            job.pvtu_output = pvtu_output;
            job.ghost_layers = ghost_layers;
            job.controller = {model, horizon_steps()};
            job.request.tolerance = ufactor_tolerance(request.metis);
            run_distributed(MPI_COMM_WORLD, job, method);
            return;
        }
        if (ranks > 1) {
            // Not distributed (scratch): rank 0 runs the serial method while the
            // others wait for its verdict.
            mpi::collectively(MPI_COMM_WORLD, [&] {
                if (rank == 0) run_serial();
            });
            return;
        }
        run_serial();
    });
}
