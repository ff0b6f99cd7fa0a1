// The FM polish's gain buckets (exact, or shared by a range of gains when edge weights are
// large). Its connectivity test has its own file, test_local_connectivity.cpp.
#include <gtest/gtest.h>

#include <limits>
#include <random>

#include "libpart/core/metrics.hpp"
#include "libpart/refine/boundary_polish.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;
using namespace part::refine;

namespace {

// The 4-neighbour grid of side x side vertices, each edge weighing weight_of(rng).
template <class WeightOf> Graph grid_with_weights(int side, std::mt19937& rng, WeightOf weight_of) {
    const Graph grid = part::test::grid_graph(side, side);
    std::vector<WeightedEdge> edges;
    for (VertexId v = 0; v < grid.num_vertices(); ++v)
        for (VertexId u : grid.neighbours(v))
            if (u > v) edges.push_back({v, u, weight_of(rng)});
    return graph_from_edges(grid.num_vertices(), edges, true);
}

// Polishes `start` on g: the cut must drop by the reported reduction, the parts stay within
// the tolerance, and a second polish from the same start give the same parts.
void expect_exact_and_repeatable_polish(const Graph& g, const std::vector<PartId>& start,
                                        double tolerance = 0.03) {
    Partition p{4, start, {}};
    const WeightSum cut_before = edge_cut(g, p.part);
    const PolishResult result = polish_boundary(g, p, tolerance);
    EXPECT_GT(result.cut_reduction, 0);
    EXPECT_EQ(edge_cut(g, p.part), cut_before - result.cut_reduction);
    EXPECT_LE(imbalance(g, p)[0], 1 + tolerance + 1e-9);
    Partition again{4, start, {}};
    polish_boundary(g, again, tolerance);
    EXPECT_EQ(again.part, p.part);
}

} // namespace

TEST(GdeBoundaryPolish, HeavyEdgeWeightsShareBucketsAndStillLowerTheCut) {
    // Gains up to 4 x 10^6 do not fit 2^16 buckets one per gain: buckets then hold a range
    // of gains, and the pass must still account exact gains.
    std::mt19937 rng(3);
    const Graph g =
        grid_with_weights(24, rng, [](std::mt19937& r) { return Weight(1 + r() % 1000000); });
    std::vector<PartId> start(std::size_t(g.num_vertices()));
    for (VertexId v = 0; v < g.num_vertices(); ++v) start[v] = PartId((v % 24 + v / 24) % 4);
    expect_exact_and_repeatable_polish(g, start);
}

TEST(GdeBoundaryPolish, TheGainBoundDoesNotChangeTheMoves) {
    // The buckets are sized from a bound on the gains (the longest free row times the heaviest
    // edge while gains get a bucket each, else the exact heaviest weighted degree). A heavy
    // edge between two fixed corners raises the first without changing any free vertex's
    // gain: the moves, and so the result, must stay the same, on either side of the switch to
    // shared buckets (4 x 10^4 > 2^15).
    const Graph grid = part::test::grid_graph(24, 24);
    std::mt19937 rng(5);
    std::vector<WeightedEdge> edges;
    for (VertexId v = 0; v < grid.num_vertices(); ++v)
        for (VertexId u : grid.neighbours(v))
            if (u > v) edges.push_back({v, u, Weight(1 + rng() % 100)});
    std::vector<PartId> start(std::size_t(grid.num_vertices()));
    for (VertexId v = 0; v < grid.num_vertices(); ++v) start[v] = PartId((v % 24 + v / 24) % 4);
    std::vector<char> fixed(std::size_t(grid.num_vertices()), 0);
    const VertexId corner = 0, far_corner = grid.num_vertices() - 1;
    fixed[corner] = fixed[far_corner] = 1;
    std::vector<std::vector<PartId>> results;
    std::vector<WeightSum> reductions;
    for (const Weight heavy : {1, 1000, 10000}) {
        std::vector<WeightedEdge> with_heavy = edges;
        with_heavy.push_back({corner, far_corner, heavy});
        const Graph g = graph_from_edges(grid.num_vertices(), with_heavy, true);
        Partition p{4, start, {}};
        const WeightSum cut_before = edge_cut(g, p.part);
        const PolishResult result = polish_boundary(g, p, 0.03, {.fixed = &fixed});
        EXPECT_GT(result.cut_reduction, 0) << "heavy " << heavy;
        EXPECT_EQ(edge_cut(g, p.part), cut_before - result.cut_reduction) << "heavy " << heavy;
        results.push_back(p.part);
        reductions.push_back(result.cut_reduction);
    }
    EXPECT_EQ(results[1], results[0]);
    EXPECT_EQ(results[2], results[0]);
    EXPECT_EQ(reductions[1], reductions[0]);
    EXPECT_EQ(reductions[2], reductions[0]);
}

