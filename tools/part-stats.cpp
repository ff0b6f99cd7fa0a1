// part-stats: quality of a partition of a graph, as a table or JSON.
#include <iostream>
#include <sstream>

#include "formats/graph_inputs.hpp"
#include "libpart/core/metrics.hpp"
#include "tools/common/cli.hpp"
#include "tools/common/report.hpp"
#include "tools/common/stopwatch.hpp"

int main(int argc, char** argv) {
    using namespace part;
    CLI::App app("Report the quality of a partition: edge cut, communication volume (METIS "
                 "definitions), imbalance per constraint, boundary vertices, neighbouring parts, "
                 "disconnected and empty parts.");
    tools::add_example(app, "part-stats data/naca0012.graph data/naca0012.graph.part.8 --json");
    tools::CommonOptions common;
    std::string graph_path, partition_path, coords_path, targets_path;
    PartId num_parts = 0;
    app.add_option("GRAPH", graph_path, "Chaco/METIS graph file")->required();
    app.add_option("PARTITION", partition_path, "Partition file: one 0-based part id per line")
        ->required();
    app.add_option("--coords", coords_path, "Coordinates file (.xyz), checked against the graph");
    app.add_option("-k,--parts", num_parts,
                   "Number of parts (default: K of a name ending .part.K, else the largest id + 1)")
        ->check(CLI::PositiveNumber);
    app.add_option("--targets", targets_path, "Target capacities, one per part, for the imbalance");
    tools::add_common_options(app, common, {});

    return tools::run_tool(app, argc, argv, [&] {
        tools::ensure_output_usable(common.output, {graph_path, partition_path});
        tools::Progress progress(common.quiet);
        progress.stage("reading " + graph_path);
        tools::Stopwatch clock;
        tools::CpuStopwatch cpu_clock;
        const Graph graph =
            formats::read_graph_beside_partition(graph_path, coords_path, partition_path);
        const double read_seconds = clock.lap();
        const double read_cpu_seconds = cpu_clock.lap();
        tools::ensure_parts_fit(num_parts, graph.num_vertices());
        Partition partition = formats::read_partition_with_targets(
            partition_path, graph.num_vertices(), num_parts, targets_path);

        progress.stage("computing metrics");
        clock.lap();
        const PartitionMetrics metrics = compute_metrics(graph, partition);
        const double metrics_seconds = clock.lap();
        if (common.verbose)
            std::cerr << "timing: read graph " << read_seconds << " s (cpu " << read_cpu_seconds
                      << " s), metrics " << metrics_seconds << " s\n";
        std::ostringstream report;
        if (common.json)
            report << tools::metrics_json(metrics).dump(2) << "\n";
        else
            tools::print_metrics_table(report, metrics);
        tools::write_report(report.str(), common);
    });
}
