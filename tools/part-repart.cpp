// part-repart: repartition a graph from an old partition when loads or the processor count
// change, writing the new partition and the migration plan that carries it out.
#include <cmath>
#include <iomanip>
#include <iostream>
#include <optional>

#include "formats/atomic_output.hpp"
#include "formats/chaco_graph.hpp"
#include "formats/coordinates_file.hpp"
#include "formats/mpi/distributed_chaco.hpp"
#include "formats/mpi/ordered_output.hpp"
#include "formats/partition_file.hpp"
#include "formats/permutation_file.hpp"
#include "formats/plan_file.hpp"
#include "libpart/core/metrics.hpp"
#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/exchange.hpp"
#include "libpart/mpi/interval_controller.hpp"
#include "libpart/mpi/mpi_environment.hpp"
#include "libpart/mpi/vertex_directory.hpp"
#include "libpart/order/order_method.hpp"
#include "libpart/plan/migration_plan.hpp"
#include "libpart/plan/plan_traffic.hpp"
#include "libpart/repart/amortization.hpp"
#include "libpart/repart/repart_method.hpp"
#include "tools/common/cli.hpp"
#include "tools/common/plan_report.hpp"
#include "tools/common/report.hpp"

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

RepartRequest::Arrangement arrangement_from(const std::string& name) {
    if (name == "identity") return RepartRequest::Arrangement::Identity;
    if (name == "exhaustive") return RepartRequest::Arrangement::Exhaustive;
    if (name == "aligned") return RepartRequest::Arrangement::Aligned;
    return RepartRequest::Arrangement::Mcr;
}

// What the distributed path needs from the command line.
struct DistributedJob {
    std::string graph_path, old_path, targets_path, order_path, output, plan_path;
    PartId old_parts = 0, new_parts = 0;
    RepartRequest request;
    bool json = false, quiet = false, verbose = false;
};

