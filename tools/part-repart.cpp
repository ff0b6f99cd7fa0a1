// part-repart: repartition a graph from an old partition when loads or the processor count
// change, writing the new partition and the migration plan that carries it out.
#include <iostream>
#include <optional>

#include "formats/graph_inputs.hpp"
#include "formats/mpi/distributed_repart_job.hpp"
#include "formats/partition_file.hpp"
#include "formats/pvtu_migration.hpp"
#include "formats/repart_files.hpp"
#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/mpi_environment.hpp"
#include "libpart/repart/judged_repart.hpp"
#include "tools/common/cli.hpp"
#include "tools/common/mpi/distributed_repart_report.hpp"
#include "tools/common/repart_report.hpp"

namespace {

using namespace part;

// Under mpirun: the distributed job (formats/mpi), with the checks of what it reads, then the
// report on rank 0.
void run_distributed(formats::mpi::DistributedRepartOptions options,
                     const tools::CommonOptions& common) {
    const PartId old_parts = options.old_parts;
    const bool horizon = options.controller.horizon.has_value();
    formats::mpi::DistributedRepartJob job(MPI_COMM_WORLD, std::move(options));
    if (const VertexId n = job.vertices(); n > 0) {
        tools::ensure_parts_fit(old_parts, n, "--old-parts");
        tools::ensure_parts_fit(job.new_parts(), n);
    }
    if (job.options().method == "gde" && horizon)
        throw tools::UsageError("--horizon: the distributed gde moves vertices while it balances, "
                                "so no candidate can be judged before data moves; use --method "
                                "interval (the controller decides) or run part-repart serially");
    job.repartition();
    // Now that K2 is known: no new piece may be one of the dataset's files.
    for (const auto& path : job.dataset_files())
        tools::ensure_output_usable(path, formats::pvtu_files(job.options().graph_path));
    job.write();
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank != 0) return;
    if (common.verbose) tools::print_stage_seconds(std::cerr);
    tools::report_distributed_repart(
        tools::report_stream({job.options().partition_path, job.options().plan_path}), common, job);
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
    for (const auto& piece : formats::mpi::distributed_pvtu_files_touched(pvtu_output, pieces))
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
    CLI::App app("Repartition a graph from its old partition when loads (vertex weights in GRAPH) "
                 "or the processor count change. Writes the new partition (-o) and the migration "
                 "plan (--plan), and reports cut, imbalance, data moved, messages and after how "
                 "many steps the remap pays for itself.");
    tools::add_example(
        app, "part-repart mesh.graph --old mesh.graph.part.16 -k 16 --method interval -o new.part "
             "--plan move.plan");
    tools::CommonOptions common;
    formats::mpi::DistributedRepartOptions o; // the options, for either path
    RepartRequest& request = o.request;
    CostModel& model = o.controller.model;
    std::string arrangement = "mcr", ptype = "kway";
    app.add_option("GRAPH", o.graph_path,
                   "Chaco/METIS graph file with the new vertex weights, or under mpirun a .pvtu "
                   "with one piece per rank")
        ->required();
    app.add_option("--old", o.old_path,
                   "Old partition file (part id per line); required unless GRAPH is a .pvtu "
                   "(whose piece r is then old part r)");
    app.add_option("--pvtu", o.pvtu_output,
                   "With a .pvtu GRAPH: write the cells redistributed, one piece per new part, "
                   "as this .pvtu (a file, not '-'; an existing one is replaced all-or-nothing)");
    app.add_option("--weight-field", o.pvtu.weight_field,
                   "With a .pvtu GRAPH: cell array giving vertex weights (k components: k "
                   "constraints)");
    app.add_option("--size-field", o.pvtu.size_field,
                   "With a .pvtu GRAPH: cell array giving migration sizes");
    app.add_option("--ghost-layers", o.ghost_layers,
                   "With --pvtu: ghost cell layers per new piece, marked vtkGhostType")
        ->check(CLI::Range(0, 8));
    app.add_option("--old-parts", o.old_parts,
                   "Old part count (default: K of a name *.part.K, else largest id + 1)");
    app.add_option("-k,--parts", o.new_parts,
                   "New part count K2 (default: the old count); may shrink or grow");
    app.add_option("--targets", o.targets_path, "New capacities, one positive number per new part");
    app.add_option("--method", o.method, "Repartitioning method")
        ->required()
        ->check(CLI::IsMember(repart_method_names()));
    app.add_option("--order", o.order_path,
                   "interval: ordering file, line i = 0-based position of vertex i, as "
                   "part-order writes (default: Hilbert order of --coords, else the numbering)");
    app.add_option("--coords", o.coords_path,
                   "Coordinates file (.xyz); interval orders vertices along a Hilbert curve");
    app.add_option("--arrangement", arrangement,
                   "interval: order of parts over intervals (aligned: exact when the old parts "
                   "are intervals of the line, else mcr)")
        ->check(CLI::IsMember(arrangement_names()))
        ->capture_default_str();
    app.add_option("--message-cost", request.message_cost,
                   "interval: cost of one message in vertex-size units when arranging")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    app.add_option("--plan", o.plan_path, "Migration plan output ('-': standard output)")
        ->required();
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

