#pragma once
// part-refine's report of a GDE refinement: its rounds (sweeps, link flows, derouted routes,
// transfers), the fragments and polish, and the partition's quality before and after; a
// table for people, JSON for scripts.
#include <iosfwd>
#include <string>

#include <nlohmann/json.hpp>

#include "libpart/core/metrics.hpp"
#include "libpart/gde/refine.hpp"

namespace part::tools {

// One struct rendered both ways (print_report in report.hpp).
struct RefineReport {
    std::string output;
    gde::RefineResult result;
    PartitionMetrics before, after;
};
void to_json(nlohmann::json& json, const RefineReport& report);
// "Wrote OUTPUT" and the table; lists every link of a round when `verbose` or when it has at
// most 32.
void print_text(std::ostream& out, const RefineReport& report, bool verbose);

// Warns on `err` of parts left empty by a refinement on the quotient graph, where an empty
// part has no neighbour, so no flow reaches it.
void warn_of_empty_parts_on_quotient(std::ostream& err, PartId empty_parts);

} // namespace part::tools
