#pragma once
// The quality report every partitioning tool prints: a table for people, JSON for scripts.
#include <iosfwd>
#include <string>

#include <nlohmann/json.hpp>

#include "libpart/core/metrics.hpp"

namespace part::tools {

nlohmann::json metrics_json(const PartitionMetrics& metrics);
void print_metrics_table(std::ostream& out, const PartitionMetrics& metrics);

} // namespace part::tools

namespace part::tools {

// Writes a finished report to `output` (atomically, as every output) or, when `output` is
// empty, to standard output.
void write_report(const std::string& output, const std::string& report);

} // namespace part::tools
