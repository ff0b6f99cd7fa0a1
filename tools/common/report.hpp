#pragma once
// The quality report every partitioning tool prints: a table for people, JSON for scripts.
#include <iosfwd>
#include <string>

#include <nlohmann/json.hpp>

#include "libpart/core/metrics.hpp"
#include "tools/common/cli.hpp"

namespace part::tools {

nlohmann::json metrics_json(const PartitionMetrics& metrics);
void print_metrics_table(std::ostream& out, const PartitionMetrics& metrics);

// Writes a tool's report to -o (atomically, formats::write_file_atomically), whatever -q; or,
// when there is no -o, to standard output unless -q silences it (report_stream).
void write_report(const std::string& text, const CommonOptions& common);

} // namespace part::tools
