// part-order: a locality-preserving ordering of a graph's vertices, written as a permutation,
// with its quality for index-based partitioning (edge cut of equal contiguous blocks).
#include <algorithm>
#include <iomanip>
#include <iostream>

#include "formats/graph_inputs.hpp"
#include "formats/permutation_file.hpp"
#include "libpart/order/order_method.hpp"
#include "libpart/partition/order_quality.hpp"
#include "tools/common/cli.hpp"
#include "tools/common/report.hpp"
#include "tools/common/stopwatch.hpp"

namespace part::tools {
namespace {

// The file written and the edge cut of equal contiguous blocks of the ordering.
struct OrderReport {
    std::string output, method;
    VertexId vertices = 0;
    EdgeOffset edges = 0;
    std::vector<BlockCut> blocks;
    double seconds = 0; // computing the ordering
};

void to_json(nlohmann::json& json, const OrderReport& r) {
    nlohmann::json blocks = nlohmann::json::array();
    for (const BlockCut& row : r.blocks)
        blocks.push_back(
            {{"parts", row.parts}, {"edge_cut", row.edge_cut}, {"imbalance", row.imbalance}});
    json = {{"output", r.output}, {"method", r.method},   {"vertices", r.vertices},
            {"edges", r.edges},   {"block_cuts", blocks}, {"seconds", r.seconds}};
}

// "Wrote OUTPUT", with `verbose` the time taken, and the table of block cuts.
void print_text(std::ostream& out, const OrderReport& r, bool verbose) {
    out << "Wrote " << r.output << "\n";
    if (verbose) out << "Ordering took " << r.seconds << " s\n";
    out << "Equal contiguous blocks of the " << r.method << " ordering (" << r.vertices
        << " vertices, " << r.edges << " edges)\n";
    out << "  " << std::setw(6) << "K" << std::setw(14) << "edge cut" << std::setw(12) << "cut %"
        << std::setw(12) << "imbalance"
        << "\n";
    for (const BlockCut& row : r.blocks)
        out << "  " << std::setw(6) << row.parts << std::setw(14) << row.edge_cut << std::setw(12)
            << std::fixed << std::setprecision(2)
            << 100.0 * double(row.edge_cut) / double(std::max<EdgeOffset>(r.edges, 1))
            << std::setw(12) << std::setprecision(3) << row.imbalance << "\n";
}

} // namespace
} // namespace part::tools

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