    auto run_serial = [&] {
        tools::Progress progress(common.quiet);
        progress.stage("reading " + o.graph_path);
        const Graph graph = formats::read_graph_with_coordinates(o.graph_path, o.coords_path);
        const Partition old_p =
            formats::read_partition(o.old_path, graph.num_vertices(), o.old_parts);
        tools::ensure_parts_fit(o.old_parts, graph.num_vertices(), "--old-parts");
        request.new_parts = o.new_parts > 0 ? o.new_parts : old_p.num_parts;
        if (graph.num_vertices() > 0)
            tools::ensure_parts_fit(request.new_parts, graph.num_vertices());
        formats::read_repart_request_files(request, graph, o.targets_path, o.order_path);
        progress.stage("repartitioning with " + o.method);
        const JudgedRepart judged = judged_repartition(
            graph, old_p, request, repart_method(o.method), model, o.controller.horizon);
        progress.stage("writing " + common.output + " and " + o.plan_path);
        formats::write_repart_outputs(common.output, o.plan_path, judged.result.partition,
                                      judged.plan);
        tools::report_repart(tools::report_stream({common.output, o.plan_path}), common, o.method,
                             o.plan_path, compute_metrics(graph, judged.result.partition), judged);
    };

    return tools::run_tool(app, argc, argv, [&] {
        if (common.output.empty()) throw tools::UsageError("-o NEW.part is required");
        o.partition_path = common.output;
        const std::vector<std::string> inputs{o.graph_path, o.old_path, o.targets_path,
                                              o.order_path, o.coords_path};
        tools::ensure_output_usable(common.output, inputs);
        tools::ensure_output_usable(o.plan_path, inputs);
        if (o.plan_path == common.output)
            throw tools::UsageError("-o and --plan name the same file");
        tools::ensure_one_standard_output({common.output, o.plan_path});
        if (app.count("-k") && o.new_parts < 1)
            throw tools::UsageError("-k " + std::to_string(o.new_parts) +
                                    ": the new part count must be at least 1");
        validate(model);
        const bool pvtu_input = formats::mpi::is_pvtu(o.graph_path);
        if (pvtu_input) {
            check_pvtu_usage(mpi_env.has_value(), ranks, o.graph_path, o.method, o.coords_path,
                             {common.output, o.plan_path, o.pvtu_output}, o.new_parts);
        } else if (o.old_path.empty()) {
            throw tools::UsageError("--old is required (the old partition of GRAPH)");
        } else if (!o.pvtu_output.empty() || !o.pvtu.weight_field.empty() ||
                   !o.pvtu.size_field.empty()) {
            throw tools::UsageError("--pvtu, --weight-field and --size-field need a .pvtu GRAPH");
        }
        if (o.ghost_layers > 0 && o.pvtu_output.empty())
            throw tools::UsageError("--ghost-layers needs --pvtu");
        if (app.count("--horizon")) o.controller.horizon = horizon;
        request.arrangement = arrangement_named(arrangement);
        request.metis.seed = common.seed;
        request.tolerance = ufactor_tolerance(request.metis);
        request.metis.type =
            ptype == "rb" ? MetisOptions::Type::RecursiveBisection : MetisOptions::Type::Kway;
        // Distributed under mpirun, one rank included (its files are those of any rank
        // count): interval (along --order, the Hilbert order of --coords, or the numbering),
        // and gde for any rank and part counts.
        if (pvtu_input || (mpi_env && (o.method == "gde" || o.method == "interval")))
            return run_distributed(o, common);
        // Not distributed (scratch) on several ranks: rank 0 runs the serial method while the
        // others wait for its verdict.
        if (ranks == 1) return run_serial();
        mpi::collectively(MPI_COMM_WORLD, [&] {
            if (rank == 0) run_serial();
        });
    });
}
