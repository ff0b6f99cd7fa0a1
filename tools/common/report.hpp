#pragma once
// The quality report every partitioning tool prints: a table for people, JSON for scripts.
#include <iosfwd>
#include <string>

#include <nlohmann/json.hpp>

#include "libpart/core/metrics.hpp"

namespace part::tools {

nlohmann::json metrics_json(const PartitionMetrics& metrics);
void print_metrics_table(std::ostream& out, const PartitionMetrics& metrics);

// Writes a tool's report to `output` (atomically, formats::write_file_atomically) or, when
// `output` is empty, to standard output.
void write_report(const std::string& text, const std::string& output);

} // namespace part::tools
