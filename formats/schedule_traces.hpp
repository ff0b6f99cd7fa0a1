#pragma once
// The CSV traces the schedule tools read, turned into libpart's schedule types:
//   step costs  - header of configuration names, one row of costs per step;
//   load trace  - header of part names, one row of loads per step;
//   work units  - a "work" column (or a single column), optionally "wavefront" and "string".
// Remap costs are given as a constant, a column of the same file or a file (per_step_values).
#include <cstdint>
#include <string>
#include <vector>

#include "libpart/schedule/configuration_schedule.hpp"
#include "libpart/schedule/remap_policies.hpp"

namespace part::formats {

struct StepCostTrace {
    StepCosts costs;
    std::vector<std::string> configs; // configuration names from the header
    std::vector<double> remap_cost;   // cost of a remap before each step
};

struct LoadTraceFile {
    LoadTrace trace;
    std::vector<std::string> parts;
    std::vector<double> remap_cost;
};

struct WorkTrace {
    std::vector<double> work;
    std::vector<std::int64_t> wavefront; // empty when the file has no wavefront column
    std::vector<std::int64_t> string;
};

// Costs and loads must be >= 0. Errors name the file and line (csv_table.hpp).
StepCostTrace read_step_costs(const std::string& path, const std::string& remap_cost_spec);
LoadTraceFile read_load_trace(const std::string& path, const std::string& remap_cost_spec);
// Also checks wavefront and string numbers are integers increasing as (wavefront, string).
WorkTrace read_work_trace(const std::string& path);

} // namespace part::formats
