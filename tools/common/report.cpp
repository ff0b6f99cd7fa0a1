#include "tools/common/report.hpp"

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <ostream>

#include "formats/atomic_output.hpp"

namespace part::tools {

namespace {

// Part weights of one constraint.
std::vector<WeightSum> constraint_weights(const PartitionMetrics& m, int c) {
    std::vector<WeightSum> weights;
    for (PartId p = 0; p < m.num_parts; ++p)
        weights.push_back(m.part_weights[std::size_t(p) * m.num_constraints + c]);
    return weights;
}

} // namespace

nlohmann::json metrics_json(const PartitionMetrics& m) {
    nlohmann::json part_weights = nlohmann::json::array();
    for (int c = 0; c < m.num_constraints; ++c) part_weights.push_back(constraint_weights(m, c));
    nlohmann::json json = {
        {"vertices", m.num_vertices},
        {"edges", m.num_edges},
        {"parts", m.num_parts},
        {"constraints", m.num_constraints},
        {"edge_cut", m.edge_cut},
        {"communication_volume", m.communication_volume},
        {"imbalance", m.imbalance},
        {"part_weights", part_weights},
        {"boundary_vertices", m.boundary_vertices},
        {"neighbour_parts",
         {{"min", m.min_neighbour_parts},
          {"avg", m.avg_neighbour_parts},
          {"max", m.max_neighbour_parts}}},
        {"disconnected_parts", m.disconnected_parts},
        {"components", m.total_components},
        {"empty_parts", m.empty_parts},
    };
    if (m.efficiency) json["efficiency"] = *m.efficiency;
    return json;
}

void print_metrics_table(std::ostream& out, const PartitionMetrics& m) {
    auto row = [&out](const std::string& name) -> std::ostream& {
        return out << "  " << std::left << std::setw(30) << name << std::right;
    };
    out << "Partition quality (" << m.num_vertices << " vertices, " << m.num_edges << " edges, "
        << m.num_parts << " parts)\n";
    row("edge cut") << m.edge_cut << "\n";
    row("communication volume") << m.communication_volume << "\n";
    for (int c = 0; c < m.num_constraints; ++c) {
        const auto weights = constraint_weights(m, c);
        const auto [lo, hi] = std::minmax_element(weights.begin(), weights.end());
        std::string suffix = m.num_constraints > 1 ? " #" + std::to_string(c) : "";
        row("imbalance" + suffix) << std::fixed << std::setprecision(3) << m.imbalance[c] << "\n";
        row("part weight min / max" + suffix) << *lo << " / " << *hi << "\n";
    }
    row("boundary vertices") << m.boundary_vertices << "\n";
    row("neighbour parts min/avg/max")
        << m.min_neighbour_parts << " / " << std::setprecision(2) << m.avg_neighbour_parts << " / "
        << m.max_neighbour_parts << "\n";
    row("disconnected parts") << m.disconnected_parts << " (" << m.total_components
                              << " components in all)\n";
    row("empty parts") << m.empty_parts << "\n";
    if (m.efficiency)
        row("efficiency (capacities)")
            << std::fixed << std::setprecision(3) << *m.efficiency << "\n";
    out.unsetf(std::ios::floatfield);
}

void write_report(const std::string& text, const CommonOptions& common) {
    if (common.output.empty())
        report_stream(common, {}) << text;
    else
        formats::write_file_atomically(common.output, text);
}

} // namespace part::tools
