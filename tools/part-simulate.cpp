// part-simulate: run a synthetic time-varying workload on a mesh, repartition whenever a remap
// policy says so, and report what each policy costs per step and in total.
#include <algorithm>
#include <cstdio>
#include <iostream>

#include "formats/graph_inputs.hpp"
#include "formats/line_plot_file.hpp"
#include "formats/partition_file.hpp"
#include "formats/simulation_output.hpp"
#include "libpart/repart/repart_method.hpp"
#include "libpart/simulate/simulation.hpp"
#include "libpart/simulate/workloads.hpp"
#include "tools/common/cli.hpp"
#include "tools/common/report.hpp"

namespace part::tools {
namespace {

// What each remap policy cost on the workload.
struct SimulationReport {
    std::string workload;
    std::int64_t steps = 0;
    PartId parts = 0;
    std::string method;
    std::vector<SimulationRun> runs; // one per policy
};

double mean_imbalance(const SimulationRun& run) {
    double sum = 0;
    for (const SimulatedStep& s : run.steps) sum += s.imbalance();
    return sum / double(run.steps.size());
}

void to_json(nlohmann::json& json, const SimulationReport& r) {
    nlohmann::json list = nlohmann::json::array();
    for (const SimulationRun& run : r.runs)
        list.push_back({{"name", run.policy},
                        {"total", run.total},
                        {"remaps", run.remaps},
                        {"moved", run.moved},
                        {"mean_imbalance", mean_imbalance(run)}});
    json = {{"workload", r.workload},
            {"steps", r.steps},
            {"parts", r.parts},
            {"method", r.method},
            {"policies", list}};
}

// The setup line and one row per policy, with its saving over never remapping.
void print_text(std::ostream& out, const SimulationReport& r, bool) {
    const auto never_run = std::find_if(r.runs.begin(), r.runs.end(), [](const SimulationRun& run) {
        return run.policy == "never";
    });
    const double never = never_run != r.runs.end() ? never_run->total : 0.0;
    out << "workload " << r.workload << ", " << r.steps << " steps, " << r.parts
        << " parts, method " << r.method << "\n";
    char line[200];
    std::snprintf(line, sizeof line, "%-22s %14s %8s %12s %15s %16s\n", "policy", "total", "remaps",
                  "data moved", "mean imbalance", "saving vs never");
    out << line;
    for (const SimulationRun& run : r.runs) {
        char saving[32] = "-";
        if (never > 0)
            std::snprintf(saving, sizeof saving, "%.1f%%", 100 * (1 - run.total / never));
        std::snprintf(line, sizeof line, "%-22s %14.6g %8lld %12lld %15.3f %16s\n",
                      run.policy.c_str(), run.total, static_cast<long long>(run.remaps),
                      static_cast<long long>(run.moved), mean_imbalance(run), saving);
        out << line;
    }
}

} // namespace
} // namespace part::tools

int main(int argc, char** argv) {
    using namespace part;
    CLI::App app("Simulate a time-varying workload on a mesh: repartition when a remap policy says "
                 "so and report per-step time (max part load + beta x communication) and remap "
                 "cost (gamma x data moved + decision cost) for each policy.");
    tools::add_example(
        app, "part-simulate data/naca0012.graph --coords data/naca0012.xyz -k 8 --workload hotspot "
             "--steps 100 --method scratch --policy all -o sim.csv --plot sim.svg");
    tools::CommonOptions common;
    std::string graph_path, coords_path, targets_path, method = "scratch", plot_path;
    std::vector<std::string> policies{"all"};
    SimulationSetup setup;
    app.add_option("GRAPH", graph_path, "Chaco/METIS graph file (the mesh's dual graph)")
        ->required();
    app.add_option("--coords", coords_path, "Coordinates of the graph's vertices (.xyz)")
        ->required();
    app.add_option("-k,--parts", setup.num_parts, "Number of parts")
        ->required()
        ->check(CLI::PositiveNumber);
    app.add_option("--targets", targets_path,
                   "Capacity of each part (one positive number per line, normalised): a step takes "
                   "the largest load / capacity; default equal capacities");
    app.add_option("--workload", setup.workload, "hotspot, wator or front")->required();
    app.add_option("--steps", setup.steps, "Number of steps")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    app.add_option("--method", method,
                   "Repartitioning method: scratch (METIS, parts relabelled by overlap), interval "
                   "(intervals of the vertex numbering, as part-repart), gde (GDE rebalancing of "
                   "the current partition) or adaptive (clusters moved out of overloaded parts)")
        ->capture_default_str();
    app.add_option("--policy", policies,
                   "Remap policy (repeatable): never, fixed-interval, stop-at-rise, "
                   "predictive-interval, profitability, or all")
        ->capture_default_str();
    app.add_option("--interval", setup.policy_options.interval,
                   "Steps between remaps for fixed-interval")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    app.add_option("--horizon", setup.policy_options.horizon,
                   "Steps over which profitability expects a saving")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    app.add_option("--beta", setup.costs.beta, "Time per unit of communication volume")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    app.add_option("--gamma", setup.costs.gamma, "Time per unit of data moved by a remap")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    app.add_option("--decision-cost", setup.costs.decision_cost,
                   "Time to decide and compute a new partition")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    app.add_option("--plot", plot_path,
                   "Write an SVG picture (*.svg) of per-step time and imbalance for each policy; "
                   "'-' writes it to standard output");
    tools::add_common_options(app, common, {.seed = true});

    return tools::run_tool(app, argc, argv, [&] {
        tools::as_usage_error([&] { // names are checked before any file is read
            check_workload(setup.workload);
            for (const std::string& name : policies)
                if (name != "all") check_online_policy(name);
            repart_method(method);
            if (method == "hier") // it moves the planes of a hier partition; runs start from METIS
                throw InvalidArgument("--method hier needs a hierarchical old partition: use "
                                      "scratch, interval, gde or adaptive");
        });
        if (std::find(policies.begin(), policies.end(), "all") != policies.end())
            policies.assign(std::begin(kOnlinePolicyNames), std::end(kOnlinePolicyNames));
        if (!plot_path.empty())
            tools::as_usage_error([&] { formats::check_plot_path(plot_path); }, "--plot ");
        if (!plot_path.empty() && plot_path == common.output)
            throw tools::UsageError("-o and --plot name the same file");
        tools::ensure_one_standard_output({common.output, plot_path});
        for (const std::string& out : {common.output, plot_path})
            tools::ensure_output_usable(out, {graph_path, coords_path, targets_path});
        formats::SimulationOutputs outputs(common.output, plot_path);
        if (common.seed >= 0) setup.seed = unsigned(common.seed);
        setup.method = method;
        setup.remap_seed = common.seed;

        tools::Progress progress(common.quiet);
        progress.stage("reading " + graph_path);
        Graph graph = formats::read_graph_with_coordinates(graph_path, coords_path);
        if (!targets_path.empty())
            setup.targets = formats::read_targets(targets_path, setup.num_parts);
        tools::ensure_parts_fit(setup.num_parts, graph.num_vertices());
        std::vector<SimulationRun> runs;
        for (const std::string& policy : policies) {
            progress.stage("simulating policy " + policy);
            runs.push_back(simulate(graph, setup, policy));
        }
        outputs.write(runs);
        const tools::SimulationReport report{setup.workload, setup.steps, setup.num_parts, method,
                                             std::move(runs)};
        tools::print_report(tools::report_stream(common, {common.output, plot_path}), report,
                            common);
    });
}
