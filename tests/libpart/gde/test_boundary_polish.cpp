// The FM polish's gain buckets (exact, or shared by a range of gains when edge weights are
// large). Its connectivity test has its own file, test_local_connectivity.cpp.
#include <gtest/gtest.h>

#include <random>

#include "libpart/core/metrics.hpp"
#include "libpart/gde/boundary_polish.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;
using namespace part::gde;

TEST(GdeBoundaryPolish, HeavyEdgeWeightsShareBucketsAndStillLowerTheCut) {
    // Gains up to 4 x 10^6 do not fit 2^16 buckets one per gain: buckets then hold a range
    // of gains, and the pass must still account exact gains.
    const Graph grid = part::test::grid_graph(24, 24);
    std::vector<WeightedEdge> edges;
    std::mt19937 rng(3);
    for (VertexId v = 0; v < grid.num_vertices(); ++v)
        for (VertexId u : grid.neighbours(v))
            if (u > v) edges.push_back({v, u, Weight(1 + rng() % 1000000)});
    const Graph g = graph_from_edges(grid.num_vertices(), edges, true);
    std::vector<PartId> start(std::size_t(g.num_vertices()));
    for (VertexId v = 0; v < g.num_vertices(); ++v) start[v] = PartId((v % 24 + v / 24) % 4);
    Partition p{4, start, {}};
    const WeightSum cut_before = edge_cut(g, p.part);
    const PolishResult result = polish_boundary(g, p, 0.03);
    EXPECT_GT(result.cut_reduction, 0);
    EXPECT_EQ(edge_cut(g, p.part), cut_before - result.cut_reduction);
    EXPECT_LE(imbalance(g, p)[0], 1.03 + 1e-9);
    Partition again{4, start, {}};
    polish_boundary(g, again, 0.03);
    EXPECT_EQ(again.part, p.part);
}
