#include <gtest/gtest.h>

#include <filesystem>

#include "formats/chaco_graph.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using formats::parse_chaco_graph;

namespace {

// Parses `text` and returns the error message, failing the test if it parsed.
std::string parse_error(const std::string& text) {
    try {
        parse_chaco_graph(text, "g.graph");
    } catch (const InputError& e) {
        return e.what();
    }
    ADD_FAILURE() << "accepted:\n" << text;
    return "";
}

void expect_error(const std::string& text, const std::string& location,
                  const std::string& fragment) {
    const std::string message = parse_error(text);
    EXPECT_EQ(message.rfind(location, 0), 0u) << message;
    EXPECT_NE(message.find(fragment), std::string::npos) << message;
}

// Triangle 1-2-3 plus isolated vertex 4.
const char* kTriangle = "4 3\n2 3\n1 3\n1 2\n\n";

} // namespace

TEST(ChacoGraph, ReadsPlainGraphWithIsolatedVertex) {
    Graph g = parse_chaco_graph(kTriangle, "t.graph");
    EXPECT_EQ(g.num_vertices(), 4);
    EXPECT_EQ(g.num_edges(), 3);
    EXPECT_EQ(g.degree(3), 0);
    EXPECT_EQ(g.neighbours(0)[0], 1);
    EXPECT_FALSE(g.has_vertex_weights());
}

TEST(ChacoGraph, SkipsCommentsAndCarriageReturns) {
    Graph g = parse_chaco_graph("% a comment\r\n3 2\r\n% inside\r\n2\r\n1 3\r\n2\r\n", "t.graph");
    EXPECT_EQ(g.num_vertices(), 3);
    EXPECT_EQ(g.num_edges(), 2);
}

TEST(ChacoGraph, ReadsAllWeightKindsAndMultipleConstraints) {
    // fmt 111, ncon 2: size, two weights, then (neighbour, weight) pairs.
    Graph g = parse_chaco_graph("2 1 111 2\n5 1 2 2 7\n6 3 4 1 7\n", "t.graph");
    EXPECT_EQ(g.ncon, 2);
    EXPECT_EQ(g.vsize, (std::vector<Weight>{5, 6}));
    EXPECT_EQ(g.vwgt, (std::vector<Weight>{1, 2, 3, 4}));
    EXPECT_EQ(g.adjwgt, (std::vector<Weight>{7, 7}));
}

TEST(ChacoGraph, RoundTripsThroughWriter) {
    const std::string text = "3 2 011\n4 2 9\n5 1 9 3 2\n6 2 2\n";
    Graph g = parse_chaco_graph(text, "t.graph");
    EXPECT_EQ(formats::format_chaco_graph(g), text);
    test::ScratchDir dir;
    formats::write_chaco_graph(dir.file("out.graph"), g);
    Graph back = formats::read_chaco_graph(dir.file("out.graph"));
    EXPECT_EQ(back.adjncy, g.adjncy);
    EXPECT_EQ(back.vwgt, g.vwgt);
    EXPECT_EQ(back.adjwgt, g.adjwgt);
}

namespace {

// The graph handed over row by row, as part-convert streams a dual graph.
formats::ChacoRows rows_of(const Graph& g) {
    return {g.num_vertices(), g.num_edges(), g.ncon,
            g.vwgt,           g.vsize,       [&g](VertexId v) { return g.neighbours(v); }};
}

std::size_t files_in(const std::string& folder) {
    std::size_t count = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(folder)) ++count;
    return count;
}

} // namespace

TEST(ChacoGraph, StreamedRowsWriteTheSameTextAsTheGraph) {
    test::ScratchDir dir;
    for (const char* text :
         {"4 3\n2 3\n1 3\n1 2\n\n", "3 2 010\n4 2\n5 1 3\n6 2\n",
          "3 2 110 2\n7 4 1 2\n8 5 2 1 3\n9 6 3 2\n", "3 2 100\n7 2\n8 1 3\n9 2\n", "0 0\n"}) {
        const Graph g = parse_chaco_graph(text, "t.graph");
        formats::write_chaco_graph(dir.file("rows.graph"), rows_of(g));
        EXPECT_EQ(test::read_text(dir.file("rows.graph")), text);
    }
}

