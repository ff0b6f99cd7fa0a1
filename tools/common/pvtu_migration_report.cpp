#include "tools/common/pvtu_migration_report.hpp"

#include <ostream>

#include <nlohmann/json.hpp>

namespace part::tools {

namespace {

// Each new piece (new part) with its physical rank and owned cells.
nlohmann::json pieces_json(const MigrationPlan& plan, const formats::PvtuMigrationReport& report) {
    nlohmann::json pieces = nlohmann::json::array();
    for (PartId q = 0; q < plan.new_parts; ++q)
        pieces.push_back({{"part", q},
                          {"rank", plan.new_part_rank[std::size_t(q)]},
                          {"cells", report.new_piece_cells[std::size_t(q)]}});
    return pieces;
}

void print_text(std::ostream& out, const formats::PvtuMigrationReport& report,
                const nlohmann::json& pieces, const std::string& output) {
    out << "Wrote " << output << ": " << report.cells << " cells (" << report.moved_cells
        << " moved), " << report.points << " points, " << report.old_pieces << " -> "
        << report.new_pieces << " pieces; cell counts, global ids and "
        << report.totals.fields.size() << " field checksums verified\n";
    out << "piece (new part) -> physical rank, cells:";
    for (const auto& piece : pieces)
        out << " " << piece["part"] << "->" << piece["rank"] << " (" << piece["cells"] << ")";
    out << "\n";
}

} // namespace

void print_pvtu_migration(std::ostream& out, const MigrationPlan& plan,
                          const formats::PvtuMigrationReport& report, const std::string& output,
                          bool json) {
    const nlohmann::json pieces = pieces_json(plan, report);
    if (!json) return print_text(out, report, pieces, output);
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
}

} // namespace part::tools
