// part-refine: refine or rebalance an existing partition with the generalized dimension
// exchange (GDE) and flow derouting (Xu, Lau & Diekmann 1997, Section 6).
#include <algorithm>
#include <charconv>
#include <filesystem>
#include <functional>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "formats/atomic_output.hpp"
#include "formats/chaco_graph.hpp"
#include "formats/graph_inputs.hpp"
#include "formats/partition_file.hpp"
#include "libpart/core/helper_thread.hpp"
#include "libpart/core/metrics.hpp"
#include "libpart/core/parallel.hpp"
#include "libpart/core/part_components.hpp"
#include "libpart/gde/refine.hpp"
#include "libpart/order/locality_renumbering.hpp"
#include "tools/common/cli.hpp"
#include "tools/common/heap_setup.hpp"
#include "tools/common/report.hpp"

namespace {

using namespace part;

std::optional<gde::Network> load_network(const std::string& spec_text) {
    gde::NetworkSpec spec;
    try {
        spec = gde::parse_network_spec(spec_text);
    } catch (const InvalidArgument& e) {
        throw tools::UsageError(e.what());
    }
    switch (spec.topology) {
    case gde::Topology::Quotient:
        return std::nullopt;
    case gde::Topology::File:
        if (!std::filesystem::is_regular_file(spec.path))
            throw tools::UsageError(
                "network '" + spec_text +
                "' is neither a topology nor an existing file; expected quotient, mesh:RxC, "
                "torus:RxC, hypercube:D, ring:P or a Chaco graph file");
        return gde::network_from_graph(formats::read_chaco_graph(spec.path), gde::Topology::File,
                                       spec.path);
    default:
        return gde::make_network(spec);
    }
}

void parse_lambda(const std::string& text, gde::RefineOptions& options) {
    if (text == "opt") {
        options.optimal_lambda = true;
        return;
    }
    double value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || !(value > 0 && value < 1))
        throw tools::UsageError("--lambda " + text +
                                ": expected a number strictly between 0 and 1, or opt");
    options.lambda = value;
}

// A JSON object from alternating keys and values, filled key by key: nlohmann's nested
// initializer lists built a temporary array for every pair (a third of the report's cost);
// the keys come out sorted either way.
void fill_object(nlohmann::json&) {}
template <typename Value, typename... Rest>
void fill_object(nlohmann::json& object, const char* key, Value&& value, Rest&&... rest) {
    object[key] = std::forward<Value>(value);
    fill_object(object, std::forward<Rest>(rest)...);
}
template <typename... Pairs> nlohmann::json object_of(Pairs&&... pairs) {
    nlohmann::json object = nlohmann::json::object();
    fill_object(object, std::forward<Pairs>(pairs)...);
    return object;
}

nlohmann::json round_json(const gde::RefineRound& round) {
    nlohmann::json links = nlohmann::json::array();
    for (const auto& l : round.routed.links)
        links.push_back(object_of("from_processor", l.from_processor, "to_processor",
                                  l.to_processor, "from_part", l.from, "to_part", l.to, "amount",
                                  l.amount, "route", l.route));
    nlohmann::json transfers = nlohmann::json::array();
    for (const auto& t : round.transfers)
        transfers.push_back(object_of("from", t.from, "to", t.to, "requested", t.requested,
                                      "moved_weight", t.moved_weight, "moved_vertices",
                                      t.moved_vertices));
    return object_of("sweeps", round.gde.sweeps, "link_flows", std::move(links), "unroutable_flow",
                     round.routed.unroutable, "cycle_flow_removed", round.cycle_flow_removed,
                     "transfers", std::move(transfers));
}

int total_sweeps(const gde::RefineResult& r) {
    int sweeps = 0;
    for (const auto& round : r.rounds) sweeps += round.gde.sweeps;
    return sweeps;
}

