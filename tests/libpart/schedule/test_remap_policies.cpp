#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "libpart/core/error.hpp"
#include "libpart/schedule/online_policies.hpp"
#include "libpart/schedule/remap_policies.hpp"

using namespace part;

namespace {

// Two parts; part 0's load grows by `growth` per step: idle time grows by growth/2 per step.
LoadTrace linear_drift(std::int64_t steps, double growth) {
    LoadTrace trace{steps, 2, {}};
    for (std::int64_t t = 0; t < steps; ++t) {
        trace.loads.push_back(1 + growth * double(t));
        trace.loads.push_back(1);
    }
    return trace;
}

LoadTrace random_trace(std::mt19937& random, std::int64_t steps, int parts) {
    std::uniform_real_distribution<double> load(0.0, 10.0), drift(-1.0, 1.5);
    LoadTrace trace{steps, parts, {}};
    std::vector<double> current(static_cast<std::size_t>(parts));
    for (double& x : current) x = load(random);
    for (std::int64_t t = 0; t < steps; ++t)
        for (double& x : current) {
            x = std::max(0.0, x + drift(random));
            trace.loads.push_back(x);
        }
    return trace;
}

// Least total over all 2^(steps-1) sets of remap steps.
double brute_force_remap_cost(const RemapTimeModel& model, const std::vector<double>& cost) {
    double best = 1e300;
    const std::int64_t steps = model.steps();
    for (std::uint64_t mask = 0; mask < (std::uint64_t(1) << (steps - 1)); ++mask) {
        std::vector<std::int64_t> remaps;
        for (std::int64_t r = 1; r < steps; ++r)
            if (mask >> (r - 1) & 1) remaps.push_back(r);
        best = std::min(best, evaluate_remaps(model, cost, remaps, "any").total);
    }
    return best;
}

std::vector<std::string> all_policies() {
    return {std::begin(kRemapPolicyNames), std::end(kRemapPolicyNames)};
}

} // namespace

TEST(RemapPolicies, CostModelByHand) {
    const LoadTrace trace = linear_drift(4, 1.0); // part 0: 1 2 3 4, part 1: 1 1 1 1
    const RemapTimeModel model(trace);
    const std::vector<double> cost(4, 0.5);
    EXPECT_DOUBLE_EQ(online_remaps(model, cost, "never").total, 1 + 2 + 3 + 4);
    // Balanced before step 2 from step 1's loads (2, 1): both hold 1.5, part 0 then gains 1, 2.
    const RemapPlan plan = evaluate_remaps(model, cost, {2}, "by hand");
    EXPECT_DOUBLE_EQ(plan.total, 1 + 2 + 2.5 + 3.5 + 0.5);
    EXPECT_DOUBLE_EQ(plan.remap_total, 0.5);
}

TEST(RemapPolicies, OptimumMatchesBruteForceOnTinyTraces) {
    std::mt19937 random(7);
    for (int trial = 0; trial < 40; ++trial) {
        const LoadTrace trace = random_trace(random, 1 + trial % 9, 1 + trial % 4);
        const RemapTimeModel model(trace);
        const std::vector<double> cost(std::size_t(trace.steps), 0.5 * (trial % 6));
        const RemapPlan optimum = optimal_remaps(model, cost);
        EXPECT_NEAR(optimum.total, brute_force_remap_cost(model, cost), 1e-9) << "trial " << trial;
    }
}

TEST(RemapPolicies, OptimumIsAtMostEveryHeuristicOnRandomTraces) {
    std::mt19937 random(99);
    for (int trial = 0; trial < 30; ++trial) {
        const LoadTrace trace = random_trace(random, 20 + 7 * trial, 2 + trial % 7);
        const RemapTimeModel model(trace);
        std::vector<double> cost(static_cast<std::size_t>(trace.steps));
        for (double& c : cost) c = std::uniform_real_distribution<double>(0.0, 15.0)(random);
        const auto plans =
            compare_with_optimum(model, cost, all_policies(), {.horizon = 1 + trial % 12}).plans;
        ASSERT_EQ(plans.back().name, "dp-optimal");
        for (const RemapPlan& plan : plans) {
            EXPECT_LE(plans.back().total, plan.total + 1e-9) << plan.name << " trial " << trial;
            // Every policy's total is what its remap steps cost under the model.
            EXPECT_NEAR(plan.total, evaluate_remaps(model, cost, plan.remap_steps, "check").total,
                        1e-9);
        }
    }
}

