#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/support/test_files.hpp"

using namespace part::test;
using nlohmann::json;

namespace {

const std::string kTool = tool("part-schedule");

// The issue's example: A costs 1 and B 3 for steps 1-3, the reverse for steps 4-6.
const std::string kCosts = "A,B\n1,3\n1,3\n1,3\n3,1\n3,1\n3,1\n";
// The paper's toy example: two wavefronts of three unit work units.
const std::string kToyWork = "wavefront,string,work\n1,1,1\n1,2,1\n1,3,1\n2,1,1\n2,2,1\n2,3,1\n";

// Part p0's load creeps up: a slowly growing imbalance.
std::string drifting_loads(int steps) {
    std::string text = "p0,p1,p2\n";
    for (int t = 0; t < steps; ++t) text += std::to_string(10 + 0.3 * t) + ",10,10\n";
    return text;
}

CommandResult run(const std::string& arguments) {
    return run_command(kTool + " " + arguments);
}

void expect_input_error(const CommandResult& r, const std::string& message) {
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("error: " + message), std::string::npos) << r.err;
}

} // namespace

TEST(PartSchedule, HelpShowsExamples) {
    for (const char* command : {"", " dp", " segment", " policies"}) {
        auto r = run(std::string(command) + " --help");
        EXPECT_EQ(r.exit_code, 0) << command;
        EXPECT_NE(r.out.find("Example:\n  part-schedule"), std::string::npos) << command;
    }
    EXPECT_EQ(run("").exit_code, 2) << "a subcommand is required";
}