TEST(ChacoGraphErrors, StreamedRowsThatDisagreeWithTheHeaderLeaveNoFile) {
    test::ScratchDir dir;
    const Graph g = parse_chaco_graph("3 2 010\n4 2\n5 1 3\n6 2\n", "t.graph");
    formats::ChacoRows rows = rows_of(g);
    rows.num_edges = 3; // one more than the rows list
    EXPECT_THROW(formats::write_chaco_graph(dir.file("x.graph"), rows), InvalidArgument);
    rows = rows_of(g);
    rows.vwgt = rows.vwgt.first(2); // a weight short
    EXPECT_THROW(formats::write_chaco_graph(dir.file("x.graph"), rows), InvalidArgument);
    rows = rows_of(g);
    rows.neighbours = [&g](VertexId v) -> std::span<const VertexId> {
        if (v == 2) throw InputError("mesh", 0, "failed half way");
        return g.neighbours(v);
    };
    EXPECT_THROW(formats::write_chaco_graph(dir.file("x.graph"), rows), InputError);
    EXPECT_EQ(files_in(dir.path()), 0u); // neither the graph nor a temporary
}

TEST(ChacoGraphErrors, WrongEdgeCountInHeader) {
    expect_error("4 5\n2 3\n1 3\n1 2\n\n", "g.graph:1:", "header says 5 edges");
}

TEST(ChacoGraphErrors, TooManyEdgesForHeader) {
    expect_error("4 2\n2 3\n1 3\n1 2\n\n", "g.graph:4:", "more adjacency entries");
}

TEST(ChacoGraphErrors, NeighbourOutOfRange) {
    expect_error("3 2\n2\n1 9\n2\n", "g.graph:3:", "neighbour id 9 is out of range: expected 1..3");
}

TEST(ChacoGraphErrors, ZeroBasedIdsSuggestFix) {
    const std::string message = parse_error("3 2\n1\n0 2\n1\n");
    EXPECT_NE(message.find("g.graph:3:"), std::string::npos) << message;
    EXPECT_NE(message.find("looks 0-based"), std::string::npos) << message;
    EXPECT_NE(message.find("add 1"), std::string::npos) << message;
}

TEST(ChacoGraphErrors, AsymmetricAdjacencyNamesLineAndBothVertices) {
    // Vertices 3 and 4 list 1 and 2, which list nothing; the entry count still adds up.
    expect_error("4 1\n\n\n1\n2\n",
                 "g.graph:4:", "vertex 3 lists neighbour 1 but vertex 1 does not list 3");
    // Vertex 2 lists 3, which lists only 1.
    expect_error("3 2\n2\n1 3\n1\n",
                 "g.graph:3:", "vertex 2 lists neighbour 3 but vertex 3 does not list 2");
}

TEST(ChacoGraphErrors, MissingEdgeWeight) {
    expect_error("2 1 1\n2 5\n1\n", "g.graph:3:", "odd number of values");
}

TEST(ChacoGraphErrors, MissingVertexWeights) {
    expect_error("2 1 10 2\n1 1 2\n1\n", "g.graph:3:", "expected 2 leading value(s)");
}

TEST(ChacoGraphErrors, ExtraVertexLines) {
    expect_error("2 1\n2\n1\n1\n", "g.graph:4:", "more vertex lines than the header's n = 2");
}

TEST(ChacoGraphErrors, NonNumericToken) {
    expect_error("2 1\n2\nx1\n", "g.graph:3:", "expected a neighbour id (an integer), found 'x1'");
    expect_error("2 1\n2.5\n1\n", "g.graph:2:", "found '2.5'");
}

TEST(ChacoGraphErrors, TruncatedFile) {
    expect_error("4 3\n2 3\n1 3\n",
                 "g.graph:3:", "file ends after 2 of the header's 4 vertex lines");
}

TEST(ChacoGraphErrors, NegativeWeights) {
    expect_error("2 1 1\n2 -3\n1 -3\n", "g.graph:2:", "edge weight is -3");
    expect_error("2 1 10\n-1 2\n1 1\n", "g.graph:2:", "vertex weight is -1");
}

TEST(ChacoGraphErrors, BadHeader) {
    expect_error("", "g.graph", "empty file");
    expect_error("3\n", "g.graph:1:", "expected the edge count m in the header");
    expect_error("3 2 7\n", "g.graph:1:", "format code 7 is not valid");
    expect_error("3 2 0 2\n", "g.graph:1:", "no vertex weights");
}

TEST(ChacoGraphErrors, SelfLoopAndDuplicate) {
    expect_error("2 2\n1 2\n1 2\n", "g.graph:2:", "lists itself");
    expect_error("2 2\n2 2\n1 1\n", "g.graph:2:", "more than once");
}

TEST(ChacoGraphErrors, MissingFile) {
    try {
        formats::read_chaco_graph("/nonexistent/x.graph");
        FAIL();
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent/x.graph: cannot open"),
                  std::string::npos)
            << e.what();
    }
}
