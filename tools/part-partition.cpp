// part-partition: partition a graph into K parts and report its quality.
#include <iostream>

#include "formats/chaco_graph.hpp"
#include "formats/coordinates_file.hpp"
#include "formats/partition_file.hpp"
#include "libpart/core/metrics.hpp"
#include "libpart/partition/metis_partition.hpp"
#include "tools/common/cli.hpp"
#include "tools/common/report.hpp"

int main(int argc, char** argv) {
    using namespace part;
    CLI::App app(
        "Partition a graph into K parts. Writes GRAPH.part.K (one part id per line) like gpmetis "
        "and prints the quality table of part-stats.");
    tools::add_example(app, "part-partition data/naca0012.graph -k 8 --method metis");
    tools::CommonOptions common;
    std::string graph_path, coords_path, targets_path, method = "metis", ptype = "kway",
                                                       objtype = "cut";
    PartId k = 0;
    MetisOptions metis;
    app.add_option("GRAPH", graph_path, "Chaco/METIS graph file")->required();
    app.add_option("-k,--parts", k, "Number of parts")->required()->check(CLI::PositiveNumber);
    app.add_option("--method", method, "Partitioning method")
        ->check(CLI::IsMember({"metis"}))
        ->capture_default_str();
    app.add_option("--coords", coords_path, "Coordinates file (.xyz) for geometric methods");
    app.add_option("--targets", targets_path, "Target capacities, one positive number per part");
    app.add_option("--ufactor", metis.ufactor,
                   "Allowed imbalance in 1/1000 (METIS default: 30 k-way, 1 rb)");
    app.add_option("--ptype", ptype, "METIS scheme: kway or rb")
        ->check(CLI::IsMember({"kway", "rb"}))
        ->capture_default_str();
    app.add_option("--objtype", objtype, "METIS objective: cut or vol")
        ->check(CLI::IsMember({"cut", "vol"}))
        ->capture_default_str();
    app.add_flag("--contig", metis.contig, "METIS: force contiguous parts");
    app.add_flag("--minconn", metis.minconn, "METIS: minimise the number of neighbouring parts");
    app.add_option("--ncuts", metis.ncuts, "METIS: partitions to compute, keeping the best")
        ->check(CLI::PositiveNumber);
    app.add_option("--niter", metis.niter, "METIS: refinement iterations")
        ->check(CLI::PositiveNumber);
    tools::add_common_options(app, common, true);

    return tools::run_tool(app, argc, argv, [&] {
        const std::string output =
            common.output.empty() ? graph_path + ".part." + std::to_string(k) : common.output;
        tools::ensure_not_an_input(output, {graph_path, coords_path, targets_path});
        tools::Progress progress(common.quiet);
        progress.stage("reading " + graph_path);
        Graph graph = formats::read_chaco_graph(graph_path);
        if (!coords_path.empty())
            graph.coords = formats::read_coordinates(coords_path, graph.num_vertices());
        if (k > graph.num_vertices() && graph.num_vertices() > 0)
            throw tools::UsageError("-k " + std::to_string(k) + " exceeds the graph's " +
                                    std::to_string(graph.num_vertices()) + " vertices");
        Partition partition{k, {}, {}};
        if (!targets_path.empty()) partition.targets = formats::read_targets(targets_path, k);

        progress.stage("partitioning with " + method);
        metis.type =
            ptype == "rb" ? MetisOptions::Type::RecursiveBisection : MetisOptions::Type::Kway;
        metis.objective =
            objtype == "vol" ? MetisOptions::Objective::Volume : MetisOptions::Objective::Cut;
        metis.seed = common.seed;
        partition.part = partition_with_metis(graph, k, partition.targets, metis);

        formats::write_partition(output, partition.part);
        const PartitionMetrics metrics = compute_metrics(graph, partition);
        if (common.json) {
            auto report = tools::metrics_json(metrics);
            report["output"] = output;
            report["method"] = method;
            std::cout << report.dump(2) << "\n";
        } else {
            std::cout << "Wrote " << output << "\n";
            tools::print_metrics_table(std::cout, metrics);
        }
    });
}
