// The quick check must say yes exactly when the graph is valid: compared with a plain
// reference (sorted edge lists) on valid graphs and on one-entry corruptions of them, small
// (matched in place), large with a numbering without locality (matched by blocks) and with a
// hub (long rows searched in sorted copies).
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <tuple>

#include "libpart/core/graph_quick_check.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;

namespace {

// Valid when ids are in range, no self loops, no duplicates, weights non-negative and the
// sorted list of (u, v, w) equals the sorted list of (v, u, w).
bool reference_valid(const Graph& g) {
    const VertexId n = g.num_vertices();
    for (Weight w : g.vwgt)
        if (w < 0) return false;
    std::vector<std::tuple<VertexId, VertexId, Weight>> forward, backward;
    for (VertexId u = 0; u < n; ++u)
        for (EdgeOffset e = g.xadj[u]; e < g.xadj[u + 1]; ++e) {
            const VertexId v = g.adjncy[e];
            const Weight w = g.edge_weight(e);
            if (v < 0 || v >= n || v == u || w < 0) return false;
            forward.emplace_back(u, v, w);
            backward.emplace_back(v, u, w);
        }
    std::sort(forward.begin(), forward.end());
    std::sort(backward.begin(), backward.end());
    for (std::size_t i = 1; i < forward.size(); ++i)
        if (std::get<0>(forward[i]) == std::get<0>(forward[i - 1]) &&
            std::get<1>(forward[i]) == std::get<1>(forward[i - 1]))
            return false;
    return forward == backward;
}

// The graph with vertices renumbered at random (no locality) and edge weights 1..9.
Graph shuffled_graph(const Graph& g, std::uint32_t seed, bool weighted) {
    std::mt19937 rng(seed);
    std::vector<VertexId> label(std::size_t(g.num_vertices()));
    std::iota(label.begin(), label.end(), 0);
    std::shuffle(label.begin(), label.end(), rng);
    std::vector<WeightedEdge> edges;
    for (VertexId u = 0; u < g.num_vertices(); ++u)
        for (VertexId v : g.neighbours(u))
            if (u < v) edges.push_back({label[u], label[v], Weight(1 + (u * 7 + v) % 9)});
    return graph_from_edges(g.num_vertices(), edges, weighted);
}

// A hub joined to every other vertex, plus a path through them.
Graph hub(VertexId n) {
    std::vector<WeightedEdge> edges;
    for (VertexId v = 1; v < n; ++v) edges.push_back({0, v, Weight(v % 5 + 1)});
    for (VertexId v = 1; v + 1 < n; ++v) edges.push_back({v, v + 1, 2});
    return graph_from_edges(n, edges, true);
}

// One corruption of one entry, of the kind `kind`.
Graph corrupted(Graph g, int kind, std::mt19937& rng) {
    const auto entries = EdgeOffset(g.adjncy.size());
    const EdgeOffset e = std::uniform_int_distribution<EdgeOffset>(0, entries - 1)(rng);
    const VertexId n = g.num_vertices();
    const VertexId u =
        VertexId(std::upper_bound(g.xadj.begin(), g.xadj.end(), e) - g.xadj.begin() - 1);
    switch (kind) {
    case 0: // another neighbour: asymmetric, perhaps also a duplicate or a self loop
        g.adjncy[e] = std::uniform_int_distribution<VertexId>(0, n - 1)(rng);
        break;
    case 1: // the same neighbour twice in a row
        if (g.xadj[u + 1] - g.xadj[u] > 1) g.adjncy[e] = g.adjncy[e == g.xadj[u] ? e + 1 : e - 1];
        break;
    case 2:
        g.adjncy[e] = u;
        break;
    case 3:
        g.adjncy[e] = n;
        break;
    case 4: // one direction's weight
        if (g.has_edge_weights()) g.adjwgt[e] += 1;
        break;
    case 5:
        if (g.has_edge_weights()) g.adjwgt[e] = -g.adjwgt[e];
        break;
    case 6: { // an edge turned into a duplicate of its neighbour's, both directions
        const VertexId v = g.adjncy[e];
        if (v == u || g.xadj[u + 1] - g.xadj[u] < 2) break;
        const EdgeOffset other = e == g.xadj[u] ? e + 1 : e - 1;
        const VertexId w = g.adjncy[other];
        g.adjncy[e] = w; // u lists w twice ...
        for (EdgeOffset f = g.xadj[v]; f < g.xadj[v + 1]; ++f)
            if (g.adjncy[f] == u) g.adjncy[f] = v == w ? u : v; // ... v no longer lists u
        break;
    }
    }
    return g;
}

void expect_check_agreement(const Graph& valid, std::uint32_t seed, int trials) {
    ASSERT_TRUE(reference_valid(valid));
    EXPECT_TRUE(passes_quick_check(valid));
    std::mt19937 rng(seed);
    int rejected = 0;
    for (int t = 0; t < trials; ++t) {
        const Graph g = corrupted(valid, t % 7, rng);
        const bool expected = reference_valid(g);
        EXPECT_EQ(passes_quick_check(g), expected) << "trial " << t << ", kind " << t % 7;
        rejected += !expected;
    }
    EXPECT_GT(rejected, trials / 2) << "the corruptions should mostly make invalid graphs";
}

} // namespace

TEST(GraphQuickCheck, SmallGraphsMatchedInPlace) {
    expect_check_agreement(shuffled_graph(test::grid_graph(6, 5), 1, true), 11, 400);
    expect_check_agreement(shuffled_graph(test::grid_graph(4, 4, 3), 2, false), 12, 400);
}

TEST(GraphQuickCheck, LargeShuffledGraphMatchedByBlocks) {
    expect_check_agreement(shuffled_graph(test::grid_graph(40, 40, 40), 3, true), 13, 28);
}

TEST(GraphQuickCheck, LargeGraphNumberedAlongSpaceMatchedInPlace) {
    expect_check_agreement(test::grid_graph(40, 40, 40), 16, 28);
}

TEST(GraphQuickCheck, LongRowsSearchedInSortedCopies) {
    expect_check_agreement(hub(300), 14, 200);
    expect_check_agreement(hub(70000), 15, 14);
}

TEST(GraphQuickCheck, EmptyAndEdgelessGraphsPass) {
    EXPECT_TRUE(passes_quick_check(Graph{}));
    EXPECT_TRUE(passes_quick_check(graph_from_edges(5, {})));
}
