#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>

#include "tests/support/naca0012.hpp"
#include "tests/support/test_files.hpp"

using namespace part::test;

namespace {

// A partition of the sample graph: every 8th block of 2500 vertices, so it is cheap and fixed.
std::string block_partition(const ScratchDir& dir) {
    std::string text;
    for (int v = 0; v < 19886; ++v) text += std::to_string(v / 2500) + "\n";
    return dir.write("blocks.part", text);
}

} // namespace

TEST(PartStats, HelpShowsExampleAndExitsZero) {
    auto r = run_command(tool("part-stats") + " --help");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("Example:"), std::string::npos);
    EXPECT_NE(r.out.find("part-stats data/naca0012.graph"), std::string::npos);
}

TEST(PartStats, PrintsTableForSamplePartition) {
    ScratchDir dir;
    auto r = run_command(tool("part-stats") + " " + kNacaGraph + " " + block_partition(dir));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("19886 vertices, 29647 edges, 8 parts"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("edge cut"), std::string::npos);
    EXPECT_NE(r.out.find("communication volume"), std::string::npos);
}

TEST(PartStats, JsonMatchesTableFigures) {
    ScratchDir dir;
    auto r =
        run_command(tool("part-stats") + " " + kNacaGraph + " " + block_partition(dir) + " --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto json = nlohmann::json::parse(r.out);
    EXPECT_EQ(json["parts"], 8);
    EXPECT_EQ(json["vertices"], 19886);
    EXPECT_GT(json["edge_cut"].get<long>(), 0);
    EXPECT_EQ(json["part_weights"][0].size(), 8u);
    // 7 parts of 2500 and one of 2386: the heaviest is 2500 / (19886 / 8).
    EXPECT_NEAR(json["imbalance"][0].get<double>(), 2500.0 * 8 / 19886, 1e-9);
    EXPECT_EQ(json["empty_parts"], 0);
}

// With capacities, the report gives Kaddoura & Ranka's efficiency: here part 0 (2500 of the
// 19886 vertices) has half the capacity and the seven others share the rest, so part 0 is
// the least loaded per capacity and part 1 (2500 on 1/14) the slowest.
TEST(PartStats, CapacitiesGiveTheHeterogeneousEfficiency) {
    ScratchDir dir;
    std::string targets = "0.5\n";
    for (int p = 1; p < 8; ++p) targets += std::to_string(1.0 / 14) + "\n";
    const std::string args =
        kNacaGraph + " " + block_partition(dir) + " --targets " + dir.write("t.txt", targets);
    auto json_run = run_command(tool("part-stats") + " " + args + " --json");
    ASSERT_EQ(json_run.exit_code, 0) << json_run.err;
    const auto json = nlohmann::json::parse(json_run.out);
    EXPECT_NEAR(json["efficiency"].get<double>(), 19886.0 / (2500.0 * 14), 1e-4);
    auto table = run_command(tool("part-stats") + " " + args);
    EXPECT_NE(table.out.find("efficiency (capacities)"), std::string::npos) << table.out;
    auto uniform =
        run_command(tool("part-stats") + " " + kNacaGraph + " " + block_partition(dir) + " --json");
    EXPECT_FALSE(nlohmann::json::parse(uniform.out).contains("efficiency"));
}

TEST(PartStats, WrongLengthPartitionIsInputErrorWithLine) {
    ScratchDir dir;
    auto r = run_command(tool("part-stats") + " " + kNacaGraph + " " +
                         dir.write("short.part", "0\n1\n"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("error: " + dir.file("short.part") +
                         ":2: partition has 2 lines but the graph has 19886"),
              std::string::npos)
        << r.err;
}

TEST(PartStats, BadGraphIsInputError) {
    ScratchDir dir;
    auto r = run_command(tool("part-stats") + " " + dir.write("bad.graph", "4 1\n\n\n1\n2\n") +
                         " " + dir.write("p", "0\n0\n1\n1\n"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("bad.graph:4: vertex 3 lists neighbour 1 but vertex 1 does not list 3"),
              std::string::npos)
        << r.err;
}

TEST(PartStats, UsageErrorsExitTwo) {
    EXPECT_EQ(run_command(tool("part-stats")).exit_code, 2);
    EXPECT_EQ(run_command(tool("part-stats") + " a b --no-such-option").exit_code, 2);
    EXPECT_EQ(run_command(tool("part-stats") + " a b -k 0").exit_code, 2);
}

TEST(PartStats, OutputOptionWritesReportAndNeverAnInput) {
    ScratchDir dir;
    const std::string part = block_partition(dir);
    const std::string before = read_text(part);
    auto r = run_command(tool("part-stats") + " " + kNacaGraph + " " + part + " --json -o " +
                         dir.file("report.json"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(read_text(dir.file("report.json")))["parts"], 8);

    r = run_command(tool("part-stats") + " " + kNacaGraph + " " + part + " -o " + part);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("it is an input"), std::string::npos) << r.err;
    EXPECT_EQ(read_text(part), before);
}

TEST(PartStats, CoordinatesOfWrongLengthAreRejected) {
    ScratchDir dir;
    auto r = run_command(tool("part-stats") + " " + kNacaGraph + " " + block_partition(dir) +
                         " --coords " + dir.write("c.xyz", "0 0\n1 1\n"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("coordinate rows but the graph has 19886"), std::string::npos) << r.err;
    r = run_command(tool("part-stats") + " " + kNacaGraph + " " + block_partition(dir) +
                    " --coords " + source_file("data/naca0012.xyz"));
    EXPECT_EQ(r.exit_code, 0) << r.err;
}
