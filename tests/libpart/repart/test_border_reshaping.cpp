#include <gtest/gtest.h>

#include "libpart/core/metrics.hpp"
#include "libpart/refine/overload_balancer.hpp"
#include "libpart/repart/border_reshaping.hpp"
#include "tests/support/repart_cases.hpp"

using namespace part;

namespace {

// The hot disc's old blocks balanced to 3% and reshaped once: the parts that took load sit at
// their limit.
Partition balanced_and_reshaped(const test::HotDisc& hot, double price) {
    Partition p = hot.old;
    refine::balance_overloaded_parts(hot.g, p, {0.03, &hot.old.part, price});
    reshape_borders(hot.g, p, hot.old.part, {0.03, price});
    return p;
}

} // namespace

// With migration free, slack rounds find cut the single reshaping could not: its receivers
// were full.
TEST(SlackRounds, LowerTheCutWhenMigrationIsFree) {
    const test::HotDisc hot;
    Partition p = balanced_and_reshaped(hot, 0);
    const WeightSum before = edge_cut(hot.g, p.part);
    const int kept = reshape_with_slack(hot.g, p, hot.old.part, {0.03, 0}, 6).rounds;
    EXPECT_GE(kept, 1);
    EXPECT_LT(edge_cut(hot.g, p.part), before);
    EXPECT_LE(imbalance(hot.g, p)[0], 1.03 + 1e-9);
}

// A round is kept only if it lowers cut + price x migration: the objective never rises, and
// no round means no change.
TEST(SlackRounds, NeverRaiseTheObjective) {
    const test::HotDisc hot;
    for (const double price : {0.0, 0.1, 1.0, 10.0}) {
        Partition p = balanced_and_reshaped(hot, price);
        const double before = repart_objective(hot.g, p.part, hot.old.part, price);
        const Partition unchanged = p;
        EXPECT_EQ(reshape_with_slack(hot.g, p, hot.old.part, {0.03, price}, 0).rounds, 0);
        EXPECT_EQ(p.part, unchanged.part);
        const SlackResult slack = reshape_with_slack(hot.g, p, hot.old.part, {0.03, price}, 6);
        EXPECT_DOUBLE_EQ(slack.objective, repart_objective(hot.g, p.part, hot.old.part, price));
        EXPECT_LE(repart_objective(hot.g, p.part, hot.old.part, price), before) << price;
        EXPECT_LE(imbalance(hot.g, p)[0], 1.03 + 1e-9) << price;
    }
}

TEST(SlackRounds, ObjectiveCountsCutAndPricedMigration) {
    const Graph g = test::grid_graph(4, 1); // a path 0-1-2-3
    const std::vector<PartId> origin{0, 0, 1, 1}, part{0, 1, 1, 1}, unplaced{0, -1, 1, 1};
    EXPECT_DOUBLE_EQ(repart_objective(g, part, origin, 0.5), 1 + 0.5 * 1);
    EXPECT_DOUBLE_EQ(repart_objective(g, part, unplaced, 0.5), 1); // vertex 1 has no data
}
