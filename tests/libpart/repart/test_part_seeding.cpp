// Seeding a part that starts empty: the deepest vertex of a heavy part, and a breadth-first
// ball carved around it until it weighs what is wanted or half the host.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "libpart/repart/part_seeding.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;
using part::test::grid_graph;
using part::test::path_graph;

namespace {

// The parts of a side x side grid: its outer ring in part 1, the rest in part 0.
std::vector<PartId> ring_and_core(int side) {
    std::vector<PartId> part;
    for (int j = 0; j < side; ++j)
        for (int i = 0; i < side; ++i)
            part.push_back(i == 0 || j == 0 || i == side - 1 || j == side - 1 ? 1 : 0);
    return part;
}

std::set<VertexId> members(const std::vector<PartId>& part, PartId p) {
    std::set<VertexId> result;
    for (std::size_t v = 0; v < part.size(); ++v)
        if (part[v] == p) result.insert(VertexId(v));
    return result;
}

} // namespace

TEST(DeepestVertex, IsTheFarthestFromThePartsBorder) {
    EXPECT_EQ(deepest_vertex(grid_graph(5, 5), ring_and_core(5), 0), 12); // the centre
    // A path whose part 0 ends at vertex 6: the far end, six hops in, is the deepest.
    std::vector<PartId> part{0, 0, 0, 0, 0, 0, 0, 1, 1};
    EXPECT_EQ(deepest_vertex(path_graph(9), part, 0), 0);
    EXPECT_EQ(deepest_vertex(path_graph(9), part, 1), 8);
}

TEST(DeepestVertex, TiesGoToTheLowestId) {
    // The inner 2 x 2 of a 4 x 4 grid is all border: vertices 5, 6, 9, 10.
    EXPECT_EQ(deepest_vertex(grid_graph(4, 4), ring_and_core(4), 0), 5);
    // A part that is a whole component has no border: its lowest vertex.
    std::vector<WeightedEdge> edges{{0, 1}, {2, 3}, {3, 4}};
    const Graph two_components = graph_from_edges(5, edges);
    EXPECT_EQ(deepest_vertex(two_components, {1, 1, 0, 0, 0}, 0), 2);
}

TEST(CarveBall, TakesTheNearestVerticesOfTheHostUntilTheWantedWeight) {
    const Graph g = grid_graph(5, 5);
    std::vector<PartId> part(25, 0);
    EXPECT_EQ(carve_ball(g, part, 0, 3, 12, 5, 25), 5);
    EXPECT_EQ(members(part, 3), (std::set<VertexId>{7, 11, 12, 13, 17})); // the centre and its 4
}

TEST(CarveBall, StopsAtHalfTheHostAndStaysInTheHost) {
    const Graph g = grid_graph(5, 5);
    std::vector<PartId> part = ring_and_core(5);
    // Wanted 100 of a host weighing 9: at most 4 (half), from the core only.
    EXPECT_EQ(carve_ball(g, part, 0, 2, 12, 100, 9), 4);
    const std::set<VertexId> ball = members(part, 2);
    EXPECT_EQ(ball.size(), 4u);
    EXPECT_TRUE(ball.count(12));
    EXPECT_EQ(members(part, 1).size(), 16u); // the ring is untouched
    EXPECT_EQ(members(part, 0).size(), 5u);
}

TEST(CarveBall, OvershootsByLessThanTheLastVertexAndStopsAtTheComponentsEnd) {
    Graph g = path_graph(6);
    g.ncon = 1;
    g.vwgt = {3, 3, 3, 3, 3, 3};
    std::vector<PartId> part(6, 0);
    EXPECT_EQ(carve_ball(g, part, 0, 1, 0, 5, 18), 6); // 3 < 5, then 6
    EXPECT_EQ(members(part, 1), (std::set<VertexId>{0, 1}));
    // A host split by another part: the ball cannot reach past it.
    std::vector<PartId> split{0, 0, 2, 0, 0, 0};
    EXPECT_EQ(carve_ball(g, split, 0, 1, 0, 9, 100), 6);
    EXPECT_EQ(members(split, 1), (std::set<VertexId>{0, 1}));
}

TEST(CarveBall, RandomBallsAreConnectedNestedAndWeighedRight) {
    std::mt19937 random(3);
    Graph g = grid_graph(12, 9);
    g.ncon = 1;
    for (VertexId v = 0; v < g.num_vertices(); ++v) g.vwgt.push_back(1 + Weight(random() % 6));
    for (int round = 0; round < 30; ++round) {
        std::vector<PartId> part(std::size_t(g.num_vertices()));
        for (PartId& p : part) p = random() % 4 == 0 ? 1 : 0;
        const VertexId centre = deepest_vertex(g, part, 0);
        WeightSum host = 0;
        for (VertexId v = 0; v < g.num_vertices(); ++v)
            if (part[v] == 0) host += g.vertex_weight(v);
        const WeightSum wanted = 1 + WeightSum(random() % 60);
        const std::vector<PartId> before = part;
        const WeightSum taken = carve_ball(g, part, 0, 5, centre, wanted, host);
        SCOPED_TRACE("round " + std::to_string(round));
        ASSERT_EQ(part[centre], 5);
        WeightSum moved = 0;
        std::vector<VertexId> ball;
        for (VertexId v = 0; v < g.num_vertices(); ++v)
            if (part[v] != before[v]) {
                ASSERT_EQ(before[v], 0);
                ASSERT_EQ(part[v], 5);
                moved += g.vertex_weight(v);
                ball.push_back(v);
            }
        EXPECT_EQ(moved, taken);
        const WeightSum limit = std::min(wanted, host / 2);
        EXPECT_LT(taken, limit + 6); // stops at the first vertex reaching the limit
        // The ball is connected: a search within it from the centre reaches all of it.
        std::vector<char> seen(part.size(), 0);
        std::vector<VertexId> queue{centre};
        seen[centre] = 1;
        for (std::size_t i = 0; i < queue.size(); ++i)
            for (VertexId u : g.neighbours(queue[i]))
                if (part[u] == 5 && !seen[u]) {
                    seen[u] = 1;
                    queue.push_back(u);
                }
        EXPECT_EQ(queue.size(), ball.size());
        // Short of the limit only when the centre's piece of the host is used up.
        if (taken < limit) {
            for (VertexId v : ball)
                for (VertexId u : g.neighbours(v)) EXPECT_NE(part[u], 0);
        }
    }
}
