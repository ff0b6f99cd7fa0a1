// part-repart: repartition a graph from an old partition when loads or the processor count
// change, writing the new partition and the migration plan that carries it out.
#include <iostream>
#include <optional>
#include <tuple>

#include "formats/graph_inputs.hpp"
#include "formats/mpi/distributed_repart_job.hpp"
#include "formats/partition_file.hpp"
#include "formats/repart_files.hpp"
#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/mpi_environment.hpp"
#include "libpart/repart/judged_repart.hpp"
#include "tools/common/cli.hpp"
#include "tools/common/mpi/part_repart.hpp"
#include "tools/common/repart_report.hpp"

namespace {

using namespace part;

// Under mpirun: the distributed job (formats/mpi), checked as it learns the input, then the
// report on rank 0.
void run_distributed(formats::mpi::DistributedRepartOptions options,
                     const tools::CommonOptions& common, int rank) {
    formats::mpi::DistributedRepartJob job(MPI_COMM_WORLD, std::move(options));
    tools::check_distributed_input(job);
    job.repartition();
    tools::check_dataset_outputs(job);
    job.write();
    if (rank != 0) return;
    if (common.verbose) tools::print_stage_seconds(std::cerr);
    const auto& o = job.options();
    tools::report_distributed_repart(tools::report_stream(common, {o.partition_path, o.plan_path}),
                                     common, job);
}

// --migration-cost prices migration in the serial adaptive and gde methods only.
void check_migration_cost(bool given, const std::string& method, bool under_mpirun) {
    if (given && method != "adaptive" && method != "gde")
        throw tools::UsageError("--migration-cost applies to --method adaptive and gde");
    if (given && under_mpirun && method == "gde")
        throw tools::UsageError("--migration-cost: the distributed gde does not price migration; "
                                "run gde without mpirun, or --method adaptive");
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
                 "plan (with --plan), and reports cut, imbalance, data moved, messages and after "
                 "how many steps the remap pays for itself.");
    tools::add_example(app, "part-repart mesh.graph mesh.graph.part.16 -k 16 --method interval -o "
                            "new.part --plan move.plan");
    tools::CommonOptions common;
    formats::mpi::DistributedRepartOptions o; // the options, for either path
    RepartRequest& request = o.request;
    CostModel& model = o.controller.model;
    std::string arrangement = "mcr", ptype = "kway";
    app.add_option("GRAPH", o.graph_path,
                   "Chaco/METIS graph file with the new vertex weights, or under mpirun a .pvtu "
                   "with one piece per rank")
        ->required();
    app.add_option("OLD", o.old_path,
                   "Old partition file (part id per line); required unless GRAPH is a .pvtu (whose "
                   "piece r is then old part r)");
    app.add_option("--pvtu", o.pvtu_output,
                   "With a .pvtu GRAPH: write the cells redistributed, one piece per new part, as "
                   "this .pvtu (a file, not '-'; an existing one is replaced all-or-nothing)");
    app.add_option(
        "--weight-field", o.pvtu.weight_field,
        "With a .pvtu GRAPH: cell array giving vertex weights (k components: k constraints)");
    app.add_option("--size-field", o.pvtu.size_field,
                   "With a .pvtu GRAPH: cell array giving migration sizes");
    app.add_option("--weight-scale", o.pvtu.weight_scale,
                   "Multiply the fields' values by S and round them (real-valued fields)")
        ->check(CLI::PositiveNumber);
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
                   "interval: ordering file, line i = 0-based position of vertex i, as part-order "
                   "writes (default: Hilbert order of --coords, else the numbering)");
    app.add_option("--coords", o.coords_path,
                   "Coordinates file (.xyz); interval orders vertices along a Hilbert curve");
    app.add_option("--scheme", request.scheme,
                   "hier: the old partition's scheme, e.g. BEAM-Z[YX][4x4] (part-partition "
                   "reports it); its cut planes move to follow the new loads");
    app.add_option("--arrangement", arrangement,
                   "interval: order of parts over intervals (aligned: exact when the old parts are "
                   "intervals of the line, else mcr)")
        ->check(CLI::IsMember(arrangement_names()))
        ->capture_default_str();
    app.add_option("--message-cost", request.message_cost,
                   "interval: cost of one message in vertex-size units when arranging")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    app.add_option("--plan", o.plan_path,
                   "Migration plan output ('-': standard output); none written without it");
    app.add_option(
        "--ufactor", request.metis.ufactor,
        "Allowed imbalance in 1/1000 (default 30): METIS's for scratch; adaptive, interval and gde "
        "spend it on moving less (0: exactly proportional intervals, GDE balancing to the "
        "average)");
    app.add_option("--ptype", ptype, "scratch: METIS scheme kway or rb")
        ->check(CLI::IsMember({"kway", "rb"}));
    for (auto [name, value, what] :
         {std::tuple{"--time-per-weight", &model.time_per_weight, "unit vertex weight per step"},
          {"--time-per-cut-edge", &model.time_per_cut_edge, "unit cut edge weight per step"},
          {"--latency", &model.latency, "message of the remap"},
          {"--time-per-size", &model.time_per_size, "unit vertex size moved"}})
        app.add_option(name, *value, std::string("Cost model: s per ") + what)
            ->capture_default_str();
    app.add_option(
           "--migration-cost", request.migration_cost,
           "adaptive, gde: cut edge weight one unit of moved vertex size is worth (default 0.5; "
           "with --horizon H: time-per-size / (time-per-cut-edge x H), the cost model's); lower "
           "buys a lower cut for more moved data (adaptive below 0.25 also tries a scratch-remap)")
        ->check(CLI::NonNegativeNumber);
    app.add_option(
           "--horizon", o.controller.horizon,
           "Remap only if it pays off within this many solver steps (the next chance to remap), by "
           "the cost model; else keep the old partition and move nothing (default: always remap)")
        ->check(CLI::PositiveNumber);
    app.add_flag("--controller")
        ->description("Under mpirun: rank 0 decides as controller from the loads the ranks send "
                      "(interval; the default; gde runs decentralized)");
    tools::add_common_options(app, common, {.seed = true});

    auto run_serial = [&] {
        tools::Progress progress(common.quiet);
        progress.stage("reading " + o.graph_path);
        const Graph graph =
            formats::read_graph_beside_partition(o.graph_path, o.coords_path, o.old_path);
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
        progress.stage("writing " + tools::written_files(common.output, o.plan_path));
        formats::write_repart_outputs(common.output, o.plan_path, judged.result.partition,
                                      judged.plan);
        if (!tools::reports(common)) return;
        tools::report_repart(tools::report_stream(common, {common.output, o.plan_path}), common,
                             o.method, o.plan_path, compute_metrics(graph, judged.result.partition),
                             judged);
    };

    return tools::run_tool(app, argc, argv, [&] {
        tools::check_repart_options(o, common, app.count("-k") > 0, mpi_env.has_value(), ranks);
        o.partition_path = common.output;
        check_migration_cost(app.count("--migration-cost") > 0, o.method, mpi_env.has_value());
        if (o.controller.horizon && !app.count("--migration-cost"))
            request.migration_cost = migration_cost(model, *o.controller.horizon);
        request.arrangement = arrangement_named(arrangement);
        request.metis.seed = common.seed;
        request.tolerance = ufactor_tolerance(request.metis);
        request.metis.type =
            ptype == "rb" ? MetisOptions::Type::RecursiveBisection : MetisOptions::Type::Kway;
        // Distributed under mpirun: interval (along --order, the Hilbert order of --coords, or
        // the numbering) and gde for any rank and part counts, one rank included (their files
        // are those of any rank count); adaptive on two ranks or more when the part count stays
        // (-k absent, or equal to --old-parts, else to the count in the old partition's file
        // name). On one rank adaptive runs serially: the same method without borders between
        // ranks, whose reshaping may move both ends of every edge.
        const PartId old_parts =
            o.old_parts > 0 ? o.old_parts : formats::parts_from_name(o.old_path);
        const bool same_count = o.new_parts == 0 || o.new_parts == old_parts;
        if (formats::mpi::is_pvtu(o.graph_path) ||
            (mpi_env && (o.method == "gde" || o.method == "interval" ||
                         (o.method == "adaptive" && same_count && ranks > 1))))
            return run_distributed(o, common, rank);
        // Not distributed (scratch) on several ranks: rank 0 runs the serial method while the
        // others wait for its verdict.
        if (ranks == 1) return run_serial();
        mpi::collectively(MPI_COMM_WORLD, [&] {
            if (rank == 0) run_serial();
        });
    });
}