nlohmann::json result_json(const gde::RefineResult& r, const PartitionMetrics& before,
                           const PartitionMetrics& after) {
    const gde::GdeRun& gde = r.rounds.front().gde;
    nlohmann::json rounds = nlohmann::json::array();
    for (const auto& round : r.rounds) rounds.push_back(round_json(round));
    return {{"network", r.network_name},
            {"processors", gde.loads.size()},
            {"processor_of_part", r.map.processor_of},
            {"colours", gde.num_colours},
            {"delta", gde.delta},
            {"lambda", gde.lambda},
            {"sweeps", total_sweeps(r)},
            {"rounds", rounds},
            {"fragments",
             {{"moved", r.fragments.fragments_moved},
              {"vertices", r.fragments.vertices_moved},
              {"cut_reduction", r.fragments.cut_reduction},
              {"left", r.fragments.fragments_left},
              {"dropped", r.fragments_dropped}}},
            {"polish",
             {{"moves", r.polish.moves},
              {"cut_reduction", r.polish.cut_reduction},
              {"passes", r.polish.passes},
              {"band_vertices", r.band.band_vertices},
              {"levels", r.band.levels}}},
            {"vertices_moved", r.vertices_moved},
            {"weight_moved", r.weight_moved},
            {"before", tools::metrics_json(before)},
            {"after", tools::metrics_json(after)}};
}

void print_round(std::ostream& out, std::size_t index, const gde::RefineRound& round,
                 bool verbose) {
    std::size_t derouted = 0;
    for (const auto& l : round.routed.links) derouted += l.route.size() > 2;
    out << "round " << index + 1 << ": " << round.gde.sweeps << " sweeps, "
        << round.routed.links.size() << " links carry load, " << derouted << " derouted";
    if (round.routed.unroutable > 0)
        out << ", " << round.routed.unroutable << " between parts no border joins (moved directly)";
    out << ", cyclic flow removed " << round.cycle_flow_removed << "\n";
    const bool all = verbose || round.routed.links.size() <= 32;
    for (std::size_t i = 0; i < round.routed.links.size() && all; ++i) {
        const auto& l = round.routed.links[i];
        out << "  link " << l.from_processor << " -> " << l.to_processor << " (part " << l.from
            << " -> " << l.to << "): " << l.amount;
        if (l.route.size() > 2) {
            out << "  derouted via parts";
            for (PartId p : l.route) out << " " << p;
        }
        out << "\n";
    }
    if (!all) out << "  (-v lists all links)\n";
    for (const auto& t : round.transfers)
        if (all)
            out << "  moved part " << t.from << " -> " << t.to << ": " << t.moved_weight << " of "
                << t.requested << " (" << t.moved_vertices << " vertices)\n";
}

void print_result(std::ostream& out, const gde::RefineResult& r, const PartitionMetrics& before,
                  const PartitionMetrics& after, bool verbose) {
    const gde::GdeRun& gde = r.rounds.front().gde;
    out << "GDE on " << r.network_name << " (" << gde.loads.size() << " processors, "
        << gde.num_colours << " colours, delta " << gde.delta << "), lambda "
        << std::setprecision(4) << gde.lambda << ": " << total_sweeps(r) << " sweeps in "
        << r.rounds.size() << " round(s)\n";
    if (r.fragments.fragments_moved > 0)
        out << "fragments: " << r.fragments.fragments_moved << " moved whole ("
            << r.fragments.vertices_moved << " vertices), cut -" << r.fragments.cut_reduction
            << "\n";
    if (r.fragments_dropped)
        out << "fragments: moving them whole left an imbalance GDE could not remove; kept\n";
    for (std::size_t i = 0; i < r.rounds.size(); ++i) print_round(out, i, r.rounds[i], verbose);
    out << "polish: " << r.polish.moves << " moves, cut -" << r.polish.cut_reduction;
    if (r.band.levels > 0)
        out << " (band of " << r.band.band_vertices << " vertices, " << r.band.levels << " levels)";
    out << "\n";
    // Columns at least 12 wide, and wider than the longest number (cuts of 1e12 and more).
    int width = 12;
    for (const PartitionMetrics* m : {&before, &after})
        for (long long value : {m->edge_cut, m->communication_volume})
            width = std::max(width, int(std::to_string(value).size()) + 2);
    auto row = [&out, width](const char* name) -> std::ostream& {
        return out << "  " << std::left << std::setw(22) << name << std::right << std::setw(width);
    };
    out << "  " << std::setw(22) << "" << std::setw(width) << "before" << std::setw(width)
        << "after"
        << "\n";
    row("edge cut") << before.edge_cut << std::setw(width) << after.edge_cut << "\n";
    row("communication volume") << before.communication_volume << std::setw(width)
                                << after.communication_volume << "\n";
    row("imbalance") << std::fixed << std::setprecision(3) << before.imbalance[0]
                     << std::setw(width) << after.imbalance[0] << "\n";
    row("disconnected parts") << before.disconnected_parts << std::setw(width)
                              << after.disconnected_parts << "\n";
    out << "vertices moved: " << r.vertices_moved << " (weight " << r.weight_moved << ")\n";
}

