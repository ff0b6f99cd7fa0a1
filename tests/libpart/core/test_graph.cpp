#include <gtest/gtest.h>

#include "libpart/core/graph.hpp"
#include "libpart/core/graph_builder.hpp"

using namespace part;

namespace {

// 0 - 1 - 2
// |   |   |
// 3 - 4 - 5
Graph grid_2x3() {
    return graph_from_edges(6, {{0, 1}, {1, 2}, {3, 4}, {4, 5}, {0, 3}, {1, 4}, {2, 5}});
}

GraphError::Kind problem_kind(const Graph& g) {
    try {
        validate(g);
    } catch (const GraphError& e) {
        return e.kind();
    }
    ADD_FAILURE() << "validate accepted a bad graph";
    return GraphError::Kind::BadOffsets;
}

} // namespace

TEST(Graph, BuilderMakesSymmetricCsr) {
    Graph g = grid_2x3();
    EXPECT_EQ(g.num_vertices(), 6);
    EXPECT_EQ(g.num_edges(), 7);
    EXPECT_EQ(g.degree(1), 3);
    EXPECT_EQ(g.degree(0), 2);
    EXPECT_NO_THROW(validate(g));
}

TEST(Graph, TotalWeightPerConstraint) {
    Graph g = grid_2x3();
    EXPECT_EQ(g.total_vertex_weight(), std::vector<WeightSum>{6});
    g.ncon = 2;
    g.vwgt = {1, 10, 2, 20, 3, 30, 4, 40, 5, 50, 6, 60};
    EXPECT_EQ(g.total_vertex_weight(), (std::vector<WeightSum>{21, 210}));
}

TEST(GraphValidate, ReportsAsymmetricEdgeNamingBothVertices) {
    Graph h = graph_from_edges(3, {{0, 1}});
    h.adjncy.push_back(0); // vertex 2 lists 0, but 0 does not list 2
    h.xadj[3] = 3;
    try {
        validate(h);
        FAIL() << "asymmetric graph accepted";
    } catch (const GraphError& e) {
        EXPECT_EQ(e.kind(), GraphError::Kind::AsymmetricEdge);
        EXPECT_EQ(e.vertex(), 2);
        EXPECT_EQ(e.other(), 0);
        EXPECT_NE(std::string(e.what()).find("vertex 3 lists neighbour 1"), std::string::npos)
            << e.what();
        EXPECT_NE(std::string(e.what()).find("vertex 1 does not list 3"), std::string::npos)
            << e.what();
    }
}

TEST(GraphValidate, ReportsSelfLoop) {
    Graph g = graph_from_edges(2, {{0, 1}, {1, 1}});
    EXPECT_EQ(problem_kind(g), GraphError::Kind::SelfLoop);
}

TEST(GraphValidate, ReportsDuplicateEdge) {
    Graph g = graph_from_edges(3, {{0, 1}, {1, 2}, {0, 1}});
    EXPECT_EQ(problem_kind(g), GraphError::Kind::DuplicateEdge);
}

TEST(GraphValidate, ReportsIdOutOfRange) {
    Graph g = grid_2x3();
    g.adjncy[0] = 6;
    EXPECT_EQ(problem_kind(g), GraphError::Kind::IdOutOfRange);
    g.adjncy[0] = -1;
    EXPECT_EQ(problem_kind(g), GraphError::Kind::IdOutOfRange);
}

TEST(GraphValidate, ReportsNegativeWeights) {
    Graph g = grid_2x3();
    g.ncon = 1;
    g.vwgt = {1, 1, -2, 1, 1, 1};
    EXPECT_EQ(problem_kind(g), GraphError::Kind::NegativeWeight);
    g.vwgt.clear();
    g.ncon = 0;
    g.vsize = {1, 1, 1, 1, -1, 1};
    EXPECT_EQ(problem_kind(g), GraphError::Kind::NegativeWeight);
    g.vsize.clear();
    g.adjwgt.assign(g.adjncy.size(), 1);
    g.adjwgt[3] = -4;
    EXPECT_EQ(problem_kind(g), GraphError::Kind::NegativeWeight);
}

TEST(GraphValidate, ReportsAsymmetricEdgeWeights) {
    Graph g = graph_from_edges(3, {{0, 1, 2}, {1, 2, 3}}, true);
    EXPECT_NO_THROW(validate(g));
    g.adjwgt[0] = 7; // 0->1 now weighs 7, 1->0 still 2
    EXPECT_EQ(problem_kind(g), GraphError::Kind::AsymmetricEdgeWeight);
}

TEST(GraphValidate, ReportsAttributeSizeMismatch) {
    Graph g = grid_2x3();
    g.ncon = 1;
    g.vwgt = {1, 2};
    EXPECT_EQ(problem_kind(g), GraphError::Kind::BadAttributeSize);
}

TEST(GraphValidate, AcceptsIsolatedVerticesAndEmptyGraph) {
    EXPECT_NO_THROW(validate(Graph{}));
    EXPECT_NO_THROW(validate(graph_from_edges(5, {{0, 4}})));
}

namespace {

// A 3D grid large enough for validate() to run in parallel (over a million entries).
Graph large_grid(int s) {
    auto id = [s](int x, int y, int z) { return VertexId((z * s + y) * s + x); };
    std::vector<WeightedEdge> edges;
    for (int z = 0; z < s; ++z)
        for (int y = 0; y < s; ++y)
            for (int x = 0; x < s; ++x) {
                if (x + 1 < s) edges.push_back({id(x, y, z), id(x + 1, y, z), 1});
                if (y + 1 < s) edges.push_back({id(x, y, z), id(x, y + 1, z), 2});
                if (z + 1 < s) edges.push_back({id(x, y, z), id(x, y, z + 1), 3});
            }
    return graph_from_edges(VertexId(s * s * s), edges, true);
}

// Points u's edge to `from` at `to` instead, making an asymmetric pair.
void redirect(Graph& g, VertexId u, VertexId from, VertexId to) {
    for (EdgeOffset e = g.xadj[u]; e < g.xadj[u + 1]; ++e)
        if (g.adjncy[e] == from) g.adjncy[e] = to;
}

} // namespace

TEST(GraphValidateLarge, AcceptsValidLargeGraph) {
    Graph g = large_grid(70);
    ASSERT_GT(g.adjncy.size(), std::size_t(1) << 20);
    EXPECT_NO_THROW(validate(g));
}

TEST(GraphValidateLarge, ReportsTheFirstProblemLikeASequentialScan) {
    Graph g = large_grid(70);
    const VertexId late = g.num_vertices() - 10, early = 1000;
    redirect(g, late, late - 1, late - 3);    // a problem in the last range
    redirect(g, early, early + 1, early + 5); // and an earlier one, reported first
    try {
        validate(g);
        FAIL() << "accepted";
    } catch (const GraphError& e) {
        EXPECT_EQ(e.kind(), GraphError::Kind::AsymmetricEdge);
        EXPECT_LT(e.vertex(), 2000) << e.what();
    }
}

TEST(GraphValidateLarge, ReportsAsymmetricWeightAndDuplicateInLargeGraph) {
    Graph g = large_grid(70);
    g.adjwgt[g.xadj[200000]] += 1;
    EXPECT_EQ(problem_kind(g), GraphError::Kind::AsymmetricEdgeWeight);
    g = large_grid(70);
    const VertexId v = g.num_vertices() - 5;
    g.adjncy[g.xadj[v] + 1] = g.adjncy[g.xadj[v]];
    EXPECT_EQ(problem_kind(g), GraphError::Kind::DuplicateEdge);
}
