#include <gtest/gtest.h>

#include <random>

#include "libpart/core/metrics.hpp"
#include "libpart/gde/edge_colouring.hpp"
#include "libpart/gde/flow_routing.hpp"
#include "libpart/gde/network.hpp"
#include "libpart/gde/workload_adjuster.hpp"
#include "libpart/refine/boundary_polish.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;
using namespace part::gde;
using namespace part::refine;

namespace {

// Vertical strips of `width` columns: part = column / width.
std::vector<PartId> strips(int rows, int cols, int width) {
    std::vector<PartId> part;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) part.push_back(c / width);
    return part;
}

void set_flow(const Graph& q, std::vector<WeightSum>& outflow, PartId a, PartId b,
              WeightSum amount) {
    outflow[find_link(q, a, b)] = amount;
    outflow[find_link(q, b, a)] = -amount;
}

} // namespace

TEST(GdeWorkloadAdjuster, MovesExactlyTheFlowsInDagOrderAndKeepsPartsConnected) {
    const Graph g = part::test::grid_graph(40, 20);
    std::vector<PartId> part = strips(20, 40, 10); // 4 strips of 200 vertices
    const Graph q = network_from_graph(quotient_graph(g, part, 4), Topology::Quotient, "q").graph;
    std::vector<WeightSum> outflow(q.adjncy.size(), 0);
    set_flow(q, outflow, 0, 1, 35);
    set_flow(q, outflow, 1, 2, 60); // part 1 forwards more than it has on its border with 2
    set_flow(q, outflow, 3, 2, 7);
    const auto before = part_weights(g, part, 4);
    const auto net = net_outflow(q, outflow);
    const auto transfers = adjust_workload(g, part, 4, q, outflow, flow_order(q, outflow));
    ASSERT_EQ(transfers.size(), 3u);
    for (const auto& t : transfers)
        EXPECT_EQ(t.moved_weight, t.requested) << t.from << "->" << t.to;
    EXPECT_EQ(transfers[0].from, 0); // DAG order: 0 feeds 1 before 1 feeds 2
    const auto after = part_weights(g, part, 4);
    for (PartId p = 0; p < 4; ++p) EXPECT_EQ(after[p], before[p] - net[p]) << p;
    for (VertexId c : components_per_part(g, part, 4)) EXPECT_EQ(c, 1);
    // Moving 35 vertices off a straight 20-vertex border costs little cut.
    EXPECT_LE(edge_cut(g, part), 3 * 20 + 12);
}

TEST(GdeWorkloadAdjuster, HeavyVerticesMoveOnlyAsFarAsTheFlowAllows) {
    Graph g = part::test::grid_graph(10, 10);
    g.ncon = 1;
    g.vwgt.assign(100, 2);
    std::vector<PartId> part = strips(10, 10, 5);
    const Graph q = network_from_graph(quotient_graph(g, part, 2), Topology::Quotient, "q").graph;
    std::vector<WeightSum> outflow(q.adjncy.size(), 0);
    set_flow(q, outflow, 0, 1, 15);
    const auto transfers = adjust_workload(g, part, 2, q, outflow, flow_order(q, outflow));
    ASSERT_EQ(transfers.size(), 1u);
    EXPECT_EQ(transfers[0].moved_weight,
              14); // seven vertices of weight 2; an eighth would overshoot
    EXPECT_EQ(transfers[0].moved_vertices, 7);
}

TEST(GdeWorkloadAdjuster, PrefersHighGainVertices) {
    // Parts: a column strip plus one vertex of part 0 poking into part 1 (vertex 3 of row 1):
    // that vertex has three neighbours in part 1 and gains most by switching back.
    Graph g = part::test::grid_graph(6, 3);
    std::vector<PartId> part = strips(3, 6, 3);
    part[1 * 6 + 3] = 0;
    const Graph q = network_from_graph(quotient_graph(g, part, 2), Topology::Quotient, "q").graph;
    std::vector<WeightSum> outflow(q.adjncy.size(), 0);
    set_flow(q, outflow, 0, 1, 1);
    adjust_workload(g, part, 2, q, outflow, flow_order(q, outflow));
    EXPECT_EQ(part[1 * 6 + 3], 1);
    EXPECT_EQ(edge_cut(g, part), 3);
}

