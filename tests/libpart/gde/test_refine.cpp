#include <gtest/gtest.h>

#include "libpart/core/metrics.hpp"
#include "libpart/gde/refine.hpp"
#include "libpart/partition/farhat_partition.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;
using namespace part::gde;

namespace {

// 4 x 4 blocks of a 64 x 64 grid, with the block boundaries shifted so the parts are uneven.
// (Integer GDE leaves neighbouring loads up to one unit apart, so parts need a few hundred
// vertices for 3% balance to be within reach.)
Partition uneven_blocks() {
    const int cuts[] = {0, 10, 28, 48, 64};
    Partition p{16, std::vector<PartId>(64 * 64), {}};
    for (int r = 0; r < 64; ++r)
        for (int c = 0; c < 64; ++c) {
            int br = 0, bc = 0;
            while (r >= cuts[br + 1]) ++br;
            while (c >= cuts[bc + 1]) ++bc;
            p.part[r * 64 + c] = br * 4 + bc;
        }
    return p;
}

} // namespace

TEST(GdeRefine, RebalancesOnTheQuotientAndOnAMesh) {
    const Graph g = part::test::grid_graph(64, 64);
    const Partition start = uneven_blocks();
    ASSERT_GT(imbalance(g, start)[0], 1.5);
    const Network mesh = make_mesh(4, 4);
    for (const Network* net : {static_cast<const Network*>(nullptr), &mesh}) {
        RefineOptions options;
        options.optimal_lambda = true;
        const RefineResult r = refine_with_gde(g, start, net, options);
        const Partition refined{16, r.part, {}};
        EXPECT_LE(imbalance(g, refined)[0], 1.03 + 1e-9);
        EXPECT_GT(r.rounds.front().gde.sweeps, 0);
        EXPECT_FALSE(
            has_flow_cycle(quotient_graph(g, start.part, 16), r.rounds.front().routed.outflow));
        for (VertexId c : components_per_part(g, refined.part, 16)) EXPECT_EQ(c, 1);
        EXPECT_GT(r.vertices_moved, 0);
    }
}

TEST(GdeRefine, HeterogeneousTargetsAreMet) {
    const Graph g = part::test::grid_graph(64, 64);
    Partition start = uneven_blocks();
    start.targets.assign(16, 1.0 / 24);
    for (PartId p = 0; p < 16; p += 2) start.targets[p] = 2.0 / 24;
    const RefineResult r = refine_with_gde(g, start, nullptr, RefineOptions{});
    const Partition refined{16, r.part, start.targets};
    EXPECT_LE(imbalance(g, refined)[0], 1.04);
}

TEST(GdeRefine, DeterministicAndRejectsAWrongSizeNetwork) {
    const Graph g = part::test::grid_graph(64, 64);
    const Partition start = uneven_blocks();
    const Network mesh = make_mesh(4, 4);
    RefineOptions options;
    options.map = MapKind::Greedy;
    EXPECT_EQ(refine_with_gde(g, start, &mesh, options).part,
              refine_with_gde(g, start, &mesh, options).part);
    const Network small = make_mesh(2, 4);
    EXPECT_THROW(refine_with_gde(g, start, &small, options), InvalidArgument);
}

TEST(GdeRefine, AnEmptyPartIsFilledThroughTheNetwork) {
    // Part 15 is empty (its vertices went to part 14): on the quotient graph it has no
    // neighbour, but on a mesh its processor has links, and the flows GDE sends it are
    // moved directly since no border joins it.
    const Graph g = part::test::grid_graph(64, 64);
    Partition start = uneven_blocks();
    for (PartId& p : start.part)
        if (p == 15) p = 14;
    const Network mesh = make_mesh(4, 4);
    const RefineResult r = refine_with_gde(g, start, &mesh, RefineOptions{});
    EXPECT_GT(r.rounds.front().routed.unroutable, 0);
    const Partition refined{16, r.part, {}};
    EXPECT_LE(imbalance(g, refined)[0], 1.03 + 1e-9);
    EXPECT_EQ(components_per_part(g, refined.part, 16)[15], 1);
}

// Fragments (patches of a neighbouring block's part) are absorbed before the balancing, which
// starts from the partition absorbed: every part ends connected and within the tolerance.
TEST(GdeRefine, AbsorbsFragmentsThenBalances) {
    const Graph g = part::test::grid_graph(96, 96);
    Partition start{16, std::vector<PartId>(96 * 96), {}};
    for (int r = 0; r < 96; ++r)
        for (int c = 0; c < 96; ++c) start.part[r * 96 + c] = (r / 24) * 4 + c / 24;
    // Fragments: 2 x 2 patches of a neighbouring block's part inside each block.
    for (int r = 5; r + 1 < 96; r += 24)
        for (int c = 7; c + 1 < 96; c += 24)
            for (int dr = 0; dr < 2; ++dr)
                for (int dc = 0; dc < 2; ++dc)
                    start.part[(r + dr) * 96 + c + dc] = PartId((start.part[r * 96 + c] + 1) % 16);
    const RefineResult fresh = refine_with_gde(g, start, nullptr, RefineOptions{});
    EXPECT_GT(fresh.fragments.fragments_moved, 0);
    for (VertexId c : components_per_part(g, fresh.part, 16)) EXPECT_EQ(c, 1);
    EXPECT_LE(imbalance(g, Partition{16, fresh.part, {}})[0], 1.03 + 1e-9);
}

TEST(GdeRefineRegions, FarhatStartEndsConnectedBalancedAndBelowTheFlatPolish) {
    const Graph g = part::test::grid_graph(80, 60);
    const Partition start{8, farhat_partition(g, 8, {}, 0.03, 1), {}};
    RefineOptions regions, flat;
    flat.absorb_fragments = false;
    flat.multilevel_polish = false;
    const RefineResult r = refine_with_gde(g, start, nullptr, regions);
    const RefineResult f = refine_with_gde(g, start, nullptr, flat);
    const Partition refined{8, r.part, {}};
    EXPECT_LT(edge_cut(g, r.part), edge_cut(g, f.part));
    EXPECT_LE(edge_cut(g, r.part), edge_cut(g, start.part));
    EXPECT_LE(imbalance(g, refined)[0], 1.03 + 1e-9);
    for (VertexId c : components_per_part(g, r.part, 8)) EXPECT_EQ(c, 1);
    EXPECT_GT(r.band.levels, 1);
    EXPECT_EQ(refine_with_gde(g, start, nullptr, regions).part, r.part);
}