TEST(RemapPolicies, PredictiveIntervalOnLinearGrowthIsSqrtTwoCOverR) {
    // Idle time grows by R = 1 per step; C = 8 gives f = sqrt(2 * 8 / 1) = 4.
    const LoadTrace trace = linear_drift(40, 2.0);
    const RemapTimeModel model(trace);
    const std::vector<double> cost(40, 8.0);
    const RemapPlan predictive = online_remaps(model, cost, "predictive-interval");
    std::vector<std::int64_t> every_four;
    for (std::int64_t r = 4; r < 40; r += 4) every_four.push_back(r);
    EXPECT_EQ(predictive.remap_steps, every_four);
    const RemapPlan fixed = best_fixed_interval(model, cost);
    EXPECT_EQ(fixed.interval, 4);
    EXPECT_DOUBLE_EQ(predictive.total, fixed.total);
}

TEST(RemapPolicies, StopAtRiseNearOptimumOnSlowDrift) {
    const LoadTrace trace = linear_drift(200, 0.2);
    const RemapTimeModel model(trace);
    const std::vector<double> cost(200, 5.0);
    const double optimum = optimal_remaps(model, cost).total;
    const RemapPlan sar = online_remaps(model, cost, "stop-at-rise");
    EXPECT_FALSE(sar.remap_steps.empty());
    EXPECT_LE(sar.total, 1.10 * optimum);
    EXPECT_LT(sar.total, online_remaps(model, cost, "never").total);
}

TEST(RemapPolicies, ProfitabilityRemapsWhenSavingOverHorizonExceedsCost) {
    const LoadTrace trace = linear_drift(10, 2.0); // idle time t at step t before any remap
    const RemapTimeModel model(trace);
    const std::vector<double> cost(10, 6.0);
    // Horizon 2: idle 3 at step 3 saves 6 = C (not more); idle 4 at step 4 saves 8 > 6.
    const RemapPlan plan = online_remaps(model, cost, "profitability", {.horizon = 2});
    ASSERT_FALSE(plan.remap_steps.empty());
    EXPECT_EQ(plan.remap_steps.front(), 5);
}

TEST(RemapPolicies, BalancedTraceNeverRemaps) {
    LoadTrace trace{30, 3, std::vector<double>(90, 2.0)};
    const RemapTimeModel model(trace);
    const std::vector<double> cost(30, 1.0);
    for (const RemapPlan& plan : compare_with_optimum(model, cost, all_policies()).plans) {
        EXPECT_DOUBLE_EQ(plan.total, 60.0) << plan.name;
        EXPECT_TRUE(plan.remap_steps.empty()) << plan.name;
    }
}

TEST(RemapPolicies, RejectsBadInput) {
    EXPECT_THROW(RemapTimeModel(LoadTrace{}), InvalidArgument);
    EXPECT_THROW(RemapTimeModel(LoadTrace{1, 2, {1.0, -1.0}}), InvalidArgument);
    const LoadTrace trace = linear_drift(5, 1.0);
    const RemapTimeModel model(trace);
    EXPECT_THROW(compare_with_optimum(model, std::vector<double>(5, 1.0), {"sometimes"}),
                 InvalidArgument);
    EXPECT_THROW(online_remaps(model, std::vector<double>(4, 1.0), "never"), InvalidArgument);
    EXPECT_THROW(evaluate_remaps(model, std::vector<double>(5, 1.0), {0}, "x"), InvalidArgument);
}

TEST(OnlinePolicies, FixedIntervalAndUnknownNames) {
    const auto every_three = make_online_policy("fixed-interval", {.interval = 3});
    StepObservation seen{.step = 0, .steps = 10, .since_remap = 2};
    EXPECT_FALSE(every_three->remap_after(seen));
    seen.since_remap = 3;
    EXPECT_TRUE(every_three->remap_after(seen));
    EXPECT_THROW(make_online_policy("dp-optimal", {}), InvalidArgument)
        << "the optimum needs the whole trace";
    EXPECT_THROW(make_online_policy("profitability", {.horizon = 0}), InvalidArgument);
}

