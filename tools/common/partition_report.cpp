#include "tools/common/partition_report.hpp"

#include <algorithm>
#include <iomanip>
#include <ostream>

#include "tools/common/report.hpp"

namespace part::tools {

void to_json(nlohmann::json& json, const PartitionReport& r) {
    json = metrics_json(r.metrics);
    json["output"] = r.output;
    json["method"] = r.method;
    if (!r.scheme.empty()) json["scheme"] = r.scheme;
    json["seconds"] = {{"read", r.read_seconds}, {"partition", r.partition_seconds}};
}

void print_text(std::ostream& out, const PartitionReport& r, bool verbose) {
    out << "Wrote " << r.output << "\n";
    if (!r.scheme.empty()) out << "Scheme " << r.scheme << "\n";
    print_metrics_table(out, r.metrics);
    if (verbose)
        out << "  seconds: reading " << r.read_seconds << ", partitioning " << r.partition_seconds
            << "\n";
}

void to_json(nlohmann::json& json, const OrderReport& r) {
    nlohmann::json blocks = nlohmann::json::array();
    for (const BlockCut& row : r.blocks)
        blocks.push_back(
            {{"parts", row.parts}, {"edge_cut", row.edge_cut}, {"imbalance", row.imbalance}});
    json = {{"output", r.output}, {"method", r.method},   {"vertices", r.vertices},
            {"edges", r.edges},   {"block_cuts", blocks}, {"seconds", r.seconds}};
}

void print_text(std::ostream& out, const OrderReport& r, bool verbose) {
    out << "Wrote " << r.output << "\n";
    if (verbose) out << "Ordering took " << r.seconds << " s\n";
    out << "Equal contiguous blocks of the " << r.method << " ordering (" << r.vertices
        << " vertices, " << r.edges << " edges)\n";
    out << "  " << std::setw(6) << "K" << std::setw(14) << "edge cut" << std::setw(12) << "cut %"
        << std::setw(12) << "imbalance"
        << "\n";
    for (const BlockCut& row : r.blocks)
        out << "  " << std::setw(6) << row.parts << std::setw(14) << row.edge_cut << std::setw(12)
            << std::fixed << std::setprecision(2)
            << 100.0 * double(row.edge_cut) / double(std::max<EdgeOffset>(r.edges, 1))
            << std::setw(12) << std::setprecision(3) << row.imbalance << "\n";
}

} // namespace part::tools
