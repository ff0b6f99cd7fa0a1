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