TEST(PartSchedule, DpIssueExampleTotalSevenOneRemapBeforeStepFour) {
    ScratchDir dir;
    auto r = run("dp " + dir.write("costs.csv", kCosts) + " --remap-cost 1");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("total 7 over 6 steps, 1 remap costing 1"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("remap before step 4: A -> B"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("steps 1-3: A\n  steps 4-6: B"), std::string::npos) << r.out;

    r = run("dp " + dir.file("costs.csv") + " --remap-cost 1 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json report = json::parse(r.out);
    EXPECT_DOUBLE_EQ(report["total"].get<double>(), 7.0);
    EXPECT_EQ(report["remap_steps"], json({4}));
    EXPECT_EQ(report["configurations"], json({"A", "A", "A", "B", "B", "B"}));
}

TEST(PartSchedule, DpRemapCostFromColumnOrFile) {
    ScratchDir dir;
    // Remapping before step 4 costs 10 but before step 5 only 0.5: switch a step late.
    auto r =
        run("dp " + dir.write("c.csv", "A,B,M\n1,3,0\n1,3,10\n1,3,10\n3,1,10\n3,1,0.5\n3,1,10\n") +
            " --remap-cost M --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    json report = json::parse(r.out);
    EXPECT_DOUBLE_EQ(report["total"].get<double>(), 3 + 3 + 0.5 + 2);
    EXPECT_EQ(report["remap_steps"], json({5}));

    r = run("dp " + dir.write("costs.csv", kCosts) + " --remap-cost " +
            dir.write("m.txt", "0\n10\n10\n10\n10\n0.25\n") + " --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    report = json::parse(r.out);
    EXPECT_DOUBLE_EQ(report["total"].get<double>(), 3 + 3 + 3 + 0.25 + 1);
}

TEST(PartSchedule, DpRemapCostFileOfWrongLengthNamesTheFile) {
    ScratchDir dir;
    const std::string m = dir.write("m.txt", "1\n1\n1\n");
    expect_input_error(run("dp " + dir.write("costs.csv", kCosts) + " --remap-cost " + m),
                       m + ":3: file has 3 per-step values but " + dir.file("costs.csv") +
                           " has 6 steps");
}

TEST(PartSchedule, SegmentToyExampleIsFourWithThreePhases) {
    ScratchDir dir;
    auto r = run("segment " + dir.write("work.csv", kToyWork) + " --procs 2 --sync 0.5 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json report = json::parse(r.out);
    EXPECT_DOUBLE_EQ(report["optimal"]["total"].get<double>(), 4.0);
    EXPECT_EQ(report["optimal"]["phases"], json::parse("[[1,2],[3,4],[5,6]]"));
    EXPECT_DOUBLE_EQ(report["wavefront"]["total"].get<double>(), 4.5);
    EXPECT_GE(report["heuristic"]["total"].get<double>(), 4.0);

    // The same units given as a plain work column with a window of three units.
    r = run("segment " + dir.write("plain.csv", "work\n1\n1\n1\n1\n1\n1\n") +
            " --procs 2 --sync 0.5 --window 3");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("optimal (dynamic programming): total 4, 3 phases\n  phases: 1-2 3-4 5-6"),
              std::string::npos)
        << r.out;
}

TEST(PartSchedule, SegmentRejectsUnorderedWavefronts) {
    ScratchDir dir;
    const std::string work = dir.write("work.csv", "wavefront,string,work\n1,1,1\n2,1,1\n1,2,1\n");
    expect_input_error(run("segment " + work + " --procs 2 --sync 0.5"),
                       work + ":4: (wavefront, string) must increase");
}

TEST(PartSchedule, PoliciesJsonListsEveryPolicyWithOptimumLeast) {
    ScratchDir dir;
    auto r =
        run("policies " + dir.write("loads.csv", drifting_loads(120)) + " --remap-cost 6 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json report = json::parse(r.out);
    ASSERT_EQ(report["policies"].size(), 6u);
    double optimum = -1;
    for (const auto& policy : report["policies"])
        if (policy["name"].get<std::string>().find("optimal") != std::string::npos)
            optimum = policy["total"];
    ASSERT_GT(optimum, 0);
    EXPECT_DOUBLE_EQ(report["optimal_total"].get<double>(), optimum);
    for (const auto& policy : report["policies"]) {
        EXPECT_LE(optimum, policy["total"].get<double>() + 1e-9) << policy["name"];
        EXPECT_EQ(policy["remaps"], policy["remap_steps"].size());
        EXPECT_NEAR(policy["gap_to_optimal"].get<double>(),
                    policy["total"].get<double>() / optimum - 1, 1e-12)
            << policy["name"];
    }
    EXPECT_GT(report["policies"][0]["total"].get<double>(), optimum)
        << "never remapping is worse on a drift";
}

TEST(PartSchedule, PoliciesTableAndOutputFile) {
    ScratchDir dir;
    const std::string loads = dir.write("loads.csv", drifting_loads(40));
    auto r = run("policies " + loads + " --remap-cost 6 --policy never --policy stop-at-rise -o " +
                 dir.file("report.txt"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string report = read_text(dir.file("report.txt"));
    EXPECT_NE(report.find("40 steps, 3 parts"), std::string::npos) << report;
    EXPECT_NE(report.find("stop-at-rise"), std::string::npos);
    EXPECT_NE(report.find("dp-optimal"), std::string::npos)
        << "the optimum is always shown for the gap";
    EXPECT_EQ(report.find("profitability"), std::string::npos);
    EXPECT_EQ(run("policies " + loads + " --remap-cost 6 -o " + loads).exit_code, 2);
    EXPECT_EQ(read_text(loads), drifting_loads(40));
}

TEST(PartSchedule, UnknownPolicyIsUsageError) {
    ScratchDir dir;
    auto r = run("policies " + dir.write("loads.csv", drifting_loads(5)) +
                 " --remap-cost 1 --policy sometimes");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("error: unknown policy 'sometimes': expected never,"), std::string::npos)
        << r.err;
}

TEST(PartSchedule, BadLoadTracesNameFileAndLine) {
    ScratchDir dir;
    std::string f = dir.write("ragged.csv", "p0,p1\n1,2\n3\n");
    expect_input_error(run("policies " + f + " --remap-cost 1"),
                       f + ":3: row has 1 values but the header names 2");
    f = dir.write("negative.csv", "p0,p1\n1,2\n3,-4\n");
    expect_input_error(run("policies " + f + " --remap-cost 1"),
                       f + ":3: column 'p1': load -4 is negative");
    f = dir.write("text.csv", "p0,p1\n1,two\n");
    expect_input_error(run("policies " + f + " --remap-cost 1"),
                       f + ":2: column 'p1': expected a finite number (load)");
    f = dir.write("empty.csv", "p0,p1\n");
    expect_input_error(run("policies " + f + " --remap-cost 1"),
                       f + ":1: no data rows after the header");
    f = dir.write("costs.csv", kCosts);
    const std::string m = dir.write("m.csv", "cost\n1\n");
    expect_input_error(run("dp " + f + " --remap-cost " + m), m + ":2: file has 1 per-step values");
    auto r = run("dp " + f + " --remap-cost nosuch");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("--remap-cost 'nosuch': expected a number, a column of"),
              std::string::npos)
        << r.err;
}

// Values of 1e308 each fit a double but their sums do not: the totals printed inf.
TEST(PartSchedule, ValuesWhoseSumsOverflowAreRejected) {
    ScratchDir dir;
    const std::string costs = dir.write("huge.csv", "A,B\n1,2\n1e308,1e308\n1e308,1\n");
    const std::string overflow = "column 'B': value 1e+308 takes the sum of the values beyond";
    expect_input_error(run("dp " + costs + " --remap-cost 1"), costs + ":3: " + overflow);
    expect_input_error(run("policies " + costs + " --remap-cost 1"), costs + ":3: " + overflow);
    const std::string work = dir.write("work.csv", "work\n1e308\n1e308\n");
    expect_input_error(run("segment " + work + " --procs 2 --sync 1"),
                       work + ":3: column 'work': value 1e+308");
    const std::string small = dir.write("small.csv", "A,B\n1,2\n3,4\n");
    const std::string remap = dir.write("remap.txt", "1e308\n1e308\n");
    expect_input_error(run("dp " + small + " --remap-cost " + remap), remap + ":2: ");
    expect_input_error(run("dp " + small + " --remap-cost 1e308"),
                       small + ": the values and the remap costs (--remap-cost) add up beyond");
    const auto scaled = run("policies " + small + " --remap-cost 1 --compute-cost 1e308");
    EXPECT_EQ(scaled.exit_code, 2) << scaled.err;
    EXPECT_NE(scaled.err.find("this --compute-cost"), std::string::npos) << scaled.err;
    EXPECT_EQ(scaled.out.find("inf"), std::string::npos) << scaled.out;
}
