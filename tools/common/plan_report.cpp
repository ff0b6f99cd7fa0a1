#include "tools/common/plan_report.hpp"

#include "formats/plan_file.hpp"

#include <algorithm>
#include <iomanip>
#include <ostream>

namespace part::tools {

nlohmann::json traffic_json(const MigrationPlan& plan, const PlanTraffic& traffic) {
    nlohmann::json j = formats::plan_summary(plan);
    j["moved_size"] = traffic.moved_size;
    j["max_sent_vertices"] = traffic.max_sent_vertices;
    j["max_received_vertices"] = traffic.max_received_vertices;
    j["max_sent_size"] = traffic.max_sent_size;
    j["max_received_size"] = traffic.max_received_size;
    nlohmann::json list = nlohmann::json::array();
    for (const MessageTraffic& m : traffic.messages)
        list.push_back({{"source", m.message.source},
                        {"destination", m.message.destination},
                        {"destination_rank", m.destination_rank},
                        {"vertices", m.vertices},
                        {"size", m.size}});
    j["traffic"] = std::move(list);
    return j;
}

void print_traffic_summary(std::ostream& out, const MigrationPlan& plan,
                           const PlanTraffic& traffic) {
    out << plan.num_vertices << " vertices, " << plan.old_parts << " -> " << plan.new_parts
        << " parts on " << plan.num_ranks() << " ranks (" << traffic.skeleton_ranks
        << " skeleton)\n";
    out << "  moved vertices        " << traffic.moved_vertices << " (max per rank: sent "
        << traffic.max_sent_vertices << ", received " << traffic.max_received_vertices << ")\n";
    out << "  moved size            " << traffic.moved_size << " (max per rank: sent "
        << traffic.max_sent_size << ", received " << traffic.max_received_size << ")\n";
    out << "  messages              " << traffic.messages.size() << " (max per rank "
        << traffic.max_messages_per_rank << ")\n";
    out << "  logical -> physical   ";
    if (plan.new_part_rank == identity_ranks(plan.new_parts)) {
        out << "identity\n";
    } else {
        for (PartId q = 0; q < plan.new_parts; ++q)
            out << (q ? " " : "") << q << ":" << plan.new_part_rank[q];
        out << "\n";
    }
}

void print_traffic_matrix(std::ostream& out, const MigrationPlan& plan, const PlanTraffic& traffic,
                          PartId max_columns) {
    const PartId columns = std::min(plan.new_parts, max_columns);
    std::vector<VertexId> row(static_cast<std::size_t>(columns));
    int width = 6;
    for (const MessageTraffic& m : traffic.messages)
        width = std::max(width, int(std::to_string(m.vertices).size()) + 1);
    out << "traffic (moved vertices; rows: old part, columns: new part)\n" << std::setw(6) << "";
    for (PartId q = 0; q < columns; ++q) out << std::setw(width) << q;
    out << (columns < plan.new_parts ? " ..." : "") << "\n";
    std::size_t next = 0;
    for (PartId p = 0; p < plan.old_parts; ++p) {
        std::fill(row.begin(), row.end(), 0);
        for (; next < traffic.messages.size() && traffic.messages[next].message.source == p; ++next)
            if (traffic.messages[next].message.destination < columns)
                row[traffic.messages[next].message.destination] = traffic.messages[next].vertices;
        out << std::setw(6) << p;
        for (VertexId count : row) out << std::setw(width) << (count ? std::to_string(count) : ".");
        out << "\n";
    }
}

void print_pvtu_migration(std::ostream& out, const MigrationPlan& plan,
                          const formats::PvtuMigrationReport& report, const std::string& output,
                          bool json) {
    // Each new piece (new part) with its physical rank and owned cells.
    nlohmann::json pieces = nlohmann::json::array();
    for (PartId q = 0; q < plan.new_parts; ++q)
        pieces.push_back({{"part", q},
                          {"rank", plan.new_part_rank[std::size_t(q)]},
                          {"cells", report.new_piece_cells[std::size_t(q)]}});
    if (json) {
        out << nlohmann::json{{"output", output},
                              {"cells", report.cells},
                              {"points", report.points},
                              {"moved_cells", report.moved_cells},
                              {"old_pieces", report.old_pieces},
                              {"new_pieces", report.new_pieces},
                              {"fields", report.totals.fields.size()},
                              {"pieces", pieces},
                              {"verified", true}}
                   .dump(2)
            << "\n";
        return;
    }
    out << "Wrote " << output << ": " << report.cells << " cells (" << report.moved_cells
        << " moved), " << report.points << " points, " << report.old_pieces << " -> "
        << report.new_pieces << " pieces; cell counts, global ids and "
        << report.totals.fields.size() << " field checksums verified\n";
    out << "piece (new part) -> physical rank, cells:";
    for (const auto& piece : pieces)
        out << " " << piece["part"] << "->" << piece["rank"] << " (" << piece["cells"] << ")";
    out << "\n";
}

} // namespace part::tools
