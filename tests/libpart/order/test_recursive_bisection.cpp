// The recursive bisection engine (Kaddoura & Ranka, section 3.1, Fig. 2): a subset is split
// with its smallest keys on the left, its weight divided in the ratio of the parts' targets,
// every part non-empty when n >= k; an ordering numbers the leaves left to right.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "libpart/order/recursive_bisection.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;
using part::test::path_graph;

namespace {

// A key from a table indexed by vertex id.
BisectionKey table_key(std::vector<double> table) {
    return [table = std::move(table)](std::span<const VertexId> vertices, std::span<double> keys) {
        for (std::size_t i = 0; i < vertices.size(); ++i) keys[i] = table[std::size_t(vertices[i])];
    };
}

BisectionKey id_key(VertexId n, double sign = 1) {
    std::vector<double> table(static_cast<std::size_t>(n));
    for (VertexId v = 0; v < n; ++v) table[std::size_t(v)] = sign * v;
    return table_key(std::move(table));
}

Graph weighted_path(const std::vector<Weight>& weights) {
    Graph g = path_graph(int(weights.size()));
    g.ncon = 1;
    g.vwgt = weights;
    return g;
}

} // namespace

TEST(RecursiveBisection, ThreePartsOfNineVerticesAreBlocksOfThreeInKeyOrder) {
    const Graph g = path_graph(9);
    const auto part = recursive_bisection_partition(g, 3, {}, id_key(9));
    EXPECT_EQ(part, (std::vector<PartId>{0, 0, 0, 1, 1, 1, 2, 2, 2}));
    // Smallest keys go left: with the keys reversed, so are the parts.
    const auto reversed = recursive_bisection_partition(g, 3, {}, id_key(9, -1));
    EXPECT_EQ(reversed, (std::vector<PartId>{2, 2, 2, 1, 1, 1, 0, 0, 0}));
}

TEST(RecursiveBisection, WeightIsSplitInTheRatioOfTheTargets) {
    const Graph g = path_graph(10);
    const auto part = recursive_bisection_partition(g, 2, {0.3, 0.7}, id_key(10));
    EXPECT_EQ(part, (std::vector<PartId>{0, 0, 0, 1, 1, 1, 1, 1, 1, 1}));
}

TEST(RecursiveBisection, TheSplitIsThePrefixWhoseWeightIsClosestToTheGoal) {
    // Total 14, goal 7: prefix weights 1, 2, 3, 4, 14; 4 is the closest.
    const Graph g = weighted_path({1, 1, 1, 1, 10});
    EXPECT_EQ(recursive_bisection_partition(g, 2, {}, id_key(5)),
              (std::vector<PartId>{0, 0, 0, 0, 1}));
    // Total 13, goal 6.5: prefixes 10 and 11 -> the first vertex alone (10 is closer than 0).
    const Graph heavy_first = weighted_path({10, 1, 1, 1});
    EXPECT_EQ(recursive_bisection_partition(heavy_first, 2, {}, id_key(4)),
              (std::vector<PartId>{0, 1, 1, 1}));
}

TEST(RecursiveBisection, EveryPartGetsAVertexEvenWhenOneVertexOutweighsTheRest) {
    // Total 103 into 3: the closest prefix to 103/3 holds three vertices, which would leave two
    // parts one vertex; the split keeps one vertex for each part on the right.
    const Graph g = weighted_path({1, 1, 1, 100});
    EXPECT_EQ(recursive_bisection_partition(g, 3, {}, id_key(4)),
              (std::vector<PartId>{0, 0, 1, 2}));
    const Graph four = weighted_path({100, 1, 1, 1});
    EXPECT_EQ(recursive_bisection_partition(four, 4, {}, id_key(4)),
              (std::vector<PartId>{0, 1, 2, 3}));
}

TEST(RecursiveBisection, EqualKeysAreOrderedByVertexId) {
    const Graph g = path_graph(6);
    const auto part = recursive_bisection_partition(g, 2, {}, table_key(std::vector<double>(6, 1)));
    EXPECT_EQ(part, (std::vector<PartId>{0, 0, 0, 1, 1, 1}));
    const Permutation order = recursive_bisection_order(g, table_key(std::vector<double>(6, 1)), 2);
    EXPECT_EQ(order, (Permutation{0, 1, 2, 3, 4, 5}));
}

