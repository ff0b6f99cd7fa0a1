// The FM polish's pieces: the local connectivity test (searched from all of a vertex's
// neighbours in its part at once) and the gain buckets (exact, or shared by a range of gains
// when edge weights are large).
#include <gtest/gtest.h>

#include <random>

#include "libpart/core/metrics.hpp"
#include "libpart/gde/boundary_polish.hpp"
#include "libpart/gde/local_connectivity.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;
using namespace part::gde;

namespace {

// True when v's neighbours in part[v] all lie in one component of part[v] without v (a full
// search, no budget): the ground truth for LocalConnectivity.
bool neighbours_stay_connected(const Graph& g, const std::vector<PartId>& part, VertexId v) {
    std::vector<VertexId> same;
    for (VertexId u : g.neighbours(v))
        if (part[u] == part[v]) same.push_back(u);
    if (same.size() <= 1) return true;
    std::vector<char> seen(std::size_t(g.num_vertices()), 0);
    seen[v] = 1;
    std::vector<VertexId> stack{same[0]};
    seen[same[0]] = 1;
    while (!stack.empty()) {
        const VertexId x = stack.back();
        stack.pop_back();
        for (VertexId y : g.neighbours(x))
            if (!seen[y] && part[y] == part[v]) {
                seen[y] = 1;
                stack.push_back(y);
            }
    }
    for (VertexId u : same)
        if (!seen[u]) return false;
    return true;
}

} // namespace

TEST(LocalConnectivity, PathSplitsAndCycleDoesNot) {
    // A 10-vertex cycle in part 0; vertex 0 removed leaves a path: connected.
    std::vector<WeightedEdge> edges;
    for (VertexId v = 0; v < 10; ++v) edges.push_back({v, VertexId((v + 1) % 10)});
    const Graph cycle = graph_from_edges(10, edges);
    std::vector<PartId> part(10, 0);
    LocalConnectivity test(cycle);
    EXPECT_FALSE(test.would_disconnect(part, 0));
    // Vertex 5 in another part: the cycle is a path 6..9,0..4 and 0 is an inner vertex of it.
    part[5] = 1;
    EXPECT_TRUE(test.would_disconnect(part, 0));
    EXPECT_FALSE(test.would_disconnect(part, 4)); // an end of the path
    // The searches must meet beyond the budget: the answer is the safe "would disconnect".
    part[5] = 0;
    LocalConnectivity tight(cycle, 4);
    EXPECT_TRUE(tight.would_disconnect(part, 0));
}

TEST(LocalConnectivity, AgreesWithAFullSearchOnRandomPartsOfAGrid) {
    const Graph g = part::test::grid_graph(12, 10, 3);
    std::mt19937 rng(7);
    LocalConnectivity unbounded(g, int(g.num_vertices()));
    LocalConnectivity bounded(g, 8);
    for (int trial = 0; trial < 20; ++trial) {
        std::vector<PartId> part(std::size_t(g.num_vertices()));
        for (auto& p : part) p = PartId(rng() % 3 == 0 ? 1 : 0);
        for (VertexId v = 0; v < g.num_vertices(); ++v) {
            const bool truth = neighbours_stay_connected(g, part, v);
            EXPECT_EQ(!unbounded.would_disconnect(part, v), truth) << "vertex " << v;
            // A small budget may refuse a safe move, never allow an unsafe one.
            if (!truth) {
                EXPECT_TRUE(bounded.would_disconnect(part, v)) << "vertex " << v;
            }
        }
    }
}

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
