#include <gtest/gtest.h>

#include "libpart/core/metrics.hpp"
#include "libpart/repart/repart_method.hpp"
#include "tests/support/grid_graph.hpp"
#include "tests/support/repart_details.hpp"

using namespace part;

namespace {

// Vertical strips of a 40 x 60 grid, `k` parts.
Partition strips(const Graph& g, int cols, PartId k) {
    Partition p{k, std::vector<PartId>(std::size_t(g.num_vertices())), {}};
    for (VertexId v = 0; v < g.num_vertices(); ++v) p.part[v] = PartId((v % cols) * k / cols);
    return p;
}

VertexId moved(const Partition& before, const RepartResult& after) {
    VertexId count = 0;
    for (std::size_t v = 0; v < before.part.size(); ++v)
        if (after.new_part_rank[after.partition.part[v]] != before.part[v]) ++count;
    return count;
}

RepartRequest request_for(PartId k2) {
    RepartRequest r;
    r.new_parts = k2;
    r.tolerance = 0.03;
    return r;
}

} // namespace

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

// 4 x 4 blocks of 16 x 16 cells (the old partition); weight 4 in a disc of radius 10.
struct HotDisc {
    Graph g = test::grid_graph(64, 64);
    Partition old{16, std::vector<PartId>(64 * 64), {}};
    HotDisc() {
        g.ncon = 1;
        g.vwgt.assign(64 * 64, 1);
        for (int r = 0; r < 64; ++r)
            for (int c = 0; c < 64; ++c) {
                old.part[r * 64 + c] = (r / 16) * 4 + c / 16;
                if ((r - 24) * (r - 24) + (c - 36) * (c - 36) <= 100) g.vwgt[r * 64 + c] = 4;
            }
    }
};

TEST(GdeRepart, ToleranceIsSpentOnMovingLessOnAHotSpot) {
    const auto [g, old] = HotDisc();
    RepartRequest balance_fully = request_for(16);
    balance_fully.tolerance = 0; // the paper's refinement
    const RepartResult within = repart_method("gde")(g, old, request_for(16));
    const RepartResult full = repart_method("gde")(g, old, balance_fully);
    EXPECT_LE(imbalance(g, within.partition)[0], 1.03 + 1e-9);
    EXPECT_LE(imbalance(g, full.partition)[0], 1.03 + 1e-9);
    EXPECT_LT(moved(old, within), moved(old, full));
}

TEST(GdeRepart, BordersTheFlowsLeftAreReshapedForTheCut) {
    const auto [g, old] = HotDisc();
    const RepartResult r = repart_method("gde")(g, old, request_for(16));
    // The band refinement after the flows lowered the cut, and the partition stays balanced
    // and connected.
    EXPECT_GT(test::detail(r, "band_cut_reduction"), 0);
    const auto m = compute_metrics(g, r.partition);
    EXPECT_LE(m.imbalance[0], 1.03 + 1e-9);
    EXPECT_EQ(m.disconnected_parts, 0);
}
