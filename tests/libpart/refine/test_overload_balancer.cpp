#include <gtest/gtest.h>

#include "libpart/core/graph_builder.hpp"
#include "libpart/core/metrics.hpp"
#include "libpart/refine/overload_balancer.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;
using namespace part::refine;

TEST(OverloadBalancer, OnlyOverloadedPartsLoseVerticesAndAllEndWithinTheLimits) {
    // A 20 x 20 grid in quadrants; ten cells of quadrant 0 now weigh 2, an excess its two
    // neighbouring quadrants have room for.
    Graph g = test::grid_graph(20, 20);
    Partition p{4, std::vector<PartId>(400), {}};
    g.ncon = 1;
    g.vwgt.assign(400, 1);
    for (int r = 0; r < 20; ++r)
        for (int c = 0; c < 20; ++c) {
            p.part[r * 20 + c] = (r / 10) * 2 + c / 10;
            if (r < 2 && c < 5) g.vwgt[r * 20 + c] = 2;
        }
    const Partition before = p;
    const BalanceResult result = balance_overloaded_parts(g, p, {});
    EXPECT_GT(result.moves, 0);
    EXPECT_EQ(result.overload_left, 0);
    EXPECT_EQ(result.detached_moves, 0); // the neighbours have room
    EXPECT_LE(imbalance(g, p)[0], 1.03 + 1e-9);
    for (VertexId v = 0; v < 400; ++v) {
        if (before.part[v] != 0) {
            EXPECT_EQ(p.part[v], before.part[v]) << v;
        }
    }
}

TEST(OverloadBalancer, GoesToADetachedPartOnlyWhenNoNeighbourHasRoom) {
    // Path 0-1-2-3-4-5: part 0 = {0, 1, 2} weighing 4 each, part 1 = {3} weighing 4, part 2 =
    // {4, 5} weighing 1 each. Limits: 6 each. Part 1 has room 2, too little for a vertex of
    // part 0; part 2, not adjacent to part 0, has room 4.
    Graph g = graph_from_edges(6, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}});
    g.ncon = 1;
    g.vwgt = {4, 4, 4, 4, 1, 1};
    Partition p{3, {0, 0, 0, 1, 2, 2}, {}};
    const BalanceResult result = balance_overloaded_parts(g, p, {});
    EXPECT_EQ(result.moves, 1);
    EXPECT_EQ(result.detached_moves, 1);
    EXPECT_EQ(p.part, (std::vector<PartId>{2, 0, 0, 1, 2, 2})); // an end of part 0: one edge cut
    EXPECT_EQ(result.overload_left, 2); // part 0 weighs 8; nothing else fits anywhere
}

TEST(OverloadBalancer, MigrationSendsDataBackToItsOrigin) {
    // 1 - 0 - 2 with 0 - 5, 1 - 3 and 2 - 4: part 0 = {0, 1, 2, 5} over its limit 3, part 1 =
    // {3, 4} with room 1. Moving 1 or 2 to part 1 cuts the same; 2's data is on part 1.
    Graph g = graph_from_edges(6, {{0, 1}, {0, 2}, {0, 5}, {1, 3}, {2, 4}});
    Partition cut_only{2, {0, 0, 0, 1, 1, 0}, {}};
    balance_overloaded_parts(g, cut_only, {});
    EXPECT_EQ(cut_only.part, (std::vector<PartId>{0, 1, 0, 1, 1, 0})); // ties: the lower vertex
    const std::vector<PartId> origin{0, 0, 1, 1, 1, 0};
    Partition with_migration{2, {0, 0, 0, 1, 1, 0}, {}};
    balance_overloaded_parts(g, with_migration, {.origin = &origin, .migration_cost = 1});
    EXPECT_EQ(with_migration.part, (std::vector<PartId>{0, 0, 1, 1, 1, 0}));
}

TEST(OverloadBalancer, FixedVerticesStayAndGivenLimitsReplaceTheTolerance) {
    // The path of the detached test: with its end vertex 0 fixed, vertex 2 leaves instead,
    // detached (part 1's room of 2 is too little); then part 0 and 1 are given limits of 8,
    // and part 1 takes vertex 2, its neighbour.
    Graph g = graph_from_edges(6, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}});
    g.ncon = 1;
    g.vwgt = {4, 4, 4, 4, 1, 1};
    const std::vector<char> fixed{1, 0, 0, 0, 0, 0};
    Partition p{3, {0, 0, 0, 1, 2, 2}, {}};
    balance_overloaded_parts(g, p, {.fixed = &fixed});
    EXPECT_EQ(p.part, (std::vector<PartId>{0, 0, 2, 1, 2, 2}));
    const std::vector<WeightSum> limits{8, 8, 6};
    Partition q{3, {0, 0, 0, 1, 2, 2}, {}};
    const BalanceResult result = balance_overloaded_parts(g, q, {.limits = &limits});
    EXPECT_EQ(q.part, (std::vector<PartId>{0, 0, 1, 1, 2, 2}));
    EXPECT_EQ(result.overload_left, 0);
}
