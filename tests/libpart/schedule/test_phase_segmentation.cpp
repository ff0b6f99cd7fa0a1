#include <gtest/gtest.h>

#include <random>

#include "libpart/core/error.hpp"
#include "libpart/schedule/phase_segmentation.hpp"

using namespace part;

namespace {

// The paper's toy example (004 section 1): two wavefronts of three unit work units.
const std::vector<std::int64_t> kWavefront{1, 1, 1, 2, 2, 2};
const std::vector<std::int64_t> kString{1, 2, 3, 1, 2, 3};

WorkUnits toy_units() {
    return work_units_from_wavefronts(std::vector<double>(6, 1.0), kWavefront, kString);
}

// Least cost over every valid choice of phase starts (2^(W-1) of them).
double brute_force_makespan(const WorkUnits& units, int procs, double sync) {
    const std::int64_t n = units.size();
    double best = 1e300;
    for (std::uint64_t mask = 0; mask < (std::uint64_t(1) << (n - 1)); ++mask) {
        std::vector<std::int64_t> starts{0};
        for (std::int64_t i = 1; i < n; ++i)
            if (mask >> (i - 1) & 1) starts.push_back(i);
        try {
            best = std::min(best, phase_schedule_cost(units, procs, sync, starts));
        } catch (const InvalidArgument&) { // phases that break the concurrency limits
        }
    }
    return best;
}

} // namespace

TEST(PhaseSegmentation, ToyExampleOptimumIsFourWithThreePhases) {
    const PhaseSchedule schedule = optimal_phases(toy_units(), 2, 0.5);
    EXPECT_DOUBLE_EQ(schedule.total, 4.0);
    EXPECT_EQ(schedule.phase_starts, (std::vector<std::int64_t>{0, 2, 4})); // {1,2},{3,4},{5,6}
}

TEST(PhaseSegmentation, ToyExampleConcurrencyFromTuples) {
    const WorkUnits units = toy_units();
    // (2,1) may join units from (1,2) on; (2,3) only from (2,1); wavefront 1 from the start.
    EXPECT_EQ(units.earliest, (std::vector<std::int64_t>{0, 0, 0, 1, 2, 3}));
    EXPECT_EQ(units.latest, (std::vector<std::int64_t>{2, 3, 4, 5, 5, 5}));
}

TEST(PhaseSegmentation, WindowOfThreeGivesTheSameOptimum) {
    const WorkUnits units = work_units_with_window(std::vector<double>(6, 1.0), 3);
    EXPECT_DOUBLE_EQ(optimal_phases(units, 2, 0.5).total, 4.0);
}

TEST(PhaseSegmentation, WavefrontSchedulingCostsMore) {
    const WorkUnits units = toy_units();
    const auto starts = wavefront_phase_starts(kWavefront);
    EXPECT_EQ(starts, (std::vector<std::int64_t>{0, 3}));
    EXPECT_DOUBLE_EQ(phase_schedule_cost(units, 2, 0.5, starts), 2 + 2 + 0.5);
}

TEST(PhaseSegmentation, WrappedLoadsMatchDirectSums) {
    const std::vector<double> work{3, 1, 4, 1, 5, 9, 2, 6};
    const WrappedLoads loads(work, 3);
    for (std::int64_t first = 0; first < 8; ++first)
        for (std::int64_t last = first; last < 8; ++last) {
            double per_proc[3] = {0, 0, 0};
            for (std::int64_t k = first; k <= last; ++k)
                per_proc[(k - first) % 3] += work[std::size_t(k)];
            EXPECT_DOUBLE_EQ(loads.wmax(first, last),
                             std::max({per_proc[0], per_proc[1], per_proc[2]}));
        }
}

TEST(PhaseSegmentation, GreedyIsValidAndNeverBeatsOptimum) {
    const PhaseSchedule greedy = greedy_phases(toy_units(), 2, 0.5);
    EXPECT_DOUBLE_EQ(greedy.total, phase_schedule_cost(toy_units(), 2, 0.5, greedy.phase_starts));
    EXPECT_GE(greedy.total, 4.0);
}