TEST(RemapPolicies, PredictiveIntervalRebalancesARunThatStartsUnbalanced) {
    // Constant loads 10 and 1: idle 4.5 from the first step and no growth at all. The method
    // measures from a balance point, so it rebalances at once; afterwards nothing drifts.
    LoadTrace trace{20, 2, {}};
    for (int t = 0; t < 20; ++t) trace.loads.insert(trace.loads.end(), {10.0, 1.0});
    const RemapTimeModel model(trace);
    const std::vector<double> cost(20, 2.0);
    const RemapPlan plan = online_remaps(model, cost, "predictive-interval");
    EXPECT_EQ(plan.remap_steps, (std::vector<std::int64_t>{1}));
    EXPECT_DOUBLE_EQ(plan.total, 10 + 2 + 19 * 5.5);
}

TEST(RemapPolicies, TimePerLoadScalesStepTimesButNotRemapCosts) {
    const LoadTrace trace = linear_drift(4, 1.0);
    const RemapTimeModel model(trace, 2.0); // each unit of load takes 2 time units
    const std::vector<double> cost(4, 0.5);
    EXPECT_DOUBLE_EQ(evaluate_remaps(model, cost, {2}, "by hand").total,
                     2 * (1 + 2 + 2.5 + 3.5) + 0.5);
    EXPECT_THROW(RemapTimeModel(trace, 0.0), InvalidArgument);
}

TEST(RemapPolicies, FixedIntervalIsNamedEvenWhenEveryTotalOverflows) {
    // 1e308 per unit of load: every step time, so every total, is inf. The best interval used
    // to stay an empty plan then, which part-schedule printed as a row with no name.
    const LoadTrace trace = linear_drift(5, 1.0);
    const RemapTimeModel model(trace, 1e308);
    const RemapPlan plan = best_fixed_interval(model, std::vector<double>(5, 1.0));
    EXPECT_EQ(plan.name, "fixed-interval");
    EXPECT_EQ(plan.interval, 1);
    EXPECT_EQ(plan.remap_steps, (std::vector<std::int64_t>{1, 2, 3, 4}));
}

TEST(RemapPolicies, ComparisonWithOptimumAddsItAndMeasuresGaps) {
    const LoadTrace trace = linear_drift(30, 1.0);
    const RemapTimeModel model(trace);
    const std::vector<double> cost(30, 3.0);
    const RemapComparison named = compare_with_optimum(model, cost, {"never", "stop-at-rise"});
    ASSERT_EQ(named.plans.size(), 3u);
    EXPECT_EQ(named.plans[2].name, "dp-optimal") << "the optimum comes last when not named";
    EXPECT_DOUBLE_EQ(named.optimal_total, optimal_remaps(model, cost).total);
    EXPECT_DOUBLE_EQ(named.gap(named.plans[0]), named.plans[0].total / named.optimal_total - 1);
    EXPECT_GT(named.gap(named.plans[0]), 0.0) << "never remapping is worse on a drift";
    EXPECT_DOUBLE_EQ(named.gap(named.plans[2]), 0.0);

    const RemapComparison all = compare_with_optimum(model, cost, {});
    ASSERT_EQ(all.plans.size(), std::size(kRemapPolicyNames));
    for (std::size_t i = 0; i < all.plans.size(); ++i)
        EXPECT_EQ(all.plans[i].name, kRemapPolicyNames[i]);

    const RemapComparison optimum_first =
        compare_with_optimum(model, cost, {"dp-optimal", "never"});
    ASSERT_EQ(optimum_first.plans.size(), 2u) << "a named optimum is not run twice";
    EXPECT_EQ(optimum_first.plans[0].name, "dp-optimal");
    EXPECT_THROW(compare_with_optimum(model, cost, {"sometimes"}), InvalidArgument);
}

TEST(RemapPolicies, GapIsZeroWhenTheOptimumCostsNothing) {
    const LoadTrace idle{3, 2, std::vector<double>(6, 0.0)};
    const RemapTimeModel model(idle);
    const RemapComparison comparison = compare_with_optimum(model, std::vector<double>(3, 0.0), {});
    EXPECT_DOUBLE_EQ(comparison.optimal_total, 0.0);
    for (const RemapPlan& plan : comparison.plans) EXPECT_DOUBLE_EQ(comparison.gap(plan), 0.0);
}
