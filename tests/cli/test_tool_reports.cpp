// Reporting helpers of tools/common: where a finished report goes, and the report of a plan
// applied to a dataset.
#include <gtest/gtest.h>

#include <sstream>

#include <nlohmann/json.hpp>

#include "tests/support/test_files.hpp"
#include "tools/common/plan_report.hpp"
#include "tools/common/report.hpp"

namespace part::tools {
namespace {

using test::read_text;
using test::ScratchDir;

TEST(WriteReport, GoesToTheOutputFileOrToStandardOutput) {
    ScratchDir dir;
    CommonOptions to_file, to_stdout;
    to_file.output = dir.file("report.txt");
    testing::internal::CaptureStdout();
    write_report("to the file\n", to_file);
    write_report("to stdout\n", to_stdout);
    EXPECT_EQ(testing::internal::GetCapturedStdout(), "to stdout\n");
    EXPECT_EQ(read_text(to_file.output), "to the file\n");
}

// -q silences the report on standard output, but not the -o file it was asked to write, nor
// a report asked for with --json.
TEST(WriteReport, QuietSilencesStandardOutputOnly) {
    ScratchDir dir;
    CommonOptions quiet_file, quiet, quiet_json;
    quiet_file.quiet = quiet.quiet = quiet_json.quiet = quiet_json.json = true;
    quiet_file.output = dir.file("report.txt");
    testing::internal::CaptureStdout();
    write_report("to the file\n", quiet_file);
    write_report("silenced\n", quiet);
    write_report("{}\n", quiet_json);
    EXPECT_EQ(testing::internal::GetCapturedStdout(), "{}\n");
    EXPECT_EQ(read_text(quiet_file.output), "to the file\n");
}

// Two new parts on ranks 1 and 0, 5 and 3 cells.
struct MigrationSample {
    MigrationPlan plan;
    formats::PvtuMigrationReport report;
    MigrationSample() {
        plan.new_parts = 2;
        plan.new_part_rank = {1, 0};
        report.cells = 8;
        report.points = 12;
        report.moved_cells = 6;
        report.old_pieces = 3;
        report.new_pieces = 2;
        report.new_piece_cells = {5, 3};
        report.totals.fields.resize(2);
    }
};

TEST(PvtuMigrationReport, TextNamesTheOutputAndEachPiecesRank) {
    const MigrationSample s;
    std::ostringstream out;
    print_pvtu_migration(out, s.plan, s.report, "new.pvtu", false);
    EXPECT_EQ(out.str(), "Wrote new.pvtu: 8 cells (6 moved), 12 points, 3 -> 2 pieces; cell "
                         "counts, global ids and 2 field checksums verified\n"
                         "piece (new part) -> physical rank, cells: 0->1 (5) 1->0 (3)\n");
}

TEST(PvtuMigrationReport, JsonHasTheFiguresAndPieces) {
    const MigrationSample s;
    std::ostringstream out;
    print_pvtu_migration(out, s.plan, s.report, "new.pvtu", true);
    const auto json = nlohmann::json::parse(out.str());
    EXPECT_EQ(json["output"], "new.pvtu");
    EXPECT_EQ(json["moved_cells"], 6);
    EXPECT_EQ(json["fields"], 2);
    EXPECT_EQ(json["verified"], true);
    EXPECT_EQ(json["pieces"][0], (nlohmann::json{{"part", 0}, {"rank", 1}, {"cells", 5}}));
    EXPECT_EQ(json["pieces"][1]["cells"], 3);
}

} // namespace
} // namespace part::tools