TEST(PhaseSegmentation, OptimumMatchesBruteForceAndBoundsGreedy) {
    std::mt19937 random(2024);
    std::uniform_real_distribution<double> work(0.0, 5.0);
    for (int trial = 0; trial < 80; ++trial) {
        const int size = 1 + trial % 10;
        std::vector<double> w(static_cast<std::size_t>(size));
        for (double& x : w) x = trial % 7 == 0 ? 1.0 : work(random);
        const int procs = 1 + trial % 4;
        const double sync = 0.25 * (trial % 5);
        const WorkUnits units = work_units_with_window(w, trial % 4 == 0 ? 0 : 1 + trial % 5);
        const PhaseSchedule optimum = optimal_phases(units, procs, sync);
        EXPECT_NEAR(optimum.total, brute_force_makespan(units, procs, sync), 1e-9)
            << "trial " << trial;
        EXPECT_NEAR(optimum.total, phase_schedule_cost(units, procs, sync, optimum.phase_starts),
                    1e-9);
        EXPECT_LE(optimum.total, greedy_phases(units, procs, sync).total + 1e-9)
            << "trial " << trial;
    }
}

TEST(PhaseSegmentation, RejectsBadInput) {
    EXPECT_THROW(work_units_with_window({}, 2), InvalidArgument);
    EXPECT_THROW(work_units_with_window({1, -1}, 2), InvalidArgument);
    const std::vector<std::int64_t> unordered{1, 1, 1, 2, 2, 2}, strings{1, 3, 2, 1, 2, 3};
    EXPECT_THROW(work_units_from_wavefronts(std::vector<double>(6, 1.0), unordered, strings),
                 InvalidArgument);
    EXPECT_THROW(optimal_phases(toy_units(), 0, 0.5), InvalidArgument);
    EXPECT_THROW(phase_schedule_cost(toy_units(), 2, 0.5, std::vector<std::int64_t>{0, 4}),
                 InvalidArgument)
        << "(2,1) may not share a phase with (1,1)";
}

TEST(PhaseSegmentation, ComparisonOfWavefrontUnits) {
    const PhaseComparison comparison =
        compare_phase_schedules(std::vector<double>(6, 1.0), kWavefront, kString, 2, 0.5, 0);
    EXPECT_EQ(comparison.units, 6);
    EXPECT_DOUBLE_EQ(comparison.optimal.total, 4.0);
    EXPECT_EQ(comparison.optimal.phase_starts, (std::vector<std::int64_t>{0, 2, 4}));
    EXPECT_EQ(comparison.heuristic.phase_starts, greedy_phases(toy_units(), 2, 0.5).phase_starts);
    ASSERT_TRUE(comparison.by_wavefront.has_value());
    EXPECT_EQ(comparison.by_wavefront->phase_starts, (std::vector<std::int64_t>{0, 3}));
    EXPECT_DOUBLE_EQ(comparison.by_wavefront->total, 2 + 2 + 0.5);
}

TEST(PhaseSegmentation, ComparisonOfPlainUnitsHonoursTheWindow) {
    const std::vector<double> work{3, 1, 4, 1, 5, 9, 2, 6};
    const PhaseComparison comparison = compare_phase_schedules(work, {}, {}, 2, 1.0, 2);
    const WorkUnits units = work_units_with_window(work, 2);
    EXPECT_EQ(comparison.units, 8);
    EXPECT_FALSE(comparison.by_wavefront.has_value());
    EXPECT_DOUBLE_EQ(comparison.optimal.total, optimal_phases(units, 2, 1.0).total);
    EXPECT_EQ(comparison.heuristic.phase_starts, greedy_phases(units, 2, 1.0).phase_starts);
    for (std::size_t p = 1; p < comparison.optimal.phase_starts.size(); ++p)
        EXPECT_LE(comparison.optimal.phase_starts[p] - comparison.optimal.phase_starts[p - 1], 2);
    EXPECT_THROW(compare_phase_schedules(work, {}, {}, 0, 1.0, 2), InvalidArgument);
}