TEST(RecursiveBisection, RandomKeysAndWeightsGiveKeySortedNonEmptyParts) {
    std::mt19937 random(7);
    for (int round = 0; round < 40; ++round) {
        const int n = 1 + int(random() % 300);
        const PartId k = 1 + PartId(random() % std::uint32_t(n));
        std::vector<Weight> weights(static_cast<std::size_t>(n));
        std::vector<double> table(static_cast<std::size_t>(n));
        for (int v = 0; v < n; ++v) {
            weights[std::size_t(v)] = 1 + Weight(random() % 20);
            table[std::size_t(v)] = double(random() % 50); // many ties
        }
        const Graph g = weighted_path(weights);
        const auto part = recursive_bisection_partition(g, k, {}, table_key(table));
        SCOPED_TRACE("round " + std::to_string(round) + " n=" + std::to_string(n) +
                     " k=" + std::to_string(k));
        std::vector<VertexId> by_key(static_cast<std::size_t>(n));
        for (int v = 0; v < n; ++v) by_key[std::size_t(v)] = v;
        std::sort(by_key.begin(), by_key.end(), [&](VertexId a, VertexId b) {
            return std::pair(table[std::size_t(a)], a) < std::pair(table[std::size_t(b)], b);
        });
        std::vector<int> count(static_cast<std::size_t>(k), 0);
        for (std::size_t i = 0; i < by_key.size(); ++i) {
            ++count[std::size_t(part[std::size_t(by_key[i])])];
            if (i > 0) {
                ASSERT_LE(part[std::size_t(by_key[i - 1])], part[std::size_t(by_key[i])]);
            }
        }
        for (PartId p = 0; p < k; ++p) EXPECT_GT(count[std::size_t(p)], 0) << "part " << p;
    }
}

TEST(RecursiveBisection, UnitWeightsMissTheTargetByLessThanOneVertexPerLevel) {
    std::mt19937 random(11);
    for (int round = 0; round < 20; ++round) {
        const int n = 200 + int(random() % 800);
        const PartId k = 2 + PartId(random() % 30);
        std::vector<double> targets(static_cast<std::size_t>(k));
        double sum = 0;
        for (double& t : targets) sum += t = 1 + double(random() % 4);
        for (double& t : targets) t /= sum;
        const Graph g = path_graph(n);
        const auto part = recursive_bisection_partition(g, k, targets, id_key(n));
        std::vector<double> weight(static_cast<std::size_t>(k), 0);
        for (PartId p : part) weight[std::size_t(p)] += 1;
        const double levels = std::ceil(std::log2(double(k)));
        for (PartId p = 0; p < k; ++p)
            EXPECT_LE(std::abs(weight[std::size_t(p)] - targets[std::size_t(p)] * n), levels)
                << "round " << round << " part " << p;
    }
}

TEST(RecursiveBisectionOrder, FollowsTheKeyWhateverTheLeafSize) {
    const Graph g = path_graph(37);
    for (VertexId leaf : {1, 4, 16, 64}) {
        const Permutation forward = recursive_bisection_order(g, id_key(37), leaf);
        const Permutation backward = recursive_bisection_order(g, id_key(37, -1), leaf);
        for (VertexId v = 0; v < 37; ++v) {
            EXPECT_EQ(forward[std::size_t(v)], v) << "leaf " << leaf;
            EXPECT_EQ(backward[std::size_t(v)], 36 - v) << "leaf " << leaf;
        }
    }
}

TEST(RecursiveBisectionOrder, HalvesByWeightThenOrdersEachLeafByItsOwnKey) {
    // The key is asked again for every subset: ascending ids for the whole graph, descending
    // for anything smaller. Weights 7 + 7: the halves by weight are {0} and {1..7}, and the
    // second is a leaf (leaf size 7) ordered by its own, descending, key.
    const Graph g = weighted_path({7, 1, 1, 1, 1, 1, 1, 1});
    const BisectionKey key = [](std::span<const VertexId> vertices, std::span<double> keys) {
        const double sign = vertices.size() == 8 ? 1 : -1;
        for (std::size_t i = 0; i < vertices.size(); ++i) keys[i] = sign * vertices[i];
    };
    EXPECT_EQ(recursive_bisection_order(g, key, 7), (Permutation{0, 7, 6, 5, 4, 3, 2, 1}));
    // A leaf as large as the graph: one sort by the key, no halving.
    const std::vector<double> shuffled{3, 0, 7, 1, 6, 2, 5, 4};
    EXPECT_EQ(recursive_bisection_order(g, table_key(shuffled), 8),
              (Permutation{3, 0, 7, 1, 6, 2, 5, 4}));
}