TEST(GdeWorkloadAdjuster, DirectFlowStartsFromTheBorderLeftByEarlierMoves) {
    // A path of 12 vertices in three runs: part 0 = 0..5, part 1 = 6..8, part 2 = 9..11.
    // Part 0 first sends vertex 5 to part 1; the direct flow 0 -> 2 (no border joins them)
    // must then start at vertex 4, interior when the adjuster began, and take 4 and 3.
    const Graph g = part::test::grid_graph(12, 1);
    std::vector<PartId> part = {0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2};
    const Graph q = network_from_graph(quotient_graph(g, part, 3), Topology::Quotient, "q").graph;
    std::vector<WeightSum> outflow(q.adjncy.size(), 0);
    set_flow(q, outflow, 0, 1, 1);
    const auto transfers =
        adjust_workload(g, part, 3, q, outflow, flow_order(q, outflow), {PartFlow{0, 2, 2}});
    ASSERT_EQ(transfers.size(), 2u);
    EXPECT_EQ(transfers[0].moved_weight, 1);
    EXPECT_EQ(transfers[1].moved_weight, 2);
    EXPECT_EQ(part, (std::vector<PartId>{0, 0, 0, 2, 2, 1, 1, 1, 1, 2, 2, 2}));
}

TEST(GdeWorkloadAdjuster, MovesByGainsKeptCurrentOnWeightedEdges) {
    // Part 0: a complete graph (no move splits it), each vertex tied to one vertex of part 1
    // (a complete graph too), every edge of a random weight. Each move changes the gains of
    // all the others by twice their edge to the mover; the vertices moved must be those a
    // greedy that recomputes every gain from the rows before each pick takes.
    constexpr VertexId m = 9, t = 4, flow = 4;
    std::mt19937 rng(11);
    int compared = 0;
    for (int seed = 0; seed < 40; ++seed) {
        std::vector<std::vector<Weight>> w(m + t, std::vector<Weight>(m + t, 0));
        auto join = [&](VertexId a, VertexId b) { w[a][b] = w[b][a] = Weight(1 + rng() % 1000); };
        for (VertexId a = 0; a < m + t; ++a)
            for (VertexId b = a + 1; b < m + t; ++b)
                if ((a < m) == (b < m) || (a < m && b == m + a % t)) join(a, b);
        Graph g; // xadj starts as {0}
        for (VertexId a = 0; a < m + t; ++a) {
            for (VertexId b = 0; b < m + t; ++b)
                if (w[a][b] > 0) {
                    g.adjncy.push_back(b);
                    g.adjwgt.push_back(w[a][b]);
                }
            g.xadj.push_back(EdgeOffset(g.adjncy.size()));
        }
        std::vector<PartId> part(m + t, 0);
        for (VertexId v = m; v < m + t; ++v) part[v] = 1;
        // The greedy, on a copy; a seed with two best gains at a pick is left out.
        std::vector<PartId> greedy = part;
        bool tie = false;
        for (VertexId step = 0; step < flow; ++step) {
            VertexId best = -1;
            WeightSum best_gain = 0;
            for (VertexId v = 0; v < m; ++v) {
                if (greedy[v] != 0) continue;
                WeightSum gain = 0;
                for (VertexId u = 0; u < m + t; ++u)
                    gain += greedy[u] == 1 ? w[v][u] : -WeightSum(w[v][u]);
                if (best >= 0 && gain == best_gain) tie = true;
                if (best < 0 || gain > best_gain) {
                    best = v;
                    best_gain = gain;
                    tie = false;
                }
            }
            greedy[best] = 1;
        }
        if (tie) continue;
        ++compared;
        const Graph q =
            network_from_graph(quotient_graph(g, part, 2), Topology::Quotient, "q").graph;
        std::vector<WeightSum> outflow(q.adjncy.size(), 0);
        set_flow(q, outflow, 0, 1, flow);
        adjust_workload(g, part, 2, q, outflow, flow_order(q, outflow));
        EXPECT_EQ(part, greedy) << seed;
    }
    EXPECT_GE(compared, 30);
}

TEST(GdeBoundaryPolish, LowersTheCutWithinTheTolerance) {
    const Graph g = part::test::grid_graph(16, 16);
    // A ragged two-way split: column 8 alternates between the parts row by row.
    Partition p{2, strips(16, 16, 8), {}};
    for (int r = 0; r < 16; r += 2) p.part[r * 16 + 8] = 0;
    for (int r = 1; r < 16; r += 2) p.part[r * 16 + 7] = 1;
    const WeightSum cut_before = edge_cut(g, p.part);
    const PolishResult result = polish_boundary(g, p, 0.03);
    EXPECT_GT(result.moves, 0);
    EXPECT_EQ(edge_cut(g, p.part), cut_before - result.cut_reduction);
    EXPECT_LT(edge_cut(g, p.part), cut_before);
    EXPECT_LE(imbalance(g, p)[0], 1.03 + 1e-9);
    for (VertexId c : components_per_part(g, p.part, 2)) EXPECT_EQ(c, 1);
}
