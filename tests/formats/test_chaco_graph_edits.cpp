// The reader on texts with random edits: each must give a valid graph that the writer writes
// back as it was read, or an InputError naming this file and a line of it. Also the edge cases
// the scanners that once stood beside the reader met (long ids, a "comment" not at a line's
// start), kept with the messages they give.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "formats/chaco_graph.hpp"
#include "libpart/core/graph_builder.hpp"

using namespace part;

namespace {

// Lines of `text` as the reader counts them (a last line without its '\n' counts too).
std::int64_t lines_of(const std::string& text) {
    return std::int64_t(std::count(text.begin(), text.end(), '\n')) +
           (!text.empty() && text.back() != '\n');
}

// Empty when `text` is read as a valid graph or rejected naming a line of it; otherwise what
// went wrong.
std::string read_or_named_error(const std::string& text) {
    try {
        const Graph g = formats::parse_chaco_graph(text, "t.graph");
        validate(g);
        const Graph back = formats::parse_chaco_graph(formats::format_chaco_graph(g), "t.graph");
        if (back.xadj != g.xadj || back.adjncy != g.adjncy || back.adjwgt != g.adjwgt ||
            back.vwgt != g.vwgt || back.vsize != g.vsize || back.ncon != g.ncon)
            return "the graph read does not survive writing and reading again";
        return "";
    } catch (const InputError& e) {
        if (e.file() != "t.graph") return std::string("error names another file: ") + e.what();
        if (e.line() < 0 || e.line() > lines_of(text))
            return std::string("error names a line beyond the text: ") + e.what();
        return "";
    }
}

// The error message, or "no error".
std::string error_of(const std::string& text) {
    try {
        formats::parse_chaco_graph(text, "t.graph");
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

// Replaces, deletes, inserts or repeats bytes at random places.
std::string edited(std::string text, std::mt19937& rng) {
    static const std::string bytes = "0123456789 \n\t\r\v-+x%.";
    auto pick = [&](std::size_t n) {
        return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
    };
    const int edits = 1 + int(pick(3));
    for (int i = 0; i < edits && !text.empty(); ++i) {
        const std::size_t at = pick(text.size());
        switch (pick(5)) {
        case 0:
            text[at] = bytes[pick(bytes.size())];
            break;
        case 1:
            text.erase(at, 1);
            break;
        case 2:
            text.insert(at, 1, bytes[pick(bytes.size())]);
            break;
        case 3: // a long number: 8, 9, 10 or 19 digits
            text.insert(at, std::string(std::size_t(std::vector<int>{8, 9, 10, 19}[pick(4)]), '9'));
            break;
        case 4:
            text.insert(at, text.substr(at, pick(12)));
            break;
        }
    }
    return text;
}

} // namespace

TEST(ChacoGraphEdits, EditedTextsAreReadOrRejectedAtALine) {
    const std::vector<std::string> texts{
        "4 4\n2 3\n1 3 4\n1 2\n2\n",
        "% comment\n4 4\n2 3 \n1 3 4 \n1 2\n2",
        "5 3 011\n3 2 5 3 4\n1 3 3\n2 1 1 2 3 3 4 7\n0 1 7\n",
        "4 2 111 2\n1 2 3 2 1\n4 5 6 1 1\n7 8 9 4 2\n1 1 1 3 2\n",
        "3 2\r\n2\r\n1 3\r\n2\r\n\r\n",
        "6 2\n2\n1\n\n5\n4 \n% trailing comment\n\n\n",
        "2 1 100\n5 2\n7 1\n",
        "3 1\n000000002\n0000000001\n\n",
    };
    std::mt19937 rng(7);
    int accepted = 0;
    for (const std::string& base : texts) {
        ASSERT_EQ(read_or_named_error(base), "") << base;
        for (int t = 0; t < 300; ++t) {
            const std::string text = edited(base, rng);
            ASSERT_EQ(read_or_named_error(text), "") << "text:\n" << text;
            accepted += error_of(text) == "no error";
        }
    }
    EXPECT_GT(accepted, 0) << "some edits should leave a valid graph";
}

TEST(ChacoGraphEdits, TextsThatLookAlmostValidNameTheirLine) {
    const std::vector<std::pair<std::string, std::string>> cases{
        {"4 4\n2 3\n1 3 4\n1 2\n2\n9\n", "t.graph:6: more vertex lines than the header's n = 4"},
        // Vertex weights and edge weights: vertex 3 lists a neighbour without its weight.
        {"5 3 011\n3 2 5 3 4\n1 3 3\n2 1 1 2 3 3 4 7\n0 1 7\n",
         "t.graph:4: expected (neighbour, edge weight) pairs"},
        // Edge weights, but a neighbour without one.
        {"3 1 1\n2\n1\n\n", "t.graph:2: expected (neighbour, edge weight) pairs"},
        // " % t" is not a comment (no '%' at the line's start): an extra vertex line.
        {"2 1\n2\n1\n % t\n", "t.graph:4: more vertex lines than the header's n = 2"},
        // 4294967298 would be id 2 if cut to 32 bits.
        {"3 2\n2\n1 4294967298\n2\n",
         "t.graph:3: neighbour id 4294967298 is out of range: expected 1..3"},
        {"3 2\n2\n1 99999999999999999999\n2\n",
         "t.graph:3: expected a neighbour id (an integer), found '99999999999999999999'"},
        {"3 2\n2\n1 +3\n2\n", "t.graph:3: expected a neighbour id (an integer), found '+3'"},
    };
    for (const auto& [text, message] : cases)
        EXPECT_EQ(error_of(text).rfind(message, 0), 0u) << text << " -> " << error_of(text);
}

TEST(ChacoGraphEdits, AcceptsIdsOfManyDigits) {
    // 11, 15 and 16 digits with leading zeros.
    const Graph g = formats::parse_chaco_graph(
        "3 2\n00000000002\n1 000000000000003\n0000000000000002\n", "t.graph");
    EXPECT_EQ(g.adjncy, (std::vector<VertexId>{1, 0, 2, 1}));
}
