// part-schedule: when to remap. Optimal configuration schedules (dp), phase segmentation
// (segment) and remap policies compared on a measured load trace (policies).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "formats/atomic_output.hpp"
#include "formats/schedule_traces.hpp"
#include "libpart/core/error.hpp"
#include "libpart/schedule/configuration_schedule.hpp"
#include "libpart/schedule/phase_segmentation.hpp"
#include "libpart/schedule/remap_policies.hpp"
#include "tools/common/cli.hpp"

namespace {

using namespace part;
using nlohmann::json;

std::string figure(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.10g", value);
    return buffer;
}

// Steps are 1-based in everything a user reads.
json one_based(const std::vector<std::int64_t>& steps) {
    json list = json::array();
    for (std::int64_t s : steps) list.push_back(s + 1);
    return list;
}

std::string step_list(const std::vector<std::int64_t>& steps, bool all) {
    constexpr std::size_t kShown = 12;
    std::string text;
    for (std::size_t i = 0; i < steps.size() && (all || i < kShown); ++i)
        text += (i ? " " : "") + std::to_string(steps[i] + 1);
    if (!all && steps.size() > kShown)
        text += " ... (" + std::to_string(steps.size()) + " in all; -v lists them)";
    return text.empty() ? "-" : text;
}

// The readers refuse values whose sums overflow; a large --compute-cost or --sync can still
// push a total past the largest number, which must not be reported as inf.
void require_finite_total(double total, const char* scaling_option) {
    if (!std::isfinite(total))
        throw tools::UsageError(std::string("a total goes beyond the largest number (inf) with "
                                            "this ") +
                                scaling_option + ": scale it or the values down");
}

std::string dp_report(const formats::StepCostTrace& input, bool as_json) {
    const ConfigurationSchedule schedule =
        optimal_configuration_schedule(input.costs, input.remap_cost);
    require_finite_total(schedule.total, "--remap-cost");
    std::ostringstream out;
    if (as_json) {
        json configs = json::array();
        for (int c : schedule.config_per_step) configs.push_back(input.configs[std::size_t(c)]);
        out << json{{"steps", input.costs.steps},
                    {"total", schedule.total},
                    {"remap_total", schedule.remap_total},
                    {"remap_steps", one_based(schedule.remap_steps)},
                    {"configurations", configs}}
                   .dump(2)
            << "\n";
        return out.str();
    }
    out << "total " << figure(schedule.total) << " over " << input.costs.steps << " steps, "
        << schedule.remap_steps.size()
        << (schedule.remap_steps.size() == 1 ? " remap costing " : " remaps costing ")
        << figure(schedule.remap_total) << "\n";
    for (std::int64_t step : schedule.remap_steps)
        out << "remap before step " << step + 1 << ": "
            << input.configs[std::size_t(schedule.config_per_step[std::size_t(step - 1)])] << " -> "
            << input.configs[std::size_t(schedule.config_per_step[std::size_t(step)])] << "\n";
    out << "configuration per step:\n";
    const auto& per_step = schedule.config_per_step;
    for (std::size_t first = 0; first < per_step.size();) {
        std::size_t last = first;
        while (last + 1 < per_step.size() && per_step[last + 1] == per_step[first]) ++last;
        out << "  steps " << first + 1 << "-" << last + 1 << ": "
            << input.configs[std::size_t(per_step[first])] << "\n";
        first = last + 1;
    }
    return out.str();
}

json phases_json(const PhaseSchedule& schedule, std::int64_t units) {
    json phases = json::array();
    for (std::size_t p = 0; p < schedule.phase_starts.size(); ++p) {
        const std::int64_t last =
            p + 1 < schedule.phase_starts.size() ? schedule.phase_starts[p + 1] : units;
        phases.push_back({schedule.phase_starts[p] + 1, last});
    }
    return {{"total", schedule.total}, {"phases", phases}};
}

void print_phases(std::ostream& out, const std::string& label, const PhaseSchedule& schedule,
                  std::int64_t units, double optimum, bool all) {
    constexpr std::size_t kShown = 12;
    out << label << ": total " << figure(schedule.total) << ", " << schedule.phase_starts.size()
        << " phases";
    if (optimum > 0) {
        char percent[32];
        std::snprintf(percent, sizeof percent, "%.2f", 100 * (schedule.total / optimum - 1));
        out << " (+" << percent << "% over optimal)";
    }
    out << "\n  phases:";
    const json report = phases_json(schedule, units);
    const json& phases = report["phases"];
    for (std::size_t p = 0; p < phases.size() && (all || p < kShown); ++p) {
        const auto first = phases[p][0].get<std::int64_t>(),
                   last = phases[p][1].get<std::int64_t>();
        out << " " << first;
        if (last > first) out << "-" << last;
    }
    if (!all && phases.size() > kShown) out << " ... (-v lists them all)";
    out << "\n";
}

std::string segment_report(const formats::WorkTrace& input, int procs, double sync,
                           std::int64_t window, bool as_json, bool verbose) {
    WorkUnits units = input.wavefront.empty()
                          ? work_units_with_window(input.work, window)
                          : work_units_from_wavefronts(input.work, input.wavefront, input.string);
    if (!input.wavefront.empty()) limit_phase_window(units, window);
    const PhaseSchedule optimum = optimal_phases(units, procs, sync);
    const PhaseSchedule greedy = greedy_phases(units, procs, sync);
    PhaseSchedule by_wavefront;
    if (!input.wavefront.empty()) {
        by_wavefront.phase_starts = wavefront_phase_starts(input.wavefront);
        by_wavefront.total = phase_schedule_cost(units, procs, sync, by_wavefront.phase_starts);
    }
    for (double total : {optimum.total, greedy.total, by_wavefront.total})
        require_finite_total(total, "--sync");
    std::ostringstream out;
    if (as_json) {
        json report{{"units", units.size()},
                    {"procs", procs},
                    {"sync", sync},
                    {"optimal", phases_json(optimum, units.size())},
                    {"heuristic", phases_json(greedy, units.size())}};
        if (!input.wavefront.empty()) report["wavefront"] = phases_json(by_wavefront, units.size());
        out << report.dump(2) << "\n";
        return out.str();
    }
    out << units.size() << " work units on " << procs << " processors, synchronization cost "
        << figure(sync) << "\n";
    print_phases(out, "optimal (dynamic programming)", optimum, units.size(), 0, verbose);
    print_phases(out, "W(n) heuristic", greedy, units.size(), optimum.total, verbose);
    if (!input.wavefront.empty())
        print_phases(out, "one phase per wavefront", by_wavefront, units.size(), optimum.total,
                     verbose);
    return out.str();
}

std::string policies_report(const formats::LoadTraceFile& input, double compute_cost,
                            const std::vector<std::string>& names,
                            const RemapPolicyOptions& options, bool as_json, bool verbose) {
    const RemapTimeModel model(input.trace, compute_cost);
    std::vector<std::string> run = names;
    if (std::find(run.begin(), run.end(), "dp-optimal") == run.end()) run.push_back("dp-optimal");
    const std::vector<RemapPlan> plans =
        compare_remap_policies(model, input.remap_cost, run, options);
    for (const RemapPlan& plan : plans) require_finite_total(plan.total, "--compute-cost");
    const double optimum = std::find_if(plans.begin(), plans.end(), [](const RemapPlan& p) {
                               return p.name == "dp-optimal";
                           })->total;
    auto gap = [&](const RemapPlan& plan) { return optimum > 0 ? plan.total / optimum - 1 : 0.0; };
    std::ostringstream out;
    if (as_json) {
        json list = json::array();
        for (const RemapPlan& plan : plans) {
            json entry{{"name", plan.name},
                       {"total", plan.total},
                       {"remap_total", plan.remap_total},
                       {"remaps", plan.remap_steps.size()},
                       {"remap_steps", one_based(plan.remap_steps)},
                       {"gap_to_optimal", gap(plan)}};
            if (plan.name == "fixed-interval") entry["interval"] = plan.interval;
            list.push_back(entry);
        }
        out << json{{"steps", input.trace.steps},
                    {"parts", input.trace.parts},
                    {"optimal_total", optimum},
                    {"policies", list}}
                   .dump(2)
            << "\n";
        return out.str();
    }
    out << input.trace.steps << " steps, " << input.trace.parts << " parts\n";
    char line[160];
    std::snprintf(line, sizeof line, "%-26s %14s %8s %9s  %s\n", "policy", "total", "remaps", "gap",
                  "remap before steps");
    out << line;
    for (const RemapPlan& plan : plans) {
        std::string label = plan.name;
        if (plan.name == "fixed-interval") label += " (f=" + std::to_string(plan.interval) + ")";
        std::snprintf(line, sizeof line, "%-26s %14s %8zu %8.2f%%  ", label.c_str(),
                      figure(plan.total).c_str(), plan.remap_steps.size(), 100 * gap(plan));
        out << line << step_list(plan.remap_steps, verbose) << "\n";
    }
    return out.str();
}

void emit(const tools::CommonOptions& common, const std::string& report) {
    if (common.output.empty())
        std::cout << report;
    else
        formats::write_file_atomically(common.output, report);
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app(
        "Decide when to remap: optimal schedules by dynamic programming (Nicol & Saltz 1987), "
        "phase "
        "segmentation with the W(n) heuristic, and remap policies compared on a load trace.");
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
    tools::add_common_options(*dp, common, true);

    CLI::App* segment =
        app.add_subcommand("segment", "Optimal phases (Model B) and the W(n) heuristic for work "
                                      "units wrapped onto processors");
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
    tools::add_common_options(*segment, common, true);

    CLI::App* policies = app.add_subcommand(
        "policies", "Compare remap policies on LOADS.csv: a header of part names "
                    "and one row of per-part loads per step");
    tools::add_example(*policies,
                       "part-schedule policies loads.csv --remap-cost 25 --policy stop-at-rise");
    std::vector<std::string> policy_names;
    RemapPolicyOptions policy_options;
    policies->add_option("LOADS", input_path, "CSV of per-part loads per step")->required();
    policies
        ->add_option("--remap-cost", remap_cost,
                     "Cost C of a remap: a number, a column of LOADS or a file")
        ->required();
    policies->add_option(
        "--policy", policy_names,
        "Policies to compare (repeatable; default all): never, fixed-interval, stop-at-rise, "
        "predictive-interval, profitability, dp-optimal");
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
    tools::add_common_options(*policies, common, true);

    return tools::run_tool(app, argc, argv, [&] {
        if (!common.output.empty())
            tools::ensure_output_usable(common.output, {input_path, remap_cost});
        tools::Progress progress(common.quiet);
        progress.stage("reading " + input_path);
        if (*dp) {
            emit(common, dp_report(formats::read_step_costs(input_path, remap_cost), common.json));
        } else if (*segment) {
            emit(common, segment_report(formats::read_work_trace(input_path), procs, sync, window,
                                        common.json, common.verbose));
        } else {
            try { // names are checked before any file is read
                for (const std::string& name : policy_names) check_remap_policy(name);
            } catch (const InvalidArgument& e) {
                throw tools::UsageError(e.what());
            }
            if (policy_names.empty())
                policy_names.assign(std::begin(kRemapPolicyNames), std::end(kRemapPolicyNames));
            emit(common,
                 policies_report(formats::read_load_trace(input_path, remap_cost), compute_cost,
                                 policy_names, policy_options, common.json, common.verbose));
        }
    });
}
