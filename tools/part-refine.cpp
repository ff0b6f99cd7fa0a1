// part-refine: refine or rebalance an existing partition with the generalized dimension
// exchange (GDE) and flow derouting (Xu, Lau & Diekmann 1997, Section 6).
#include <charconv>
#include <iostream>

#include "formats/graph_inputs.hpp"
#include "formats/network_file.hpp"
#include "formats/partition_file.hpp"
#include "libpart/core/metrics.hpp"
#include "libpart/gde/refine.hpp"
#include "libpart/order/locality_renumbering.hpp"
#include "tools/common/cli.hpp"
#include "tools/common/refine_report.hpp"
#include "tools/common/report.hpp"

namespace {

using namespace part;

// --lambda: "opt" (the optimum for the network) or a number strictly between 0 and 1.
void parse_lambda(const std::string& text, gde::RefineOptions& options) {
    const char* end = text.data() + text.size();
    double value = 0;
    const auto parsed = std::from_chars(text.data(), end, value);
    if (text == "opt")
        options.optimal_lambda = true;
    else if (parsed.ec == std::errc() && parsed.ptr == end && value > 0 && value < 1)
        options.lambda = value;
    else
        throw tools::UsageError("--lambda " + text +
                                ": expected a number strictly between 0 and 1, or opt");
}

// The network --network names, checked against the partition's part count; a bad spec or
// count is a usage error.
std::optional<gde::Network> network_for(const std::string& spec, PartId parts,
                                        const std::string& partition_path) {
    return tools::as_usage_error([&] {
        std::optional<gde::Network> network = formats::load_network(spec);
        if (network) gde::check_one_processor_per_part(*network, parts, partition_path);
        return network;
    });
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app(
        "Refine or rebalance a partition with the generalized dimension exchange (GDE): balance "
        "part weights over a processor network, deroute flows between parts that do not touch, "
        "remove cyclic flows, move border vertices with the highest gain, then polish the cut.");
    tools::add_example(app, "part-refine data/naca0012.graph naca0012.graph.part.8 --network "
                            "mesh:2x4 --map greedy --lambda opt -o refined.part.8");
    tools::CommonOptions common;
    std::string graph_path, partition_path, coords_path, targets_path,
        network_spec = "quotient", map = "identity", lambda = "0.5", flow_graph = "network";
    PartId num_parts = 0;
    gde::RefineOptions options;
    bool no_polish = false, no_absorb = false, flat_polish = false;
    int ufactor = 30;
    app.add_option("GRAPH", graph_path, "Chaco/METIS graph file")->required();
    app.add_option("PARTITION", partition_path, "Partition file: one 0-based part id per line")
        ->required();
    app.add_option("-k,--parts", num_parts,
                   "Number of parts (default: K of *.part.K, else the largest id + 1)")
        ->check(CLI::PositiveNumber);
    app.add_option("--coords", coords_path,
                   "Coordinates (.xyz): break gain ties towards the receiver's centre");
    app.add_option("--targets", targets_path, "Capacities, one per part: balance weight/capacity");
    app.add_option(
           "--network", network_spec,
           "Processor network: quotient, mesh:RxC, torus:RxC, hypercube:D, ring:P or a Chaco file")
        ->capture_default_str();
    app.add_option(
           "--map", map,
           "Parts to processors: identity or greedy (adjacent parts on adjacent processors)")
        ->check(CLI::IsMember({"identity", "greedy"}))
        ->capture_default_str();
    app.add_option("--lambda", lambda,
                   "Exchange parameter in (0,1), or opt = 1/(1+sin(pi/k)) on a mesh/torus")
        ->capture_default_str();
    app.add_option("--flow-graph", flow_graph,
                   "Run GDE on the network (derouting mismatches) or on the quotient graph")
        ->check(CLI::IsMember({"network", "quotient"}))
        ->capture_default_str();
    app.add_flag("--no-polish", no_polish,
                 "Skip the boundary cut-improvement pass after the moves");
    app.add_flag("--no-absorb", no_absorb,
                 "Keep detached components of a part where they are (by default each is handed "
                 "whole to the neighbour it shares most edges with, before GDE)");
    app.add_flag("--flat-polish", flat_polish,
                 "Polish with one-level FM on the whole graph instead of multilevel FM on the band "
                 "around the boundary");
    app.add_option("--band-width", options.band_width,
                   "Layers on each side of the boundary the multilevel polish may move; -1: all")
        ->check(CLI::Range(-1, 1000000))
        ->capture_default_str();
    app.add_option("--ufactor", ufactor,
                   "Polish keeps parts within (1000 + ufactor)/1000 of their target")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    tools::add_common_options(app, common, {});

    return tools::run_tool(app, argc, argv, [&] {
        const std::string output =
            common.output.empty() ? partition_path + ".refined" : common.output;
        tools::ensure_output_usable(
            output, {graph_path, partition_path, coords_path, targets_path, network_spec});
        parse_lambda(lambda, options);
        options.map = map == "greedy" ? gde::MapKind::Greedy : gde::MapKind::Identity;
        options.flow_graph =
            flow_graph == "quotient" ? gde::FlowGraph::Quotient : gde::FlowGraph::Network;
        options.polish = !no_polish;
        options.absorb_fragments = !no_absorb;
        options.multilevel_polish = !flat_polish;
        options.tolerance = ufactor / 1000.0;
        if (options.flow_graph == gde::FlowGraph::Quotient && network_spec != "quotient")
            throw tools::UsageError(
                "--flow-graph quotient runs GDE on the quotient graph; it takes no --network");

        tools::Progress progress(common.quiet);
        progress.stage("reading " + graph_path);
        auto [graph, partition] = formats::read_graph_and_partition(
            graph_path, coords_path, partition_path, num_parts, targets_path);
        tools::ensure_parts_fit(num_parts, graph.num_vertices());
        const std::optional<gde::Network> network =
            network_for(network_spec, partition.num_parts, partition_path);
        // Refined (and reported on) in an order that keeps neighbours close in memory, when
        // the file's scatters them; written back in the file's. After the checks: a usage
        // error costs no renumbering.
        const Renumbering renumbering = renumber_for_locality(graph, partition.part);
        const PartitionMetrics before =
            tools::reports(common) ? compute_metrics(graph, partition) : PartitionMetrics{};

        progress.stage("refining with GDE");
        gde::RefineResult result =
            gde::refine_with_gde(graph, partition, network ? &*network : nullptr, options);
        formats::write_partition(output, in_old_order(result.part, renumbering));
        if (!network)
            tools::warn_of_empty_parts_on_quotient(
                std::cerr, count_empty_parts(result.part, partition.num_parts));
        if (!tools::reports(common)) return;
        const PartitionMetrics after =
            compute_metrics(graph, Partition{partition.num_parts, result.part, partition.targets});
        const tools::RefineReport report{output, std::move(result), before, after};
        tools::print_report(tools::report_stream(common, {output}), report, common);
    });
}