// Writes `refined` to `output` in the file's numbering (`renumbering` undone) and returns its
// metrics, the two at once on two cores: the search for components beside the write and the
// other sums (the whole report there took 0.35-0.8 ms where the write took 0.15-0.3:
// plate-nodal farhat 16 -3%), or the whole report beside the write on graphs whose report
// passes use every core themselves. With one core, the write, then the sums and the components
// in one pass over the rows.
PartitionMetrics write_and_measure(const Graph& graph, const Partition& refined,
                                   const Renumbering& renumbering, const std::string& output) {
    const auto work = std::int64_t(graph.adjncy.size());
    auto write = [&] {
        if (renumbering.empty()) // no copy
            formats::write_partition(output, refined.part);
        else
            formats::write_partition(output, in_old_order(refined.part, renumbering));
    };
    if (!runs_both_concurrently(work)) {
        write();
        return compute_metrics(graph, refined);
    }
    PartitionMetrics after;
    if (worker_threads(work) > 1) {
        run_both(work, write, [&] { after = compute_metrics(graph, refined); });
        return after;
    }
    std::vector<VertexId> components;
    run_both(
        work,
        [&] {
            write();
            after = compute_metrics_except_components(graph, refined);
        },
        [&] { components = components_per_part(graph, refined.part, refined.num_parts); });
    add_component_counts(after, components);
    return after;
}

} // namespace

