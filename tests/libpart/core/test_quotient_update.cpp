// update_quotient_graph must equal quotient_graph of the moved partition, field for field.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "libpart/core/graph_builder.hpp"
#include "libpart/core/metrics.hpp"
#include "libpart/core/quotient_update.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;

namespace {

void expect_same_graph(const Graph& a, const Graph& b, const std::string& where) {
    EXPECT_EQ(a.xadj, b.xadj) << where;
    EXPECT_EQ(a.adjncy, b.adjncy) << where;
    EXPECT_EQ(a.adjwgt, b.adjwgt) << where;
    EXPECT_EQ(a.ncon, b.ncon) << where;
    EXPECT_EQ(a.vwgt, b.vwgt) << where;
    EXPECT_EQ(a.vsize, b.vsize) << where;
}

// Rounds of random moves (a few vertices, or most of them; to a random part or a neighbour's,
// so links appear and vanish and parts empty), each checked against a rebuild.
void check_random_rounds(const Graph& g, PartId k, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<PartId> part(std::size_t(g.num_vertices()));
    for (PartId& p : part) p = PartId(rng() % std::uint32_t(k));
    Graph quotient = quotient_graph(g, part, k);
    for (int round = 0; round < 30; ++round) {
        std::vector<PartId> moved = part;
        const int moves = round % 5 == 0 ? g.num_vertices() : 1 + int(rng() % 12);
        for (int i = 0; i < moves; ++i) {
            const VertexId v = VertexId(rng() % std::uint32_t(g.num_vertices()));
            if (rng() % 2 && g.degree(v) > 0)
                moved[v] = moved[g.neighbours(v)[rng() % std::uint32_t(g.degree(v))]];
            else
                moved[v] = PartId(rng() % std::uint32_t(k));
        }
        if (round % 7 == 3) moved = part;                              // nothing moved
        if (round % 11 == 5) std::fill(moved.begin(), moved.end(), 0); // all in one part
        // Half the rounds list every vertex; the others the moved vertices, in a shuffled
        // order and with some that did not move.
        std::vector<VertexId> listed;
        for (VertexId v = 0; v < g.num_vertices(); ++v)
            if (round % 2 == 0 || part[v] != moved[v] || rng() % 4 == 0) listed.push_back(v);
        if (round % 2 == 1) std::shuffle(listed.begin(), listed.end(), rng);
        quotient = update_quotient_graph(g, part, moved, listed, k, std::move(quotient));
        expect_same_graph(quotient, quotient_graph(g, moved, k),
                          "seed " + std::to_string(seed) + " round " + std::to_string(round));
        part = std::move(moved);
    }
}

} // namespace

TEST(QuotientUpdate, EqualsARebuildAfterRandomMoves) {
    check_random_rounds(test::grid_graph(12, 9), 5, 1);
    check_random_rounds(test::grid_graph(5, 4, 3), 7, 2);
    check_random_rounds(test::grid_graph(30, 1), 3, 3);
}

TEST(QuotientUpdate, CarriesVertexWeightsOfEveryConstraint) {
    Graph g = test::grid_graph(10, 8);
    g.ncon = 2;
    std::mt19937 rng(4);
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        g.vwgt.push_back(Weight(1 + rng() % 9));
        g.vwgt.push_back(Weight(rng() % 4));
    }
    check_random_rounds(g, 6, 5);
}

TEST(QuotientUpdate, EdgeWeightsAndClampedSumsAreRebuilt) {
    // Zero edge weights keep links that sum to nothing; a clamped part weight no longer knows
    // its sum. Both take the rebuild and still agree with it.
    std::vector<WeightedEdge> edges;
    for (VertexId v = 0; v + 1 < 40; ++v) edges.push_back({v, v + 1, Weight(v % 3)});
    check_random_rounds(graph_from_edges(40, edges, true), 4, 6);
    Graph heavy = test::grid_graph(6, 6);
    heavy.ncon = 1;
    heavy.vwgt.assign(36, INT32_MAX / 4);
    check_random_rounds(heavy, 3, 7);
}
