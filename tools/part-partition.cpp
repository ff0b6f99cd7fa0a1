// part-partition: partition a graph into K parts and report its quality.
#include <iostream>

#include "formats/graph_inputs.hpp"
#include "formats/partition_file.hpp"
#include "formats/permutation_file.hpp"
#include "libpart/core/metrics.hpp"
#include "libpart/order/order_method.hpp"
#include "libpart/partition/hierarchical_scheme.hpp"
#include "libpart/partition/partition_method.hpp"
#include "tools/common/cli.hpp"
#include "tools/common/report.hpp"
#include "tools/common/stopwatch.hpp"

namespace part::tools {
namespace {

// The file written, the method (and hier's scheme) and the quality.
struct PartitionReport {
    std::string output, method;
    std::string scheme; // the scheme hier chose; empty for the other methods
    PartitionMetrics metrics;
    double read_seconds = 0, partition_seconds = 0; // ordering included in partitioning
};

void to_json(nlohmann::json& json, const PartitionReport& r) {
    json = metrics_json(r.metrics);
    json["output"] = r.output;
    json["method"] = r.method;
    if (!r.scheme.empty()) json["scheme"] = r.scheme;
    json["seconds"] = {{"read", r.read_seconds}, {"partition", r.partition_seconds}};
}

// "Wrote OUTPUT", the scheme, the quality table and, when `verbose`, the seconds.
void print_text(std::ostream& out, const PartitionReport& r, bool verbose) {
    out << "Wrote " << r.output << "\n";
    if (!r.scheme.empty()) out << "Scheme " << r.scheme << "\n";
    print_metrics_table(out, r.metrics);
    if (verbose)
        out << "  seconds: reading " << r.read_seconds << ", partitioning " << r.partition_seconds
            << "\n";
}

} // namespace
} // namespace part::tools

namespace {

// Option combinations the command line gets wrong (exit code 2), said before any work.
void check_method_inputs(const std::string& method, const part::Graph& graph, part::PartId k,
                         const part::PartitionOptions& options, const std::string& coords_path,
                         const std::string& order_path) {
    using part::tools::UsageError;
    if (!order_path.empty() && method != "blocks")
        throw UsageError("--order is only used by --method blocks, not " + method);
    const bool given_order = method == "blocks" && !order_path.empty();
    if (!given_order && part::partition_needs_coordinates(method, options) && coords_path.empty())
        throw UsageError(
            "--method " + method +
            (method == "blocks" ? " with --order-method " + options.order_method : std::string()) +
            " needs vertex coordinates: give --coords FILE (.xyz, one point per vertex; "
            "part-convert writes one from a mesh), or use a graph method (spectral, farhat, metis, "
            "or blocks with --order-method rcm|bfs|nd|spectral)");
    if (method != "hier" || options.scheme == "auto") return;
    const auto scheme = part::tools::as_usage_error(
        [&] { return part::parse_scheme(options.scheme, graph.coords.dim); }, "--scheme: ");
    if (scheme.num_parts() != k)
        throw UsageError("--scheme " + options.scheme + " makes " +
                         std::to_string(scheme.num_parts()) + " parts but -k is " +
                         std::to_string(k));
}

// K as gpmetis takes it (GRAPH K) or as -k K (0: not given): one of them, or both the same.
part::PartId part_count(part::PartId option, part::PartId positional) {
    using part::tools::UsageError;
    if (option == 0 && positional == 0)
        throw UsageError("the number of parts is required: part-partition GRAPH K, or -k K");
    if (option != 0 && positional != 0 && option != positional)
        throw UsageError("K " + std::to_string(positional) + " and -k " + std::to_string(option) +
                         " disagree: give the number of parts once");
    return option != 0 ? option : positional;
}

} // namespace

// Connected parts can cost balance (a fragment as large as the room of its neighbours); the
// refinement's flows move load through chains of parts and keep them connected.
void warn_of_contig_imbalance(const part::Graph& graph, const part::Partition& partition,
                              double tolerance) {
    const double worst = part::imbalance(graph, partition)[0];
    if (worst > 1 + tolerance + 1e-9)
        std::cerr << "warning: connecting the parts left an imbalance of " << worst
                  << ", above the tolerance; part-refine balances them and keeps them "
                     "connected\n";
}

