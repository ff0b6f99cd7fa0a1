#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "libpart/repart/tolerant_boundaries.hpp"
#include "tests/support/interval_bounds.hpp"

using namespace part;

namespace {

// The most size any non-empty boundaries with each interval within its allowance keep for
// `arrangement`, by trying them all; -1 when none fit.
WeightSum brute_force_kept_within_allowances(const LineLayout& line,
                                             const ArrangementEvaluator& evaluator,
                                             const std::vector<PartId>& arrangement,
                                             const std::vector<WeightSum>& allowance) {
    WeightSum best = -1;
    test::for_each_bounds(line, allowance, [&](const std::vector<VertexId>& bounds) {
        best = std::max(best, evaluator.cost(arrangement, bounds).kept_size);
    });
    return best;
}

} // namespace

TEST(TolerantBoundaries, KeepAsMuchAsAnyBoundariesWithinTheAllowances) {
    std::mt19937 random(31);
    int solved = 0;
    for (int trial = 0; trial < 200; ++trial) {
        const auto n = VertexId(8 + random() % 8);
        const auto old_parts = PartId(2 + random() % 3), parts = PartId(2 + random() % 3);
        std::vector<Weight> weight, size;
        std::vector<PartId> part; // scattered: any old part anywhere
        for (VertexId i = 0; i < n; ++i) {
            weight.push_back(Weight(1 + random() % 4));
            size.push_back(Weight(1 + random() % 3));
            part.push_back(PartId(random() % old_parts));
        }
        const LineLayout line = make_line_layout(weight, size, part, old_parts);
        std::vector<double> targets;
        for (PartId q = 0; q < parts; ++q) targets.push_back(0.5 + double(random() % 4));
        const double sum = std::accumulate(targets.begin(), targets.end(), 0.0);
        for (double& t : targets) t /= sum;
        std::vector<PartId> rank(static_cast<std::size_t>(parts)), arrangement(rank.size());
        std::iota(rank.begin(), rank.end(), 0); // ranks >= old_parts held nothing
        std::iota(arrangement.begin(), arrangement.end(), 0);
        std::shuffle(arrangement.begin(), arrangement.end(), random);
        const double tolerance = 0.05 + 0.1 * double(random() % 4);
        std::vector<WeightSum> allowance;
        for (PartId q : arrangement)
            allowance.push_back(WeightSum(
                std::floor((1 + tolerance) * targets[q] * double(line.weight_prefix.back()))));
        const ArrangementEvaluator evaluator(line, targets, rank, 0.0);
        const WeightSum best =
            brute_force_kept_within_allowances(line, evaluator, arrangement, allowance);
        const auto bounds = tolerant_boundaries(line, targets, rank, arrangement, tolerance);
        if (best < 0) {
            EXPECT_FALSE(bounds.has_value()) << "trial " << trial;
            continue;
        }
        ASSERT_TRUE(bounds.has_value()) << "trial " << trial;
        ASSERT_EQ(bounds->size(), std::size_t(parts) + 1);
        EXPECT_EQ(bounds->front(), 0);
        EXPECT_EQ(bounds->back(), n);
        for (PartId j = 0; j < parts; ++j) {
            EXPECT_LT((*bounds)[j], (*bounds)[j + 1]);
            EXPECT_LE(line.weight_prefix[(*bounds)[j + 1]] - line.weight_prefix[(*bounds)[j]],
                      allowance[j]);
        }
        EXPECT_EQ(evaluator.cost(arrangement, *bounds).kept_size, best) << "trial " << trial;
        ++solved;
    }
    EXPECT_GT(solved, 100);
}

TEST(TolerantBoundaries, NothingWithoutAToleranceOrBeyondTheTable) {
    const std::vector<Weight> ones(10, 1);
    const std::vector<PartId> part{0, 0, 0, 0, 0, 1, 1, 1, 1, 1};
    const LineLayout line = make_line_layout(ones, ones, part, 2);
    const std::vector<PartId> arrangement{1, 0};
    EXPECT_FALSE(tolerant_boundaries(line, {0.5, 0.5}, {0, 1}, arrangement, 0.0).has_value());
    EXPECT_FALSE(tolerant_boundaries(line, {0.5, 0.5}, {0, 1}, arrangement, 0.2, 1).has_value());
    // Reversed arrangement, each interval up to 6: the boundary lies in 4..6; at 4 part 0
    // keeps vertex 4, at 6 part 1 keeps vertex 5, at 5 nothing is kept. Ties: the earliest.
    const auto bounds = tolerant_boundaries(line, {0.5, 0.5}, {0, 1}, arrangement, 0.2);
    ASSERT_TRUE(bounds.has_value());
    EXPECT_EQ(*bounds, (std::vector<VertexId>{0, 4, 10}));
}
