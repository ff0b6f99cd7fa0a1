#include <gtest/gtest.h>

#include <random>

#include "libpart/core/error.hpp"
#include "libpart/schedule/configuration_schedule.hpp"

using namespace part;

namespace {

// The issue's example: A costs 1 and B costs 3 for steps 1-3, the reverse for steps 4-6.
StepCosts two_regimes() {
    StepCosts costs{6, 2, {}};
    for (int step = 0; step < 6; ++step) {
        costs.values.push_back(step < 3 ? 1 : 3);
        costs.values.push_back(step < 3 ? 3 : 1);
    }
    return costs;
}

// Cost of a given schedule (one configuration per step) under the model.
double schedule_cost(const StepCosts& costs, const std::vector<double>& remap,
                     const std::vector<int>& config_per_step) {
    double total = 0;
    for (std::int64_t i = 0; i < costs.steps; ++i) {
        total += costs.at(i, config_per_step[i]);
        if (i > 0 && config_per_step[i] != config_per_step[i - 1]) total += remap[i];
    }
    return total;
}

// Least cost over every one of configs^steps schedules.
double brute_force_schedule_cost(const StepCosts& costs, const std::vector<double>& remap) {
    std::vector<int> schedule(std::size_t(costs.steps), 0);
    double best = 1e300;
    while (true) {
        best = std::min(best, schedule_cost(costs, remap, schedule));
        std::size_t i = 0;
        while (i < schedule.size() && ++schedule[i] == costs.configs) schedule[i++] = 0;
        if (i == schedule.size()) return best;
    }
}

} // namespace

TEST(ConfigurationSchedule, IssueExampleRemapsOnceBeforeStepFour) {
    const std::vector<double> remap(6, 1.0);
    const ConfigurationSchedule schedule = optimal_configuration_schedule(two_regimes(), remap);
    EXPECT_DOUBLE_EQ(schedule.total, 7.0);
    EXPECT_DOUBLE_EQ(schedule.remap_total, 1.0);
    EXPECT_EQ(schedule.config_per_step, (std::vector<int>{0, 0, 0, 1, 1, 1}));
    EXPECT_EQ(schedule.remap_steps, (std::vector<std::int64_t>{3}));
}

TEST(ConfigurationSchedule, ExpensiveRemapKeepsOneConfiguration) {
    const std::vector<double> remap(6, 7.0); // 3 + 7 + 3 = 13 > 12 for either fixed choice
    const ConfigurationSchedule schedule = optimal_configuration_schedule(two_regimes(), remap);
    EXPECT_DOUBLE_EQ(schedule.total, 12.0);
    EXPECT_TRUE(schedule.remap_steps.empty());
    EXPECT_EQ(schedule.config_per_step, (std::vector<int>(6, 0)));
}

TEST(ConfigurationSchedule, PerStepRemapCostMovesTheSwitch) {
    // Switching before step 4 costs 5 here but before step 3 only 0.5: switch one step early.
    std::vector<double> remap(6, 5.0);
    remap[2] = 0.5;
    const ConfigurationSchedule schedule = optimal_configuration_schedule(two_regimes(), remap);
    EXPECT_DOUBLE_EQ(schedule.total, 1 + 1 + 0.5 + 3 + 1 + 1 + 1); // B from step 3 on
    EXPECT_EQ(schedule.remap_steps, (std::vector<std::int64_t>{2}));
}

TEST(ConfigurationSchedule, MatchesBruteForceOnRandomTables) {
    std::mt19937 random(12345);
    std::uniform_real_distribution<double> cost(0.0, 10.0), remap_cost(0.0, 4.0);
    for (int trial = 0; trial < 60; ++trial) {
        StepCosts costs{1 + trial % 6, 1 + trial % 3, {}};
        for (std::int64_t i = 0; i < costs.steps * costs.configs; ++i)
            costs.values.push_back(cost(random));
        std::vector<double> remap(static_cast<std::size_t>(costs.steps));
        for (double& m : remap) m = remap_cost(random);
        const ConfigurationSchedule schedule = optimal_configuration_schedule(costs, remap);
        EXPECT_NEAR(schedule.total, brute_force_schedule_cost(costs, remap), 1e-9)
            << "trial " << trial;
        EXPECT_NEAR(schedule.total, schedule_cost(costs, remap, schedule.config_per_step), 1e-9);
    }
}

TEST(ConfigurationSchedule, RejectsEmptyTableAndNegativeRemapCost) {
    EXPECT_THROW(optimal_configuration_schedule(StepCosts{}, {}), InvalidArgument);
    std::vector<double> remap(6, 1.0);
    remap[4] = -1;
    EXPECT_THROW(optimal_configuration_schedule(two_regimes(), remap), InvalidArgument);
    EXPECT_THROW(optimal_configuration_schedule(two_regimes(), std::vector<double>(5, 1.0)),
                 InvalidArgument);
}
