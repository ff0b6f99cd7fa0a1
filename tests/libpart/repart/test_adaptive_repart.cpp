#include <gtest/gtest.h>

#include <algorithm>

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
        // With cheap migration the scratch-remap candidate is made too: still every new part
        // balanced, none empty.
        RepartRequest cheap = request_for(to);
        cheap.migration_cost = 0.02;
        const RepartResult c = repart_method("adaptive")(g, old, cheap);
        const auto mc = compute_metrics(g, c.partition);
        EXPECT_GE(test::detail(c, "scratch_remap_objective"), 0) << from << " -> " << to;
        EXPECT_EQ(mc.empty_parts, 0) << from << " -> " << to;
        EXPECT_LE(mc.imbalance[0], 1.03 + 1e-9) << from << " -> " << to;
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

// The kept candidate is the one with the lower cut + price x migration, and its objective is
// what the details report; at high prices there is only the diffusion.
TEST(AdaptiveRepart, KeepsTheCandidateWithTheLowerObjective) {
    const auto [g, old] = test::HotDisc();
    for (const double price : {0.0, 0.05, 0.5, 4.0}) {
        RepartRequest request = request_for(16);
        request.migration_cost = price;
        const RepartResult r = repart_method("adaptive")(g, old, request);
        const double diffusion = test::detail(r, "diffusion_objective");
        const double remap = test::detail(r, "scratch_remap_objective");
        const double objective =
            double(edge_cut(g, r.partition.part)) + price * double(moved(old, r));
        // From price 0.25 up only the diffusion is made.
        EXPECT_EQ(remap < 0, price >= 0.25) << price;
        EXPECT_DOUBLE_EQ(objective, remap < 0 ? diffusion : std::min(diffusion, remap)) << price;
        EXPECT_EQ(test::detail(r, "scratch_remap"), remap >= 0 && remap < diffusion) << price;
        EXPECT_LE(imbalance(g, r.partition)[0], 1.03 + 1e-9) << price;
    }
}

// The price trades cut for migration: free migration buys a lower cut than a high price, and
// a high price moves less.
TEST(AdaptiveRepart, ThePriceTradesCutForMigration) {
    const auto [g, old] = test::HotDisc();
    RepartRequest cheap = request_for(16), dear = request_for(16);
    cheap.migration_cost = 0;
    dear.migration_cost = 4;
    const RepartResult a = repart_method("adaptive")(g, old, cheap);
    const RepartResult b = repart_method("adaptive")(g, old, dear);
    EXPECT_LT(edge_cut(g, a.partition.part), edge_cut(g, b.partition.part));
    EXPECT_GT(moved(old, a), moved(old, b));
}
