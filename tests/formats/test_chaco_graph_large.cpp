// Files of more than a megabyte take the parallel parse; it must give exactly the graph and
// the errors of the sequential one.
#include <gtest/gtest.h>

#include "formats/chaco_graph.hpp"
#include "libpart/core/graph_builder.hpp"

using namespace part;

namespace {

// A 3D grid of side s with weights that vary per vertex and edge, and its Chaco text.
Graph weighted_grid(int s) {
    auto id = [s](int x, int y, int z) { return VertexId((z * s + y) * s + x); };
    std::vector<WeightedEdge> edges;
    for (int z = 0; z < s; ++z)
        for (int y = 0; y < s; ++y)
            for (int x = 0; x < s; ++x) {
                const VertexId v = id(x, y, z);
                if (x + 1 < s) edges.push_back({v, id(x + 1, y, z), 1 + v % 7});
                if (y + 1 < s) edges.push_back({v, id(x, y + 1, z), 1 + v % 5});
                if (z + 1 < s) edges.push_back({v, id(x, y, z + 1), 1 + v % 3});
            }
    Graph g = graph_from_edges(VertexId(s * s * s), edges, true);
    g.ncon = 1;
    for (VertexId v = 0; v < g.num_vertices(); ++v) g.vwgt.push_back(1 + v % 11);
    return g;
}

std::string error_of(const std::string& text) {
    try {
        formats::parse_chaco_graph(text, "big.graph");
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

} // namespace

TEST(ChacoGraphLarge, ParallelParseEqualsTheGraphWritten) {
    const Graph g = weighted_grid(48);
    const std::string text = formats::format_chaco_graph(g);
    ASSERT_GT(text.size(), 2u << 20) << "too small to take the parallel path";
    const Graph back = formats::parse_chaco_graph(text, "big.graph");
    EXPECT_EQ(back.xadj, g.xadj);
    EXPECT_EQ(back.adjncy, g.adjncy);
    EXPECT_EQ(back.adjwgt, g.adjwgt);
    EXPECT_EQ(back.vwgt, g.vwgt);
}

TEST(ChacoGraphLarge, CommentsAndTrailingBlankLinesAreAccepted) {
    const Graph g = weighted_grid(40);
    std::string text = formats::format_chaco_graph(g);
    const std::size_t middle = text.find('\n', text.size() / 2) + 1;
    text.insert(middle, "% a comment in the middle\n");
    text += "\n\n";
    const Graph back = formats::parse_chaco_graph(text, "big.graph");
    EXPECT_EQ(back.adjncy, g.adjncy);
    EXPECT_EQ(back.num_vertices(), g.num_vertices());
}

TEST(ChacoGraphLarge, ErrorLateInTheFileNamesTheExactLine) {
    const Graph g = weighted_grid(40);
    std::string text = formats::format_chaco_graph(g);
    // Vertex 60000 (line 60001) gets a letter in place of its first neighbour.
    std::size_t line_start = 0;
    for (int line = 1; line < 60001; ++line) line_start = text.find('\n', line_start) + 1;
    const std::size_t first_neighbour = text.find(' ', line_start) + 1; // after the vertex weight
    text[first_neighbour] = 'x';
    const std::string message = error_of(text);
    EXPECT_EQ(message.rfind("big.graph:60001: expected a neighbour id (an integer), found 'x", 0),
              0u)
        << message;
}

TEST(ChacoGraphLarge, HeaderCountMismatchIsReported) {
    const Graph g = weighted_grid(40);
    std::string text = formats::format_chaco_graph(g);
    text.replace(0, text.find(' '), std::to_string(g.num_vertices() + 1));
    const std::string message = error_of(text);
    EXPECT_NE(message.find("file ends after 64000 of the header's 64001 vertex lines"),
              std::string::npos)
        << message;
}
