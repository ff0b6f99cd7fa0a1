#pragma once
// The reports of part-partition and part-order, each one struct rendered as text for people
// and as JSON for scripts (print_report in report.hpp).
#include <iosfwd>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "libpart/core/metrics.hpp"
#include "libpart/partition/order_quality.hpp"

namespace part::tools {

// part-partition: the file written, the method (and hier's scheme) and the quality.
struct PartitionReport {
    std::string output, method;
    std::string scheme; // the scheme hier chose; empty for the other methods
    PartitionMetrics metrics;
    double read_seconds = 0, partition_seconds = 0; // ordering included in partitioning
};
void to_json(nlohmann::json& json, const PartitionReport& report);
// "Wrote OUTPUT", the scheme, the quality table and, when `verbose`, the seconds.
void print_text(std::ostream& out, const PartitionReport& report, bool verbose);

// part-order: the file written and the edge cut of equal contiguous blocks of the ordering.
struct OrderReport {
    std::string output, method;
    VertexId vertices = 0;
    EdgeOffset edges = 0;
    std::vector<BlockCut> blocks;
    double seconds = 0; // computing the ordering
};
void to_json(nlohmann::json& json, const OrderReport& report);
// "Wrote OUTPUT", with `verbose` the time taken, and the table of block cuts.
void print_text(std::ostream& out, const OrderReport& report, bool verbose);

} // namespace part::tools
