// Files of megabytes: the graph written comes back exactly, and an error anywhere names its
// line.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include <omp.h>

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

// The file line (1-based) holding byte `at` of `text`.
std::int64_t line_at(const std::string& text, std::size_t at) {
    return 1 + std::int64_t(std::count(text.begin(), text.begin() + std::ptrdiff_t(at), '\n'));
}

// (Not std::string::insert, on which GCC 12 warns falsely of overlapping copies.)
void insert_at(std::string& text, std::size_t at, const std::string& what) {
    text = text.substr(0, at) + what + text.substr(at);
}

std::string large_graph_error(const std::string& text) {
    try {
        formats::parse_chaco_graph(text, "big.graph");
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

} // namespace

TEST(ChacoGraphLarge, ParseEqualsTheGraphWritten) {
    const Graph g = weighted_grid(48);
    const std::string text = formats::format_chaco_graph(g);
    ASSERT_GT(text.size(), 2u << 20);
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
    const std::string message = large_graph_error(text);
    EXPECT_EQ(message.rfind("big.graph:60001: expected a neighbour id (an integer), found 'x", 0),
              0u)
        << message;
}

TEST(ChacoGraphLarge, HeaderCountMismatchIsReported) {
    const Graph g = weighted_grid(40);
    std::string text = formats::format_chaco_graph(g);
    text.replace(0, text.find(' '), std::to_string(g.num_vertices() + 1));
    const std::string message = large_graph_error(text);
    EXPECT_NE(message.find("file ends after 64000 of the header's 64001 vertex lines"),
              std::string::npos)
        << message;
}

TEST(ChacoGraphLarge, WeightedRingWithABadByteNamesItsLine) {
    // A weighted ring of 200,000 vertices (over a megabyte): a letter anywhere is reported at
    // its own line; a split line, a lost separator, an id of 0 or a sign is rejected.
    const VertexId n = 200000;
    std::vector<WeightedEdge> edges;
    for (VertexId v = 0; v < n; ++v) edges.push_back({v, VertexId((v + 1) % n), 1 + v % 9});
    const Graph g = graph_from_edges(n, edges, true);
    const std::string base = formats::format_chaco_graph(g);
    ASSERT_GT(base.size(), 1u << 20);
    EXPECT_EQ(formats::parse_chaco_graph(base, "big.graph").adjwgt, g.adjwgt);
    std::mt19937 rng(8);
    for (int t = 0; t < 12; ++t) {
        std::string text = base;
        const std::size_t at = std::uniform_int_distribution<std::size_t>(0, text.size() - 1)(rng);
        text[at] = "x\n 0-"[t % 5];
        const std::string message = large_graph_error(text);
        if (t % 5 == 0) {
            EXPECT_EQ(message.rfind("big.graph:" + std::to_string(line_at(text, at)) + ":", 0), 0u)
                << "byte " << at << ": " << message;
        } else if (text[at] != base[at]) {
            EXPECT_NE(message, "no error") << "byte " << at;
        }
    }
}

TEST(ChacoGraphLarge, PlainTextWithRowsOfEveryLength) {
    // Rows of up to 4, 5 to 8, 9 to 16 and more neighbours (vertex 0 lists 100): read back
    // exactly; one edge listed one way is named; edits are read or rejected at a line.
    const VertexId n = 150000;
    std::vector<WeightedEdge> edges;
    for (VertexId v = 0; v < n; ++v) {
        edges.push_back({v, VertexId((v + 1) % n), 1});
        if (v % 3 == 0) edges.push_back({v, VertexId((v + 7) % n), 1});
        if (v % 5 == 0) edges.push_back({v, VertexId((v + 11) % n), 1});
        if (v % 7 == 0) edges.push_back({v, VertexId((v + 5003) % n), 1});
        if (v % 13 == 0)
            for (VertexId k : {101, 203, 307, 401, 503, 601, 701, 809})
                edges.push_back({v, VertexId((v + k) % n), 1});
    }
    for (VertexId v = 2; v < 102; ++v) edges.push_back({0, VertexId(v * 997), 1});
    const Graph g = graph_from_edges(n, edges, false);
    const std::string base = formats::format_chaco_graph(g);
    ASSERT_GT(base.size(), 1u << 20);
    EXPECT_EQ(formats::parse_chaco_graph(base, "big.graph").adjncy, g.adjncy);
    std::string one_way = base;
    const std::size_t line_2 = one_way.find('\n', one_way.find('\n') + 1) + 1;
    // Vertex 1's first neighbour becomes 40, which does not list it (nor did 1 list 40).
    one_way.replace(line_2, one_way.find(' ', line_2) - line_2, "40");
    EXPECT_NE(large_graph_error(one_way).find("but vertex "), std::string::npos)
        << large_graph_error(one_way).substr(0, 200);
    std::mt19937 rng(9);
    auto pick = [&](std::size_t size) {
        return std::uniform_int_distribution<std::size_t>(0, size - 1)(rng);
    };
    for (int t = 0; t < 24; ++t) {
        std::string text = base;
        std::size_t at = pick(text.size());
        bool valid = false; // whether the edit keeps the graph
        switch (t % 6) {
        case 0: // a bad byte, a split line, a lost separator, an id of 0, a sign
            text[at] = "x\n 0-"[pick(5)];
            valid = text == base;
            break;
        case 1: // a neighbour listed twice (its line then has a repeat)
            at = text.find('\n', at);
            if (at != std::string::npos && at > 0) {
                const std::size_t start = text.rfind(' ', at - 1);
                if (start != std::string::npos) insert_at(text, at, text.substr(start, at - start));
            }
            break;
        case 2: // a neighbour id with a digit put in front: asymmetric or out of range
            at = text.find(' ', at);
            if (at != std::string::npos) insert_at(text, at + 1, "1");
            break;
        case 3: // a comment line
            at = text.find('\n', at);
            if (at != std::string::npos) insert_at(text, at + 1, "% note 12 13\n");
            valid = true;
            break;
        case 4: // a blank line: an extra, isolated vertex, unless it ends the file
            at = text.find('\n', at);
            if (at != std::string::npos) insert_at(text, at + 1, "\n");
            valid = at + 1 == base.size();
            break;
        case 5: // a long number (leading zeros: the same id)
            at = text.find(' ', at);
            if (at != std::string::npos) insert_at(text, at + 1, "0000000");
            valid = true;
            break;
        }
        if (text == base) continue;
        const std::string message = large_graph_error(text);
        if (valid) {
            EXPECT_EQ(message, "no error") << "edit " << t << " at " << at;
        } else {
            EXPECT_EQ(message.rfind("big.graph:", 0), 0u) << "edit " << t << " at " << at;
        }
    }
}

TEST(ChacoGraphLarge, OneThreadAndTwoReadAndRejectAlike) {
    // Two threads parse pieces of a large file; any problem sends the file to the one-thread
    // parse, so that graphs and messages are the same whatever the thread count: errors near
    // the pieces' boundary, a count only the whole file exceeds, lines beyond the header's n.
    const int threads = omp_get_max_threads();
    const Graph g = weighted_grid(48);
    const std::string base = formats::format_chaco_graph(g);
    const std::size_t middle = base.find('\n', base.size() / 2) + 1;
    const std::size_t second_line = base.find('\n') + 1;
    std::vector<std::string> texts(7, base);
    texts[1][middle] = 'x';                            // first byte of the second piece
    texts[2][middle - 2] = '-';                        // last number of the first piece
    insert_at(texts[3], middle, "\n");                 // a blank line: one vertex more
    insert_at(texts[4], middle, "1 2\n");              // a vertex line more
    texts[5].replace(0, texts[5].find(' '), "110591"); // n one less than the lines
    insert_at(texts[6], base.size() - 1, " 1 1");      // an entry beyond 2m, at the end
    texts.push_back(base + "\n\n");                    // trailing blank lines
    texts.push_back(base.substr(0, second_line) + "% c\n" + base.substr(second_line)); // comment
    for (std::size_t t = 0; t < texts.size(); ++t) {
        omp_set_num_threads(1);
        const std::string one = large_graph_error(texts[t]);
        omp_set_num_threads(2);
        EXPECT_EQ(large_graph_error(texts[t]), one) << t;
        if (t == 0 || t >= 7) {
            EXPECT_EQ(one, "no error") << t;
            EXPECT_EQ(formats::parse_chaco_graph(texts[t], "big.graph").adjwgt, g.adjwgt) << t;
        } else {
            EXPECT_EQ(one.rfind("big.graph:", 0), 0u) << t << " " << one;
        }
    }
    omp_set_num_threads(threads);
}
