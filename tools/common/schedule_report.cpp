#include "tools/common/schedule_report.hpp"

#include <cmath>
#include <cstdio>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tools/common/cli.hpp"

namespace part::tools {

namespace {

using nlohmann::json;

// Lists longer than this are shortened in the text unless -v.
constexpr std::size_t kShown = 12;

std::string figure(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.10g", value);
    return buffer;
}

json one_based(const std::vector<std::int64_t>& steps) {
    json list = json::array();
    for (std::int64_t s : steps) list.push_back(s + 1);
    return list;
}

std::string step_list(const std::vector<std::int64_t>& steps, bool all) {
    std::string text;
    for (std::size_t i = 0; i < steps.size() && (all || i < kShown); ++i)
        text += (i ? " " : "") + std::to_string(steps[i] + 1);
    if (!all && steps.size() > kShown)
        text += " ... (" + std::to_string(steps.size()) + " in all; -v lists them)";
    return text.empty() ? "-" : text;
}

void print_configuration_runs(std::ostream& out, const std::vector<std::string>& configs,
                              const std::vector<int>& per_step) {
    out << "configuration per step:\n";
    for (std::size_t first = 0; first < per_step.size();) {
        std::size_t last = first;
        while (last + 1 < per_step.size() && per_step[last + 1] == per_step[first]) ++last;
        out << "  steps " << first + 1 << "-" << last + 1 << ": "
            << configs[std::size_t(per_step[first])] << "\n";
        first = last + 1;
    }
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

json remap_plan_json(const RemapPlan& plan, double gap) {
    json entry{{"name", plan.name},
               {"total", plan.total},
               {"remap_total", plan.remap_total},
               {"remaps", plan.remap_steps.size()},
               {"remap_steps", one_based(plan.remap_steps)},
               {"gap_to_optimal", gap}};
    if (plan.name == "fixed-interval") entry["interval"] = plan.interval;
    return entry;
}

void print_remap_plan(std::ostream& out, const RemapPlan& plan, double gap, bool all_steps) {
    std::string label = plan.name;
    if (plan.name == "fixed-interval") label += " (f=" + std::to_string(plan.interval) + ")";
    char line[160];
    std::snprintf(line, sizeof line, "%-26s %14s %8zu %8.2f%%  ", label.c_str(),
                  figure(plan.total).c_str(), plan.remap_steps.size(), 100 * gap);
    out << line << step_list(plan.remap_steps, all_steps) << "\n";
}

} // namespace

void require_finite_total(double total, const std::string& scaling_option) {
    if (!std::isfinite(total))
        throw UsageError("a total goes beyond the largest number (inf) with this " +
                         scaling_option + ": scale it or the values down");
}

std::string configuration_schedule_report(const formats::StepCostTrace& input,
                                          const ConfigurationSchedule& schedule, bool as_json) {
    const auto config_name = [&](int config) { return input.configs[std::size_t(config)]; };
    if (as_json) {
        json configs = json::array();
        for (int c : schedule.config_per_step) configs.push_back(config_name(c));
        return json{{"steps", input.costs.steps},
                    {"total", schedule.total},
                    {"remap_total", schedule.remap_total},
                    {"remap_steps", one_based(schedule.remap_steps)},
                    {"configurations", configs}}
                   .dump(2) +
               "\n";
    }
    std::ostringstream out;
    out << "total " << figure(schedule.total) << " over " << input.costs.steps << " steps, "
        << schedule.remap_steps.size()
        << (schedule.remap_steps.size() == 1 ? " remap costing " : " remaps costing ")
        << figure(schedule.remap_total) << "\n";
    for (std::int64_t step : schedule.remap_steps)
        out << "remap before step " << step + 1 << ": "
            << config_name(schedule.config_per_step[std::size_t(step - 1)]) << " -> "
            << config_name(schedule.config_per_step[std::size_t(step)]) << "\n";
    print_configuration_runs(out, input.configs, schedule.config_per_step);
    return out.str();
}

std::string phase_comparison_report(const PhaseComparison& comparison, int procs, double sync,
                                    bool as_json, bool all_phases) {
    const std::int64_t units = comparison.units;
    if (as_json) {
        json report{{"units", units},
                    {"procs", procs},
                    {"sync", sync},
                    {"optimal", phases_json(comparison.optimal, units)},
                    {"heuristic", phases_json(comparison.heuristic, units)}};
        if (comparison.by_wavefront)
            report["wavefront"] = phases_json(*comparison.by_wavefront, units);
        return report.dump(2) + "\n";
    }
    std::ostringstream out;
    const double optimum = comparison.optimal.total;
    out << units << " work units on " << procs << " processors, synchronization cost "
        << figure(sync) << "\n";
    print_phases(out, "optimal (dynamic programming)", comparison.optimal, units, 0, all_phases);
    print_phases(out, "W(n) heuristic", comparison.heuristic, units, optimum, all_phases);
    if (comparison.by_wavefront)
        print_phases(out, "one phase per wavefront", *comparison.by_wavefront, units, optimum,
                     all_phases);
    return out.str();
}

std::string remap_comparison_report(const LoadTrace& trace, const RemapComparison& comparison,
                                    bool as_json, bool all_steps) {
    if (as_json) {
        json list = json::array();
        for (const RemapPlan& plan : comparison.plans)
            list.push_back(remap_plan_json(plan, comparison.gap(plan)));
        return json{{"steps", trace.steps},
                    {"parts", trace.parts},
                    {"optimal_total", comparison.optimal_total},
                    {"policies", list}}
                   .dump(2) +
               "\n";
    }
    std::ostringstream out;
    out << trace.steps << " steps, " << trace.parts << " parts\n";
    char header[160];
    std::snprintf(header, sizeof header, "%-26s %14s %8s %9s  %s\n", "policy", "total", "remaps",
                  "gap", "remap before steps");
    out << header;
    for (const RemapPlan& plan : comparison.plans)
        print_remap_plan(out, plan, comparison.gap(plan), all_steps);
    return out.str();
}

} // namespace part::tools
