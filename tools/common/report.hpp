#pragma once
// The quality report every partitioning tool prints: a table for people, JSON for scripts.
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "libpart/core/metrics.hpp"
#include "tools/common/cli.hpp"

namespace part::tools {

nlohmann::json metrics_json(const PartitionMetrics& metrics);
void print_metrics_table(std::ostream& out, const PartitionMetrics& metrics);

// A tool's report struct on `out`: as JSON (its nlohmann to_json) with --json, else as text
// (its print_text, fuller with -v). Both come from the same struct.
template <typename Report>
void print_report(std::ostream& out, const Report& report, const CommonOptions& common) {
    if (common.json)
        out << nlohmann::json(report).dump(2) << "\n";
    else
        print_text(out, report, common.verbose);
}

// Writes a tool's report to -o (atomically, formats::write_file_atomically), whatever -q; or,
// when there is no -o, to standard output unless -q silences it (report_stream).
void write_report(const std::string& text, const CommonOptions& common);

} // namespace part::tools