// The distributed interval repartition (Kaddoura & Ranka 1995, 3.5): parallel input, rank 0
// decides as controller, vertices move directly to their new ranks, the partition is written
// with MPI-IO from every rank. The plan is assembled and written on rank 0 (it needs the old
// and new part of every vertex: 8 bytes per vertex there, no adjacency).
void run_distributed_interval(MPI_Comm comm, DistributedJob job) {
    int rank = 0, ranks = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &ranks);
    formats::mpi::DistributedInput input = formats::mpi::read_distributed_input(
        comm, job.graph_path, job.old_path, job.old_parts, {}, job.order_path);
    const VertexId n = input.graph.global_vertices;
    RepartRequest& request = job.request;
    request.new_parts = job.new_parts > 0 ? job.new_parts : input.old_parts;
    if (n > 0 && request.new_parts > n)
        throw tools::UsageError("-k " + std::to_string(request.new_parts) +
                                " exceeds the graph's " + std::to_string(n) + " vertices");
    if (!job.targets_path.empty())
        request.targets = mpi::collectively(comm, [&] {
            return rank == 0 ? formats::read_targets(job.targets_path, request.new_parts)
                             : std::vector<double>{};
        });
    std::vector<double>& targets = request.targets;
    long long target_count = static_cast<long long>(targets.size());
    MPI_Bcast(&target_count, 1, MPI_LONG_LONG, 0, comm);
    targets.resize(std::size_t(target_count));
    MPI_Bcast(targets.data(), int(target_count), MPI_DOUBLE, 0, comm);

    const mpi::IntervalPlan plan = mpi::controller_interval(
        comm, input.graph, input.old_part, input.old_parts, input.position, request);

    // The partition file in file order: each rank writes the block it read.
    std::vector<PartId> block_new_part(input.block_old_part.size());
    for (std::size_t i = 0; i < block_new_part.size(); ++i)
        block_new_part[i] =
            plan.part_at(input.block_position.empty() ? input.block_start[rank] + VertexId(i)
                                                      : input.block_position[i]);
    // Data moves directly from the old part's rank to the new part's rank.
    std::vector<PartId> new_part(input.old_part.size());
    std::vector<int> destination(new_part.size());
    for (std::size_t v = 0; v < new_part.size(); ++v) {
        new_part[v] =
            plan.part_at(input.position.empty() ? input.graph.global_id[v] : input.position[v]);
        destination[v] = mpi::owner_of_part(plan.new_part_rank[new_part[v]], ranks);
    }
    std::vector<std::int32_t>* carried[] = {&input.old_part, &new_part};
    mpi::migrate(comm, input.graph, destination, carried);
    const std::vector<WeightSum> weights =
        mpi::global_part_weights(comm, input.graph, new_part, request.new_parts);
    const WeightSum cut =
        mpi::distributed_edge_cut(comm, input.graph, new_part, input.block_start, block_new_part);

    formats::mpi::SharedPendingFile partition_file(comm, job.output),
        plan_file(comm, job.plan_path);
    formats::mpi::write_partition_blocks(comm, partition_file.temp_path(), block_new_part);

    Partition old_p{input.old_parts, mpi::gather_pieces<PartId>(comm, input.block_old_part), {}};
    Partition new_p{request.new_parts, mpi::gather_pieces<PartId>(comm, block_new_part),
                    request.targets};
    const std::vector<Weight> sizes = mpi::gather_pieces<Weight>(comm, input.block_vertex_size);
    MigrationPlan migration;
    PlanTraffic traffic;
    mpi::collectively(comm, [&] {
        if (rank != 0) return;
        migration = diff(old_p, new_p, plan.new_part_rank);
        traffic = plan_traffic(migration, sizes);
        formats::write_plan(plan_file.temp_path(), migration);
    });
    // Both outputs appear together or not at all.
    mpi::collectively(comm, [&] {
        partition_file.commit();
        plan_file.commit();
    });
    long long sent = mpi::bytes_sent(), sent_total = 0, sent_most = 0;
    MPI_Reduce(&sent, &sent_total, 1, MPI_LONG_LONG, MPI_SUM, 0, comm);
    MPI_Reduce(&sent, &sent_most, 1, MPI_LONG_LONG, MPI_MAX, 0, comm);
    if (rank != 0) return;

    WeightSum total = 0;
    for (WeightSum w : weights) total += w;
    double imbalance = 0;
    for (PartId q = 0; q < request.new_parts; ++q)
        imbalance = std::max(imbalance, double(weights[q]) / (new_p.target(q) * double(total)));
    if (job.json) {
        nlohmann::json report;
        report["method"] = "interval";
        report["distributed"] = {{"ranks", ranks},
                                 {"controller_rank", 0},
                                 {"bytes_sent", sent_total},
                                 {"max_bytes_sent_by_a_rank", sent_most}};
        report["output"] = job.output;
        report["plan"] = job.plan_path;
        report["edge_cut"] = cut;
        report["imbalance"] = imbalance;
        report["part_weights"] = weights;
        report["migration"] = tools::traffic_json(migration, traffic);
        if (!job.verbose) report["migration"].erase("traffic");
        for (const auto& [name, value] : plan.details) report["details"][name] = value;
        std::cout << report.dump(2) << "\n";
    } else if (!job.quiet) {
        std::cout << "Wrote " << job.output << " and " << job.plan_path
                  << " (method interval, distributed over " << ranks
                  << " ranks, rank 0 as controller)\n";
        std::cout << "Edge cut " << cut << ", imbalance " << std::setprecision(4) << imbalance
                  << "\n";
        std::cout << "Communicated " << sent_total << " bytes (at most " << sent_most
                  << " sent by one rank)\n";
        std::cout << "Migration: ";
        tools::print_traffic_summary(std::cout, migration, traffic);
    }
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
    app.add_option("GRAPH", graph_path, "Chaco/METIS graph file with the new vertex weights")
        ->required();
    app.add_option("--old", old_path, "Old partition file (part id per line)")->required();
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
    app.add_option("--plan", plan_path, "Migration plan output")->required();
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
    bool controller = false;
    app.add_flag("--controller", controller,
                 "Under mpirun: rank 0 decides as controller from the loads the ranks send "
                 "(interval; the default and only distributed scheme for now)");
    tools::add_common_options(app, common, true);

    auto run_serial = [&] {
        tools::Progress progress(common.quiet);

        progress.stage("reading " + graph_path);
        Graph graph = formats::read_chaco_graph(graph_path);
        if (!coords_path.empty())
            graph.coords = formats::read_coordinates(coords_path, graph.num_vertices());
        const Partition old_p = formats::read_partition(old_path, graph.num_vertices(), old_parts);
        request.new_parts = new_parts > 0 ? new_parts : old_p.num_parts;
        if (graph.num_vertices() > 0 && request.new_parts > graph.num_vertices())
            throw tools::UsageError("-k " + std::to_string(request.new_parts) +
                                    " exceeds the graph's " + std::to_string(graph.num_vertices()) +
                                    " vertices");
        if (!targets_path.empty())
            request.targets = formats::read_targets(targets_path, request.new_parts);
        if (!order_path.empty())
            request.position = formats::read_permutation(order_path, graph.num_vertices());
        else if (!graph.coords.empty())
            request.position = compute_order(graph, "hilbert", OrderOptions{});
        request.arrangement = arrangement_from(arrangement);
        request.metis.seed = common.seed;
        request.tolerance = (request.metis.ufactor < 0 ? 30 : request.metis.ufactor) / 1000.0;
        request.metis.type =
            ptype == "rb" ? MetisOptions::Type::RecursiveBisection : MetisOptions::Type::Kway;

        progress.stage("repartitioning with " + method);
        const RepartResult result = repart_method(method)(graph, old_p, request);
        const MigrationPlan plan = diff(old_p, result.partition, result.new_part_rank);
        const PlanTraffic traffic = plan_traffic(plan, graph.vsize);
        const Amortization amortized =
            amortization(graph, old_p, result.partition, result.new_part_rank, traffic, model);

        // Both outputs appear together or not at all.
        progress.stage("writing " + common.output + " and " + plan_path);
        formats::PendingFile partition_file(common.output), plan_file(plan_path);
        formats::write_partition(partition_file.temp_path(), result.partition.part);
        formats::write_plan(plan_file.temp_path(), plan);
        partition_file.commit();
        plan_file.commit();

        const PartitionMetrics metrics = compute_metrics(graph, result.partition);
        if (common.json) {
            nlohmann::json report;
            report["method"] = method;
            report["output"] = common.output;
            report["plan"] = plan_path;
            report["metrics"] = tools::metrics_json(metrics);
            report["migration"] = tools::traffic_json(plan, traffic);
            if (!common.verbose) report["migration"].erase("traffic");
            report["amortization"] = amortization_json(amortized);
            for (const auto& [name, value] : result.details) report["details"][name] = value;
            std::cout << report.dump(2) << "\n";
        } else if (!common.quiet) {
            std::cout << "Wrote " << common.output << " and " << plan_path << " (method " << method
                      << ")\n";
            tools::print_metrics_table(std::cout, metrics);
            std::cout << "Migration: ";
            tools::print_traffic_summary(std::cout, plan, traffic);
            print_amortization(std::cout, amortized);
        }
    };

    return tools::run_tool(app, argc, argv, [&] {
        if (common.output.empty()) throw tools::UsageError("-o NEW.part is required");
        const std::vector<std::string> inputs{graph_path, old_path, targets_path, order_path,
                                              coords_path};
        tools::ensure_not_an_input(common.output, inputs);
        tools::ensure_not_an_input(plan_path, inputs);
        if (plan_path == common.output) throw tools::UsageError("-o and --plan name the same file");
        if (app.count("-k") && new_parts < 1)
            throw tools::UsageError("-k " + std::to_string(new_parts) +
                                    ": the new part count must be at least 1");
        validate(model);
        if (ranks > 1 && method == "interval" && coords_path.empty()) {
            DistributedJob job{graph_path,    old_path,    targets_path, order_path,
                               common.output, plan_path,   old_parts,    new_parts,
                               request,       common.json, common.quiet, common.verbose};
            job.request.arrangement = arrangement_from(arrangement);
            job.request.tolerance =
                (request.metis.ufactor < 0 ? 30 : request.metis.ufactor) / 1000.0;
            run_distributed_interval(MPI_COMM_WORLD, job);
            return;
        }
        if (ranks > 1) {
            // Not distributed yet (gde, scratch, interval along --coords): rank 0 runs
            // the serial method while the others wait for its verdict.
            mpi::collectively(MPI_COMM_WORLD, [&] {
                if (rank == 0) run_serial();
            });
            return;
        }
        run_serial();
    });
}
