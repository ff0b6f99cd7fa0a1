// The reports of part-schedule (tools/common/schedule_report.hpp) on results built by hand.
#include <gtest/gtest.h>

#include <limits>

#include <nlohmann/json.hpp>

#include "tools/common/cli.hpp"
#include "tools/common/schedule_report.hpp"

namespace part::tools {
namespace {

using nlohmann::json;

// The example: A for steps 1-3, B for steps 4-6, one remap before step 4.
formats::StepCostTrace two_configurations() {
    formats::StepCostTrace input;
    input.costs.steps = 6;
    input.configs = {"A", "B"};
    return input;
}

ConfigurationSchedule switch_before_step_four() {
    return {
        .total = 7, .remap_total = 1, .config_per_step = {0, 0, 0, 1, 1, 1}, .remap_steps = {3}};
}

RemapComparison two_plans() {
    RemapComparison comparison;
    comparison.plans.push_back({.name = "fixed-interval",
                                .total = 12.5,
                                .remap_total = 2,
                                .remap_steps = {4, 8},
                                .interval = 4});
    comparison.plans.push_back(
        {.name = "dp-optimal", .total = 10, .remap_total = 1, .remap_steps = {5}});
    comparison.optimal_total = 10;
    return comparison;
}

} // namespace

TEST(ScheduleReport, ConfigurationScheduleTextNamesRemapsAndRuns) {
    EXPECT_EQ(configuration_schedule_report(two_configurations(), switch_before_step_four(), false),
              "total 7 over 6 steps, 1 remap costing 1\n"
              "remap before step 4: A -> B\n"
              "configuration per step:\n"
              "  steps 1-3: A\n"
              "  steps 4-6: B\n");
}

TEST(ScheduleReport, ConfigurationScheduleJsonIsOneBased) {
    const json report = json::parse(
        configuration_schedule_report(two_configurations(), switch_before_step_four(), true));
    EXPECT_EQ(report["steps"], 6);
    EXPECT_EQ(report["total"], 7.0);
    EXPECT_EQ(report["remap_steps"], json::array({4}));
    EXPECT_EQ(report["configurations"], json({"A", "A", "A", "B", "B", "B"}));
}

TEST(ScheduleReport, PhaseComparisonTextShortensLongListsUnlessAll) {
    PhaseComparison comparison;
    comparison.units = 20;
    comparison.optimal = {.total = 8, .phase_starts = {0, 10}};
    for (std::int64_t u = 0; u < 20; ++u) comparison.heuristic.phase_starts.push_back(u);
    comparison.heuristic.total = 10;
    const std::string text = phase_comparison_report(comparison, 2, 0.5, false, false);
    EXPECT_EQ(text.substr(0, text.find("W(n)")),
              "20 work units on 2 processors, synchronization cost 0.5\n"
              "optimal (dynamic programming): total 8, 2 phases\n"
              "  phases: 1-10 11-20\n");
    EXPECT_NE(text.find("W(n) heuristic: total 10, 20 phases (+25.00% over optimal)\n"
                        "  phases: 1 2 3 4 5 6 7 8 9 10 11 12 ... (-v lists them all)\n"),
              std::string::npos)
        << text;
    EXPECT_EQ(text.find("wavefront"), std::string::npos) << "no wavefronts, no static schedule";
    const std::string all = phase_comparison_report(comparison, 2, 0.5, false, true);
    EXPECT_NE(all.find(" 19 20\n"), std::string::npos) << all;
    EXPECT_EQ(all.find("..."), std::string::npos) << all;
}

TEST(ScheduleReport, PhaseComparisonJsonGivesFirstAndLastUnits) {
    PhaseComparison comparison;
    comparison.units = 6;
    comparison.optimal = {.total = 4, .phase_starts = {0, 2, 4}};
    comparison.heuristic = comparison.optimal;
    comparison.by_wavefront = PhaseSchedule{.total = 4.5, .phase_starts = {0, 3}};
    const json report = json::parse(phase_comparison_report(comparison, 2, 0.5, true, false));
    EXPECT_EQ(report["units"], 6);
    EXPECT_EQ(report["procs"], 2);
    EXPECT_EQ(report["optimal"]["phases"], json::parse("[[1,2],[3,4],[5,6]]"));
    EXPECT_EQ(report["wavefront"]["phases"], json::parse("[[1,3],[4,6]]"));
    EXPECT_EQ(report["wavefront"]["total"], 4.5);
}

TEST(ScheduleReport, RemapComparisonTableNamesTheFixedInterval) {
    LoadTrace trace{10, 3, {}};
    const std::string text = remap_comparison_report(trace, two_plans(), false, false);
    EXPECT_EQ(text,
              "10 steps, 3 parts\n"
              "policy                              total   remaps       gap  remap before steps\n"
              "fixed-interval (f=4)                 12.5        2    25.00%  5 9\n"
              "dp-optimal                             10        1     0.00%  6\n");
}

TEST(ScheduleReport, RemapComparisonJsonHasGapsAndTheInterval) {
    LoadTrace trace{10, 3, {}};
    const json report = json::parse(remap_comparison_report(trace, two_plans(), true, false));
    EXPECT_EQ(report["optimal_total"], 10.0);
    ASSERT_EQ(report["policies"].size(), 2u);
    EXPECT_EQ(report["policies"][0]["interval"], 4);
    EXPECT_DOUBLE_EQ(report["policies"][0]["gap_to_optimal"].get<double>(), 0.25);
    EXPECT_EQ(report["policies"][0]["remap_steps"], json::array({5, 9}));
    EXPECT_FALSE(report["policies"][1].contains("interval"));
}

TEST(ScheduleReport, InfiniteTotalIsAUsageErrorNamingTheOption) {
    EXPECT_NO_THROW(require_finite_total(1e308, "--sync"));
    try {
        require_finite_total(std::numeric_limits<double>::infinity(), "--sync");
        FAIL() << "inf accepted";
    } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find("with this --sync"), std::string::npos) << e.what();
    }
}

} // namespace part::tools