int main(int argc, char** argv) {
    tools::keep_large_arrays_in_heap();
    // Started now, it is up on the other core (0.1-0.2 ms) by the time the inputs are split
    // between the two, instead of making the first split wait for it. With one CPU to run on
    // nothing is split, and no helper is started.
    if (hardware_threads() > 1) HelperThread::instance();
    CLI::App app(
        "Refine or rebalance a partition with the generalized dimension exchange (GDE): balance "
        "part "
        "weights over a processor network, deroute flows between parts that do not touch, remove "
        "cyclic flows, move border vertices with the highest gain, then polish the cut.");
    tools::add_example(
        app,
        "part-refine data/naca0012.graph naca0012.graph.part.8 --network mesh:2x4 --map greedy "
        "--lambda opt -o refined.part.8");
    tools::CommonOptions common;
    std::string graph_path, partition_path, coords_path, targets_path,
        network_spec = "quotient", map = "identity", lambda = "0.5", flow_graph = "network";
    PartId num_parts = 0;
    bool no_polish = false, no_absorb = false, flat_polish = false;
    int band_width = gde::RefineOptions{}.band_width;
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
                 "Keep detached components of a part where they are (by default each is "
                 "handed whole to the neighbour it shares most edges with, before GDE)");
    app.add_flag("--flat-polish", flat_polish,
                 "Polish with one-level FM on the whole graph instead of multilevel FM on the "
                 "band around the boundary");
    app.add_option("--band-width", band_width,
                   "Layers on each side of the boundary the multilevel polish may move; -1: all")
        ->check(CLI::Range(-1, 1000000))
        ->capture_default_str();
    app.add_option("--ufactor", ufactor,
                   "Polish keeps parts within (1000 + ufactor)/1000 of their target")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    tools::add_common_options(app, common, true);

    return tools::run_tool(app, argc, argv, [&] {
        const std::string output =
            common.output.empty() ? partition_path + ".refined" : common.output;
        tools::ensure_output_usable(
            output, {graph_path, partition_path, coords_path, targets_path, network_spec});
        gde::RefineOptions options;
        parse_lambda(lambda, options);
        options.map = map == "greedy" ? gde::MapKind::Greedy : gde::MapKind::Identity;
        options.flow_graph =
            flow_graph == "quotient" ? gde::FlowGraph::Quotient : gde::FlowGraph::Network;
        options.polish = !no_polish;
        options.absorb_fragments = !no_absorb;
        options.multilevel_polish = !flat_polish;
        options.band_width = band_width;
        options.tolerance = ufactor / 1000.0;
        if (options.flow_graph == gde::FlowGraph::Quotient && network_spec != "quotient")
            throw tools::UsageError(
                "--flow-graph quotient runs GDE on the quotient graph; it takes no --network");

        tools::reserve_huge_page_heap({graph_path, coords_path, partition_path});
        tools::Progress progress(common.quiet);
        progress.stage("reading " + graph_path);
        auto [graph, partition] = formats::read_graph_and_partition(
            graph_path, coords_path, partition_path, num_parts, targets_path);
        tools::ensure_parts_fit(num_parts, graph.num_vertices());
        // From now on the helper faults in the heap's pages ahead of the arrays between its
        // tasks: 1.1-1.4 ms less wall time on plate-nodal K = 16 (17k vertices), 0.3-0.5 ms on
        // 4elt K = 8. Not while the inputs are read: both threads parse them, and the helper's
        // steps delayed its half by 0.1 ms.
        tools::prefault_heap_when_idle();
        const std::optional<gde::Network> network = load_network(network_spec);
        if (network && network->num_processors() != partition.num_parts)
            throw tools::UsageError("network " + network->name + " has " +
                                    std::to_string(network->num_processors()) + " processors but " +
                                    partition_path + " has " + std::to_string(partition.num_parts) +
                                    " parts; expected a network of exactly K processors");
        // Refined (and reported on) in an order that keeps neighbours close in memory, when
        // the file's scatters them; written back in the file's. After the checks: a usage
        // error costs no renumbering.
        const Renumbering renumbering = renumber_for_locality(graph, partition.part);

        progress.stage("refining with GDE");
        gde::RefineResult result;
        PartitionMetrics before;
        // The "before" report, which does not depend on the refinement, runs beside it (on the
        // second core once the refinement's own first use of it is over), and the "after" one,
        // which does not depend on the written file, beside the write (one after the other on
        // tiny graphs): on naca0012 and plate (K = 16) that took 4-6% off the wall time.
        // Fragment absorption counts the start's components per part first, so the "before"
        // report leaves them out and takes its counts: the second core does no second search
        // and is free sooner. Results are the same either way.
        const bool counted_by_absorption = options.absorb_fragments;
        // graph and partition by name: clang 14 cannot capture structured bindings.
        const std::function<void()> report_before = [&, &graph = graph, &partition = partition] {
            before = counted_by_absorption ? compute_metrics_except_components(graph, partition)
                                           : compute_metrics(graph, partition);
        };
        result = gde::refine_with_gde(graph, partition, network ? &*network : nullptr, options,
                                      report_before);
        if (counted_by_absorption) add_component_counts(before, result.fragments.components_before);
        const PartitionMetrics after =
            write_and_measure(graph, Partition{partition.num_parts, result.part, partition.targets},
                              renumbering, output);
        // On the quotient graph an empty part has no neighbour, so no flow reaches it.
        if (!network && after.empty_parts > 0)
            std::cerr << "warning: " << after.empty_parts
                      << " part(s) stay empty: on the quotient graph (the default network) an "
                         "empty part has no neighbour to receive load from; give a --network "
                         "(e.g. mesh:RxC) to fill them\n";
        std::ostream& out = tools::report_stream({output});
        if (common.json) {
            auto report = result_json(result, before, after);
            report["output"] = output;
            out << report.dump(2) << "\n";
        } else {
            out << "Wrote " << output << "\n";
            print_result(out, result, before, after, common.verbose);
        }
    });
}
