#include "tools/common/simulation_report.hpp"

#include <algorithm>
#include <cstdio>
#include <ostream>

namespace part::tools {

namespace {

double mean_imbalance(const SimulationRun& run) {
    double sum = 0;
    for (const SimulatedStep& s : run.steps)
        sum += s.mean_load > 0 ? s.max_load / s.mean_load : 1.0;
    return sum / double(run.steps.size());
}

} // namespace

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

} // namespace part::tools
