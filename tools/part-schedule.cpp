// part-schedule: when to remap. Optimal configuration schedules (dp), phase segmentation
// (segment) and remap policies compared on a measured load trace (policies).
#include "formats/schedule_traces.hpp"
#include "libpart/schedule/configuration_schedule.hpp"
#include "libpart/schedule/phase_segmentation.hpp"
#include "libpart/schedule/remap_policies.hpp"
#include "tools/common/cli.hpp"
#include "tools/common/report.hpp"
#include "tools/common/schedule_report.hpp"

using namespace part;

int main(int argc, char** argv) {
    CLI::App app(
        "Decide when to remap: optimal schedules by dynamic programming (Nicol & Saltz 1987), "
        "phase segmentation with the W(n) heuristic, and remap policies compared on a load trace.");
    tools::add_example(app, "part-schedule policies loads.csv --remap-cost 25 --json");
    app.require_subcommand(1);
    tools::CommonOptions common;
    std::string input_path, remap_cost = "0";

    CLI::App* dp = app.add_subcommand(
        "dp", "Optimal schedule of configurations (Model A): COSTS.csv has a header of "
              "configuration names and one row of step costs per step");
    tools::add_example(*dp, "part-schedule dp costs.csv --remap-cost 1");
    dp->add_option("COSTS", input_path, "CSV of step costs per configuration")->required();
    dp->add_option("--remap-cost", remap_cost,
                   "Cost of a remap: a number, a column of COSTS or a file of per-step costs")
        ->required();
    tools::add_common_options(*dp, common, {});

    CLI::App* segment = app.add_subcommand(
        "segment",
        "Optimal phases (Model B) and the W(n) heuristic for work units wrapped onto processors");
    tools::add_example(*segment, "part-schedule segment work.csv --procs 2 --sync 0.5 --window 3");
    int procs = 0;
    double sync = 0;
    std::int64_t window = 0;
    segment
        ->add_option("WORK", input_path,
                     "CSV with a 'work' column, optionally 'wavefront' and 'string'")
        ->required();
    segment->add_option("--procs", procs, "Number of processors P")
        ->required()
        ->check(CLI::PositiveNumber);
    segment->add_option("--sync", sync, "Cost S of one synchronization")
        ->required()
        ->check(CLI::NonNegativeNumber);
    segment
        ->add_option("--window", window,
                     "A phase spans at most this many consecutive units (0: no limit)")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    tools::add_common_options(*segment, common, {});

    CLI::App* policies =
        app.add_subcommand("policies", "Compare remap policies on LOADS.csv: a header of part "
                                       "names and one row of per-part loads per step");
    tools::add_example(*policies,
                       "part-schedule policies loads.csv --remap-cost 25 --policy stop-at-rise");
    std::vector<std::string> policy_names;
    OnlinePolicyOptions policy_options;
    policies->add_option("LOADS", input_path, "CSV of per-part loads per step")->required();
    policies
        ->add_option("--remap-cost", remap_cost,
                     "Cost C of a remap: a number, a column of LOADS or a file")
        ->required();
    policies->add_option("--policy", policy_names,
                         "Policies to compare (repeatable; default all): never, fixed-interval, "
                         "stop-at-rise, predictive-interval, profitability, dp-optimal");
    double compute_cost = 1.0;
    policies
        ->add_option(
            "--compute-cost", compute_cost,
            "C_compute: time per unit of load, when loads are not times (cells, particles)")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    policies
        ->add_option("--horizon", policy_options.horizon,
                     "Steps over which profitability expects a saving")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    tools::add_common_options(*policies, common, {});

    return tools::run_tool(app, argc, argv, [&] {
        tools::ensure_output_usable(common.output, {input_path, remap_cost});
        tools::Progress progress(common.quiet);
        progress.stage("reading " + input_path);
        if (*dp) {
            const auto input = formats::read_step_costs(input_path, remap_cost);
            const auto schedule = optimal_configuration_schedule(input.costs, input.remap_cost);
            tools::require_finite_total(schedule.total, "--remap-cost");
            tools::write_report(tools::configuration_schedule_report(input, schedule, common.json),
                                common);
        } else if (*segment) {
            const auto input = formats::read_work_trace(input_path);
            const PhaseComparison phases = compare_phase_schedules(
                input.work, input.wavefront, input.string, procs, sync, window);
            for (double total : {phases.optimal.total, phases.heuristic.total,
                                 phases.by_wavefront ? phases.by_wavefront->total : 0.0})
                tools::require_finite_total(total, "--sync");
            tools::write_report(
                tools::phase_comparison_report(phases, procs, sync, common.json, common.verbose),
                common);
        } else {
            tools::as_usage_error([&] { // names are checked before any file is read
                for (const std::string& name : policy_names) check_remap_policy(name);
            });
            const auto input = formats::read_load_trace(input_path, remap_cost);
            const RemapTimeModel model(input.trace, compute_cost);
            const RemapComparison policies =
                compare_with_optimum(model, input.remap_cost, policy_names, policy_options);
            for (const RemapPlan& plan : policies.plans)
                tools::require_finite_total(plan.total, "--compute-cost");
            tools::write_report(
                tools::remap_comparison_report(input.trace, policies, common.json, common.verbose),
                common);
        }
    });
}
