#pragma once
// part-refine's report of a GDE refinement: its rounds (sweeps, link flows, derouted routes,
// transfers), the fragments and polish, and the partition's quality before and after; a
// table for people, JSON for scripts.
#include <iosfwd>

#include <nlohmann/json.hpp>

#include "libpart/core/metrics.hpp"
#include "libpart/gde/refine.hpp"

namespace part::tools {

nlohmann::json refine_json(const gde::RefineResult& result, const PartitionMetrics& before,
                           const PartitionMetrics& after);
// Lists every link of a round when `verbose` or when it has at most 32.
void print_refine_report(std::ostream& out, const gde::RefineResult& result,
                         const PartitionMetrics& before, const PartitionMetrics& after,
                         bool verbose);

} // namespace part::tools
