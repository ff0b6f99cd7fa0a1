#include <gtest/gtest.h>

#include "libpart/core/metrics.hpp"
#include "libpart/repart/anchored_partition.hpp"
#include "tests/support/repart_cases.hpp"

using namespace part;

namespace {

VertexId vertices_moved(const std::vector<PartId>& origin, const std::vector<PartId>& part) {
    VertexId count = 0;
    for (std::size_t v = 0; v < part.size(); ++v) count += origin[v] != part[v];
    return count;
}

MetisOptions three_percent() {
    MetisOptions metis;
    metis.ufactor = 30;
    return metis;
}

} // namespace

// The anchors price migration: at a price, the anchored partition has a lower cut + price x
// moved than the fresh one (price 0), which ignores where the data is.
TEST(AnchoredPartition, ThePriceLowersCutPlusPricedMigration) {
    const test::HotDisc hot;
    const auto fresh = anchored_partition(hot.g, hot.old.part, 16, {}, 0, three_percent());
    ASSERT_TRUE(fresh);
    for (const double price : {0.5, 2.0}) {
        const auto priced = anchored_partition(hot.g, hot.old.part, 16, {}, price, three_percent());
        ASSERT_TRUE(priced);
        const auto objective = [&](const std::vector<PartId>& part) {
            return double(edge_cut(hot.g, part)) +
                   price * double(vertices_moved(hot.old.part, part));
        };
        EXPECT_LT(objective(*priced), objective(*fresh)) << price;
        EXPECT_LE(imbalance(hot.g, Partition{16, *priced, {}})[0], 1.03 + 1e-9);
    }
}

// Labels go to the data: with parts numbered in reverse, a high price gives the reversed
// labels back.
TEST(AnchoredPartition, NewPartsTakeTheLabelOfTheDataTheyHold) {
    const Graph g = test::grid_graph(40, 40);
    const Partition strips = test::strips(g, 40, 4);
    std::vector<PartId> reversed = strips.part;
    for (PartId& p : reversed) p = 3 - p;
    const auto part = anchored_partition(g, reversed, 4, {}, 4, three_percent());
    ASSERT_TRUE(part);
    EXPECT_LT(vertices_moved(reversed, *part), g.num_vertices() / 10);
}

// A part only takes the label of a part of its own capacity.
TEST(AnchoredPartition, LabelsKeepTheCapacities) {
    const Graph g = test::grid_graph(40, 40);
    const Partition old = test::strips(g, 40, 4);
    const std::vector<double> targets{0.1, 0.4, 0.1, 0.4};
    const auto part = anchored_partition(g, old.part, 4, targets, 0.5, three_percent());
    ASSERT_TRUE(part);
    EXPECT_LE(imbalance(g, Partition{4, *part, targets})[0], 1.03 + 1e-9);
}

TEST(AnchoredPartition, NothingWhenTheWeightsWouldOverflowMetis) {
    Graph g = test::grid_graph(4, 4);
    g.adjwgt.assign(g.adjncy.size(), Weight(1) << 29);
    const std::vector<PartId> origin(16, 0);
    EXPECT_FALSE(anchored_partition(g, origin, 2, {}, 0.5, three_percent()));
}
