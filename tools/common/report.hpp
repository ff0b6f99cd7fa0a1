#pragma once
// The quality report every partitioning tool prints: a table for people, JSON for scripts.
#include <iosfwd>

#include <nlohmann/json.hpp>

#include "libpart/core/metrics.hpp"

namespace part::tools {

nlohmann::json metrics_json(const PartitionMetrics& metrics);
void print_metrics_table(std::ostream& out, const PartitionMetrics& metrics);

} // namespace part::tools
