#include "formats/schedule_traces.hpp"

#include <cmath>
#include <utility>

#include "formats/csv_table.hpp"
#include "libpart/core/error.hpp"

namespace part::formats {

namespace {

constexpr const char* kRemapOption = "--remap-cost";

std::vector<std::int64_t> integer_column(const CsvTable& table, int column) {
    std::vector<std::int64_t> values(static_cast<std::size_t>(table.rows()));
    for (std::int64_t r = 0; r < table.rows(); ++r) {
        const double value = table.at(r, column);
        if (value != std::floor(value) || std::abs(value) > 1e15)
            throw InputError(table.file, table.row_line[std::size_t(r)],
                             "column '" + table.names[std::size_t(column)] +
                                 "': expected an integer, found " + std::to_string(value));
        values[std::size_t(r)] = std::int64_t(value);
    }
    return values;
}

// A table of costs or loads (`what`) and its per-step remap costs (removed from the table when
// they are one of its columns). The schedules add the values and the remap costs over steps and
// parts, so their totals must stay finite.
CsvTable read_step_table(const std::string& path, const std::string& remap_cost_spec,
                         const char* what, std::vector<double>& remap_cost) {
    CsvTable table = read_csv_table(path, {.non_negative = true, .what = what});
    finite_total(table); // names the line of a value the sums cannot hold
    remap_cost = per_step_values(remap_cost_spec, table, kRemapOption);
    double total = finite_total(table);
    for (double c : remap_cost) total += c;
    if (!std::isfinite(total))
        throw InputError(table.file, 0,
                         std::string("the values and the remap costs (") + kRemapOption +
                             ") add up beyond the largest number, so totals would overflow to "
                             "inf; scale them down");
    return table;
}

} // namespace

StepCostTrace read_step_costs(const std::string& path, const std::string& remap_cost_spec) {
    StepCostTrace result;
    CsvTable table = read_step_table(path, remap_cost_spec, "cost", result.remap_cost);
    result.costs = StepCosts{table.rows(), table.columns(), std::move(table.values)};
    result.configs = std::move(table.names);
    return result;
}

LoadTraceFile read_load_trace(const std::string& path, const std::string& remap_cost_spec) {
    LoadTraceFile result;
    CsvTable table = read_step_table(path, remap_cost_spec, "load", result.remap_cost);
    result.trace = LoadTrace{table.rows(), table.columns(), std::move(table.values)};
    result.parts = std::move(table.names);
    return result;
}

WorkTrace read_work_trace(const std::string& path) {
    const CsvTable table = read_csv_table(path, {.non_negative = true, .what = "work"});
    finite_total(table);
    WorkTrace result;
    const auto work = table.find("work");
    if (!work && table.columns() != 1)
        throw InputError(
            path, 1, "expected a column named 'work' (and optionally 'wavefront' and 'string')");
    result.work = table.column(work ? *work : 0);
    const auto wavefront = table.find("wavefront");
    const auto string = table.find("string");
    if (wavefront.has_value() != string.has_value())
        throw InputError(path, 1, "expected both 'wavefront' and 'string' columns, or neither");
    if (!wavefront) return result;
    result.wavefront = integer_column(table, *wavefront);
    result.string = integer_column(table, *string);
    for (std::size_t i = 1; i < result.work.size(); ++i)
        if (std::pair(result.wavefront[i - 1], result.string[i - 1]) >=
            std::pair(result.wavefront[i], result.string[i]))
            throw InputError(
                path, table.row_line[i],
                "(wavefront, string) must increase from row to row: wavefront first, then string");
    return result;
}

} // namespace part::formats
