#pragma once
// part-refine's report of a GDE refinement: its rounds (sweeps, link flows, derouted routes,
// transfers), the fragments and polish, and the partition's quality before and after; a
// table for people, JSON for scripts.
#include <iosfwd>

#include <nlohmann/json.hpp>

#include "libpart/core/metrics.hpp"
#include "libpart/gde/refine.hpp"
#include "tools/common/cli.hpp"

namespace part::tools {

nlohmann::json refine_json(const gde::RefineResult& result, const PartitionMetrics& before,
                           const PartitionMetrics& after);
// Lists every link of a round when `verbose` or when it has at most 32.
void print_refine_report(std::ostream& out, const gde::RefineResult& result,
                         const PartitionMetrics& before, const PartitionMetrics& after,
                         bool verbose);

// The whole report on `out`: with --json, refine_json and the output's name; else "Wrote
// OUTPUT" and the table (every link with -v).
void report_refinement(std::ostream& out, const std::string& output,
                       const gde::RefineResult& result, const PartitionMetrics& before,
                       const PartitionMetrics& after, const CommonOptions& common);

// Warns on `err` of parts left empty by a refinement on the quotient graph, where an empty
// part has no neighbour, so no flow reaches it.
void warn_of_empty_parts_on_quotient(std::ostream& err, const PartitionMetrics& after);

} // namespace part::tools