int main(int argc, char** argv) {
    using namespace part;
    CLI::App app("Partition a graph into K parts. Writes GRAPH.part.K (one part id per line) like "
                 "gpmetis and prints the quality table of part-stats.");
    tools::add_example(app, "part-partition data/naca0012.graph -k 8 --method blocks "
                            "--order-method hilbert --coords data/naca0012.xyz");
    tools::CommonOptions common;
    std::string graph_path, coords_path, targets_path, order_path, method = "metis", ptype = "kway",
                                                                   objtype = "cut";
    PartitionOptions options;
    PartId k = 0, k_positional = 0;
    MetisOptions metis;
    app.add_option("GRAPH", graph_path, "Chaco/METIS graph file")->required();
    app.add_option("K", k_positional, "Number of parts, as gpmetis takes it (or -k)")
        ->check(CLI::PositiveNumber);
    app.add_option("-k,--parts", k, "Number of parts")->check(CLI::PositiveNumber);
    app.add_option("--method", method,
                   "blocks (an ordering cut into K blocks), rcb, inertial, hier (need --coords), "
                   "spectral, farhat, metis")
        ->check(CLI::IsMember(partition_methods()))
        ->capture_default_str();
    app.add_option("--coords", coords_path, "Coordinates file (.xyz) for geometric methods");
    app.add_option("--order", order_path, "blocks: a permutation file (as part-order writes)");
    app.add_option("--order-method", options.order_method,
                   "blocks: ordering to compute when --order is absent")
        ->check(CLI::IsMember(order_methods()))
        ->capture_default_str();
    app.add_option("--scheme", options.scheme,
                   "hier: BLOCK[YZX][4x2x2], BEAM-Z[YX][4x4], SLICE-X[16] or auto")
        ->capture_default_str();
    app.add_option("--targets", targets_path, "Target capacities, one positive number per part");
    app.add_option("--ufactor", metis.ufactor,
                   "Allowed imbalance in 1/1000 (METIS default: 30 k-way, 1 rb; others: 30)");
    app.add_option("--ptype", ptype, "METIS scheme: kway or rb")
        ->check(CLI::IsMember({"kway", "rb"}))
        ->capture_default_str();
    app.add_option("--objtype", objtype, "METIS objective: cut or vol")
        ->check(CLI::IsMember({"cut", "vol"}))
        ->capture_default_str();
    app.add_flag("--polish", options.polish,
                 "After the method, an FM boundary pass lowers the cut within --ufactor");
    app.add_flag("--contig", options.contiguous,
                 "Make every part connected (any method; METIS's own option for metis)");
    app.add_flag("--minconn", metis.minconn, "METIS: minimise the number of neighbouring parts");
    app.add_option("--ncuts", metis.ncuts, "METIS: partitions to compute, keeping the best")
        ->check(CLI::PositiveNumber);
    app.add_option("--niter", metis.niter, "METIS: refinement iterations")
        ->check(CLI::PositiveNumber);
    tools::add_common_options(app, common, {.seed = true});

    return tools::run_tool(app, argc, argv, [&] {
        k = part_count(k, k_positional);
        const std::string output =
            common.output.empty() ? graph_path + ".part." + std::to_string(k) : common.output;
        tools::ensure_output_usable(output, {graph_path, coords_path, targets_path, order_path});
        tools::Progress progress(common.quiet);
        tools::Stopwatch clock;
        progress.stage("reading " + graph_path);
        Graph graph = formats::read_graph_with_coordinates(graph_path, coords_path);
        tools::ensure_parts_fit(k, graph.num_vertices());
        if (!targets_path.empty()) options.targets = formats::read_targets(targets_path, k);
        check_method_inputs(method, graph, k, options, coords_path, order_path);
        Permutation order;
        if (!order_path.empty()) {
            order = formats::read_permutation(order_path, graph.num_vertices());
            options.order = &order;
        }

        const double read_seconds = clock.lap();
        progress.stage("partitioning with " + method);
        metis.type =
            ptype == "rb" ? MetisOptions::Type::RecursiveBisection : MetisOptions::Type::Kway;
        metis.objective =
            objtype == "vol" ? MetisOptions::Objective::Volume : MetisOptions::Objective::Cut;
        options.metis = metis;
        options.seed = common.seed;
        options.tolerance = ufactor_tolerance(metis);
        PartitionResult result = partition_graph(graph, method, k, options);
        const double partition_seconds = clock.lap(); // ordering included

        formats::write_partition(output, result.part);
        const Partition partition{k, std::move(result.part), options.targets};
        if (options.contiguous) warn_of_contig_imbalance(graph, partition, options.tolerance);
        if (!tools::reports(common)) return;
        const tools::PartitionReport report{output,        method,
                                            result.scheme, compute_metrics(graph, partition),
                                            read_seconds,  partition_seconds};
        tools::print_report(tools::report_stream(common, {output}), report, common);
    });
}
