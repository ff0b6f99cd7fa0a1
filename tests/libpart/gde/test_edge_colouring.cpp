#include <gtest/gtest.h>

#include <random>

#include "libpart/core/graph_builder.hpp"
#include "libpart/gde/edge_colouring.hpp"

using namespace part;
using namespace part::gde;

namespace {

void expect_colours(const Network& n, int colours) {
    const EdgeColouring c = colour_edges(n);
    EXPECT_TRUE(is_proper(n.graph, c)) << n.name;
    EXPECT_EQ(c.num_colours, colours) << n.name;
}

Graph random_graph_with_edges(VertexId n, int edges, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<std::vector<char>> has(std::size_t(n), std::vector<char>(std::size_t(n), 0));
    std::vector<WeightedEdge> list;
    while (int(list.size()) < edges) {
        VertexId u = VertexId(rng() % n), v = VertexId(rng() % n);
        if (u == v || has[u][v]) continue;
        has[u][v] = has[v][u] = 1;
        list.push_back({u, v});
    }
    Network net = network_from_graph(graph_from_edges(n, list), Topology::File, "random");
    return net.graph;
}

} // namespace

TEST(GdeEdgeColouring, ExactOnMeshesToriHypercubes) {
    expect_colours(make_mesh(4, 4), 4);
    expect_colours(make_mesh(2, 4), 3);
    expect_colours(make_mesh(16, 1), 2);
    expect_colours(make_mesh(1, 2), 1);
    expect_colours(make_mesh(2, 2), 2);
    expect_colours(make_torus(4, 6), 4);
    expect_colours(make_torus(2, 4), 3);
    expect_colours(make_ring(8), 2);
    expect_colours(make_hypercube(5), 5);
}

TEST(GdeEdgeColouring, OddCyclesNeedDeltaPlusOne) {
    expect_colours(make_ring(7), 3);
    const Network torus = make_torus(3, 5);
    const EdgeColouring c = colour_edges(torus);
    EXPECT_TRUE(is_proper(torus.graph, c));
    EXPECT_LE(c.num_colours, 5);
}

TEST(GdeEdgeColouring, KonigIsExactOnBipartiteGraphs) {
    // Random bipartite graphs: left 0..19, right 20..39.
    for (unsigned seed = 1; seed <= 20; ++seed) {
        std::mt19937 rng(seed);
        std::vector<WeightedEdge> edges;
        std::vector<char> has(400, 0);
        for (int i = 0; i < 90; ++i) {
            VertexId u = VertexId(rng() % 20), v = VertexId(rng() % 20);
            if (has[u * 20 + v]) continue;
            has[u * 20 + v] = 1;
            edges.push_back({u, 20 + v});
        }
        const Network net =
            network_from_graph(graph_from_edges(40, edges), Topology::File, "bipartite");
        const EdgeColouring c = colour_edges(net);
        EXPECT_TRUE(is_proper(net.graph, c));
        EXPECT_EQ(c.num_colours, max_degree(net.graph));
    }
}

TEST(GdeEdgeColouring, MisraGriesUsesAtMostDeltaPlusOne) {
    for (unsigned seed = 1; seed <= 30; ++seed) {
        const Graph g = random_graph_with_edges(30, 40 + int(seed) * 5, seed);
        const EdgeColouring c = colour_misra_gries(g);
        EXPECT_TRUE(is_proper(g, c)) << seed;
        EXPECT_LE(c.num_colours, max_degree(g) + 1) << seed;
    }
}

TEST(GdeEdgeColouring, Deterministic) {
    const Graph g = random_graph_with_edges(25, 80, 7);
    EXPECT_EQ(colour_misra_gries(g).colour, colour_misra_gries(g).colour);
}
