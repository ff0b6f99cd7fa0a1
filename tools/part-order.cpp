// part-order: a locality-preserving ordering of a graph's vertices, written as a permutation,
// with its quality for index-based partitioning (edge cut of equal contiguous blocks).
#include <iostream>

#include "formats/graph_inputs.hpp"
#include "formats/permutation_file.hpp"
#include "libpart/order/order_method.hpp"
#include "libpart/partition/order_quality.hpp"
#include "tools/common/cli.hpp"
#include "tools/common/partition_report.hpp"
#include "tools/common/report.hpp"
#include "tools/common/stopwatch.hpp"

int main(int argc, char** argv) {
    using namespace part;
    CLI::App app(
        "Order the vertices of a graph so that contiguous blocks of the ordering are compact "
        "(index-based partitioning). Writes the new 0-based position of each vertex, one per line, "
        "and reports the edge cut of K equal blocks for K = 2, 4, ..., 256.");
    tools::add_example(
        app,
        "part-order data/naca0012.graph --method hilbert --coords data/naca0012.xyz -o naca.perm");
    tools::CommonOptions common;
    std::string graph_path, coords_path, method;
    app.add_option("GRAPH", graph_path, "Chaco/METIS graph file")->required();
    app.add_option(
           "--method", method,
           "hilbert, morton, rcb, inertial (need --coords); spectral, bfs, rcm, nd (graph only)")
        ->required()
        ->check(CLI::IsMember(order_methods()));
    app.add_option("--coords", coords_path, "Coordinates file (.xyz), one point per vertex");
    tools::add_common_options(app, common, {.seed = true});

    return tools::run_tool(app, argc, argv, [&] {
        const std::string output = common.output.empty() ? graph_path + ".perm" : common.output;
        tools::ensure_output_usable(output, {graph_path, coords_path});
        if (order_needs_coordinates(method) && coords_path.empty())
            throw tools::UsageError(
                "--method " + method +
                " needs vertex coordinates: give --coords FILE (.xyz, one point per vertex; "
                "part-convert writes one from a mesh), or use spectral, bfs, rcm or nd");
        tools::Progress progress(common.quiet);
        progress.stage("reading " + graph_path);
        Graph graph = formats::read_graph_with_coordinates(graph_path, coords_path);

        progress.stage("ordering with " + method);
        OrderOptions options;
        options.seed = common.seed;
        tools::Stopwatch clock;
        const Permutation order = compute_order(graph, method, options);
        const double order_seconds = clock.lap();
        formats::write_permutation(output, order);

        progress.stage("measuring block cuts");
        const tools::OrderReport report{output,
                                        method,
                                        graph.num_vertices(),
                                        graph.num_edges(),
                                        block_cut_quality(graph, order),
                                        order_seconds};
        tools::print_report(tools::report_stream(common, {output}), report, common);
    });
}
