#pragma once
// part-simulate's report: what each remap policy cost on the workload, one struct rendered as
// text for people and as JSON for scripts (print_report in report.hpp).
#include <iosfwd>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "libpart/simulate/simulation.hpp"

namespace part::tools {

struct SimulationReport {
    std::string workload;
    std::int64_t steps = 0;
    PartId parts = 0;
    std::string method;
    std::vector<SimulationRun> runs; // one per policy
};
void to_json(nlohmann::json& json, const SimulationReport& report);
// The setup line and one row per policy, with its saving over never remapping.
void print_text(std::ostream& out, const SimulationReport& report, bool verbose);

} // namespace part::tools