TEST(GdeBoundaryPolish, TheHeaviestEdgeWeightsGiveTheMovesOfUnitWeights) {
    // A move's gain is the edge weight to the receiver net of the vertex's own part's, summed
    // per part; with every edge weighing the most a Weight holds, each gain is that times the
    // unit-weight gain (sums near 2^33: far from the start value best_move gives v's own part),
    // so the same moves must be made and the cut must drop by that times as much.
    const Graph grid = part::test::grid_graph(20, 20);
    constexpr Weight heaviest = std::numeric_limits<Weight>::max();
    std::mt19937 rng(11);
    const Graph heavy = grid_with_weights(20, rng, [](std::mt19937&) { return heaviest; });
    std::vector<PartId> start(std::size_t(grid.num_vertices()));
    for (VertexId v = 0; v < grid.num_vertices(); ++v)
        start[v] = PartId((v % 20 / 5 + v / 20 / 7 + (rng() % 5 == 0 ? 1 : 0)) % 4);
    Partition unit{4, start, {}}, scaled{4, start, {}};
    const PolishResult unit_result = polish_boundary(grid, unit, 0.03);
    const PolishResult scaled_result = polish_boundary(heavy, scaled, 0.03);
    EXPECT_GT(unit_result.cut_reduction, 0);
    EXPECT_EQ(scaled.part, unit.part);
    EXPECT_EQ(scaled_result.moves, unit_result.moves);
    EXPECT_EQ(scaled_result.cut_reduction, WeightSum(heaviest) * unit_result.cut_reduction);
}

TEST(GdeBoundaryPolish, EdgesOfWeightZeroKeepTheGainsExact) {
    // An edge of weight 0 to another part leaves that part's sum at 0 (best_move lists it
    // again, as before); the pass must still account exact gains and repeat itself.
    std::mt19937 rng(7);
    const Graph g = grid_with_weights(
        24, rng, [](std::mt19937& r) { return Weight(r() % 3 == 0 ? 0 : 1 + r() % 4); });
    std::vector<PartId> start(std::size_t(g.num_vertices()));
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        start[v] = PartId((v % 24 / 6 + (rng() % 4 == 0 ? 1 : 0)) % 4);
    expect_exact_and_repeatable_polish(g, start);
}

TEST(GdeBoundaryPolish, ATightToleranceHoldsWhileMovesChangeWhichPartsHaveRoom) {
    // With room for a handful of vertices per part, nearly every move changes which receivers
    // are feasible: a popped vertex takes the move noted when it was queued only if nothing
    // moved since, and must otherwise find its best feasible move again (a stale one would
    // overfill a part).
    std::mt19937 rng(13);
    const Graph g = grid_with_weights(24, rng, [](std::mt19937& r) { return Weight(1 + r() % 5); });
    std::vector<PartId> start(std::size_t(g.num_vertices()));
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        start[v] = PartId((v % 24 / 3 + v / 24 / 12) % 4);
    expect_exact_and_repeatable_polish(g, start, 0.01);
}

TEST(GdeBoundaryPolish, AFractionalMigrationCostPricesMovesBetweenWholeOnes) {
    // 0 -1- 1 -1- 2 =2= 3 =5= 4, parts {0, 1, 2} and {3, 4}: moving 2 to part 1 lowers the cut
    // by 1 and takes one unit of size from its origin; nothing else gains.
    const Graph g = graph_from_edges(5, {{0, 1, 1}, {1, 2, 1}, {2, 3, 2}, {3, 4, 5}}, true);
    const std::vector<PartId> origin{0, 0, 0, 1, 1};
    auto polished = [&](double cost) {
        Partition p{2, origin, {}};
        polish_boundary(g, p, 0.5, {.origin = &origin, .migration_cost = cost});
        return p.part;
    };
    const std::vector<PartId> moved{0, 0, 1, 1, 1};
    EXPECT_EQ(polished(0.5), moved);
    EXPECT_EQ(polished(0.984375), moved); // 63/64: still a gain
    EXPECT_EQ(polished(1.5), origin);
    EXPECT_EQ(polished(2), origin);
}
