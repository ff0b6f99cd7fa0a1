#include <gtest/gtest.h>

#include "libpart/core/metrics.hpp"
#include "libpart/repart/repart_method.hpp"
#include "tests/support/repart_cases.hpp"
#include "tests/support/repart_details.hpp"

using namespace part;
using test::moved;
using test::request_for;
using test::strips;

TEST(AdaptiveRepart, MovesLessThanGdeOnAHotSpot) {
    const auto [g, old] = test::HotDisc();
    const RepartResult adaptive = repart_method("adaptive")(g, old, request_for(16));
    const RepartResult gde = repart_method("gde")(g, old, request_for(16));
    const auto a = compute_metrics(g, adaptive.partition), d = compute_metrics(g, gde.partition);
    EXPECT_LE(a.imbalance[0], 1.03 + 1e-9);
    EXPECT_LT(moved(old, adaptive), moved(old, gde));
    EXPECT_LE(double(a.edge_cut), 1.1 * double(d.edge_cut));
    EXPECT_GT(test::detail(adaptive, "balance_moves"), 0);
    // Deterministic.
    EXPECT_EQ(repart_method("adaptive")(g, old, request_for(16)).partition.part,
              adaptive.partition.part);
}

TEST(AdaptiveRepart, ShrinkingAndGrowingBalanceEveryNewPart) {
    const Graph g = test::grid_graph(60, 40);
    for (const auto& [from, to] : {std::pair<PartId, PartId>{6, 4}, {4, 7}}) {
        const Partition old = strips(g, 60, from);
        const RepartResult r = repart_method("adaptive")(g, old, request_for(to));
        ASSERT_EQ(r.new_part_rank.size(), std::size_t(to));
        const auto m = compute_metrics(g, r.partition);
        EXPECT_EQ(m.empty_parts, 0) << from << " -> " << to;
        EXPECT_LE(m.imbalance[0], 1.03 + 1e-9) << from << " -> " << to;
        // Retiring parts' data must move, and rebalancing adds to it, but less than gde moves.
        const RepartResult gde = repart_method("gde")(g, old, request_for(to));
        EXPECT_LE(moved(old, r), moved(old, gde)) << from << " -> " << to;
    }
}

TEST(AdaptiveRepart, BalancesToTheNewCapacities) {
    const auto [g, old] = test::HotDisc();
    RepartRequest request = request_for(16);
    request.targets.assign(16, 1.0 / 20);
    request.targets[0] = request.targets[5] = 1.0 / 8 + 1.0 / 40; // two ranks twice as fast
    const RepartResult r = repart_method("adaptive")(g, old, request);
    EXPECT_LE(imbalance(g, r.partition)[0], 1.03 + 1e-9);
}
