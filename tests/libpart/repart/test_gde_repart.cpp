#include <gtest/gtest.h>

#include "libpart/core/metrics.hpp"
#include "libpart/repart/repart_method.hpp"
#include "tests/support/grid_graph.hpp"
#include "tests/support/repart_cases.hpp"
#include "tests/support/repart_details.hpp"

using namespace part;
using test::moved;
using test::request_for;
using test::strips;

TEST(GdeRepart, RebalancesAHeavyPartMovingLessThanScratch) {
    Graph g = test::grid_graph(60, 40);
    const Partition old = strips(g, 60, 6);
    g.ncon = 1;
    g.vwgt.assign(std::size_t(g.num_vertices()), 1);
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        if (old.part[v] == 2) g.vwgt[v] = 2; // part 2's cells now cost twice as much
    const RepartResult gde = repart_method("gde")(g, old, request_for(6));
    EXPECT_LE(imbalance(g, gde.partition)[0], 1.03 + 1e-9);
    const RepartResult scratch = repart_method("scratch")(g, old, request_for(6));
    EXPECT_LT(moved(old, gde), moved(old, scratch));
    EXPECT_EQ(gde.new_part_rank, (std::vector<PartId>{0, 1, 2, 3, 4, 5}));
}

TEST(GdeRepart, ShrinkingRetiresRanksAndBalances) {
    const Graph g = test::grid_graph(60, 40);
    const Partition old = strips(g, 60, 6);
    const RepartResult r = repart_method("gde")(g, old, request_for(4));
    ASSERT_EQ(r.new_part_rank.size(), 4u);
    EXPECT_EQ(r.partition.num_parts, 4);
    EXPECT_LE(imbalance(g, r.partition)[0], 1.03 + 1e-9);
    const auto m = compute_metrics(g, r.partition);
    EXPECT_EQ(m.empty_parts, 0);
}

TEST(GdeRepart, GrowingFillsTheNewPartsAndBalances) {
    const Graph g = test::grid_graph(60, 40);
    const Partition old = strips(g, 60, 4);
    const RepartResult r = repart_method("gde")(g, old, request_for(7));
    EXPECT_EQ(r.partition.num_parts, 7);
    EXPECT_EQ(r.new_part_rank, (std::vector<PartId>{0, 1, 2, 3, 4, 5, 6}));
    const auto m = compute_metrics(g, r.partition);
    EXPECT_EQ(m.empty_parts, 0);
    EXPECT_LE(m.imbalance[0], 1.03 + 1e-9);
    // Deterministic: the same inputs give the same partition.
    EXPECT_EQ(repart_method("gde")(g, old, request_for(7)).partition.part, r.partition.part);
}

TEST(GdeRepart, ToleranceIsSpentOnMovingLessOnAHotSpot) {
    const auto [g, old] = test::HotDisc();
    RepartRequest balance_fully = request_for(16);
    balance_fully.tolerance = 0; // the paper's refinement
    const RepartResult within = repart_method("gde")(g, old, request_for(16));
    const RepartResult full = repart_method("gde")(g, old, balance_fully);
    EXPECT_LE(imbalance(g, within.partition)[0], 1.03 + 1e-9);
    EXPECT_LE(imbalance(g, full.partition)[0], 1.03 + 1e-9);
    EXPECT_LT(moved(old, within), moved(old, full));
}

TEST(GdeRepart, BordersTheFlowsLeftAreReshapedForTheCut) {
    const auto [g, old] = test::HotDisc();
    const RepartResult r = repart_method("gde")(g, old, request_for(16));
    // The band refinement after the flows lowered the cut, and the partition stays balanced
    // and connected.
    EXPECT_GT(test::detail(r, "band_cut_reduction"), 0);
    const auto m = compute_metrics(g, r.partition);
    EXPECT_LE(m.imbalance[0], 1.03 + 1e-9);
    EXPECT_EQ(m.disconnected_parts, 0);
}

TEST(GdeRepart, EndsWithinTheToleranceWhereTheRoundsStopShort) {
    // A 96 x 96 grid in 8 x 8 blocks of 12 x 12 cells; weight 8 in a disc of radius 20 at a
    // corner block's edge: the moves close borders before the flows are served, and the rounds
    // stop at 1.11; the overload balancer finishes the balance.
    const auto [g, old] =
        test::HotDisc({.side = 96, .blocks = 8, .row = 10, .col = 80, .radius = 20, .weight = 8});
    const RepartResult r = repart_method("gde")(g, old, request_for(64));
    EXPECT_LE(imbalance(g, r.partition)[0], 1.03 + 1e-9);
    EXPECT_GT(test::detail(r, "balance_moves"), 0);
}
