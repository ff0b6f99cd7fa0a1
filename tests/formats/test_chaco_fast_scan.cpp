// The fast scan must accept only what the line-by-line reader accepts, with the same graph,
// and leave every error to it: parse_chaco_graph and parse_chaco_graph_line_by_line are
// compared on small texts with random edits (one thread) and on a large one (two chunks).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>

#include "formats/chaco_fast_scan.hpp"
#include "formats/chaco_graph.hpp"
#include "formats/chaco_graph_lines.hpp"
#include "formats/chaco_simd_scan.hpp"
#include "libpart/core/graph_builder.hpp"
#include "tests/support/test_files.hpp"

using namespace part;

namespace {

// The graph's arrays as text, or the error message. `threads`: parse_chaco_graph's.
std::string outcome(const std::string& text, bool line_by_line, unsigned threads = 0) {
    try {
        const Graph g = line_by_line ? formats::parse_chaco_graph_line_by_line(text, "t.graph")
                                     : formats::parse_chaco_graph(text, "t.graph", threads);
        std::string out = "ncon " + std::to_string(g.ncon) + "\n";
        auto list = [&](const char* name, const auto& values) {
            out += name;
            for (auto x : values) out += ' ' + std::to_string(x);
            out += '\n';
        };
        list("xadj", g.xadj);
        list("adjncy", g.adjncy);
        list("adjwgt", g.adjwgt);
        list("vwgt", g.vwgt);
        list("vsize", g.vsize);
        return out;
    } catch (const InputError& e) {
        return std::string("error: ") + e.what();
    }
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

// (Not std::string::insert, on which GCC 12 warns falsely of overlapping copies.)
void insert_at(std::string& text, std::size_t at, const std::string& what) {
    text = text.substr(0, at) + what + text.substr(at);
}

void expect_same_outcomes(const std::vector<std::string>& texts, int edits_per_text,
                          std::uint32_t seed, unsigned threads = 0) {
    std::mt19937 rng(seed);
    int accepted = 0;
    for (const std::string& base : texts) {
        ASSERT_EQ(outcome(base, false, threads), outcome(base, true)) << base;
        for (int t = 0; t < edits_per_text; ++t) {
            const std::string text = edited(base, rng);
            const std::string expected = outcome(text, true);
            ASSERT_EQ(outcome(text, false, threads), expected) << "text:\n" << text;
            accepted += expected.rfind("error: ", 0) != 0;
        }
    }
    EXPECT_GT(accepted, 0) << "some edits should leave a valid graph";
}

} // namespace

TEST(ChacoFastScan, AgreesWithLineByLineOnEditedTexts) {
    expect_same_outcomes(
        {
            "4 4\n2 3\n1 3 4\n1 2\n2\n",
            "% comment\n4 4\n2 3 \n1 3 4 \n1 2\n2",
            "5 3 011\n3 2 5 3 4\n1 3 3\n2 1 1 2 3 3 4 7\n0 1 7\n",
            "5 3 011\n3 2 5 3 4\n1 3 3\n2 1 1 2 3 3 4 7\n0 1 7\n9\n",
            "4 2 111 2\n1 2 3 2 1\n4 5 6 1 1\n7 8 9 4 2\n1 1 1 3 2\n",
            "3 2\r\n2\r\n1 3\r\n2\r\n\r\n",
            "6 2\n2\n1\n\n5\n4 \n% trailing comment\n\n\n",
            "3 1 1\n2\n1\n\n",
            "2 1 100\n5 2\n7 1\n",
            "3 1\n000000002\n0000000001\n\n",
        },
        300, 7);
}

TEST(ChacoFastScan, SmallTextsInTwoAndThreePiecesAgreeWithLineByLine) {
    // part-refine scans graphs from 128 kB on two threads; pieces of a few lines each (or
    // none: more pieces than lines) must give the same graph and leave the same errors.
    for (unsigned threads : {2u, 3u})
        expect_same_outcomes({"4 4\n2 3\n1 3 4\n1 2\n2\n",
                              "5 3 011\n3 2 5 3 4\n1 3 3\n2 1 1 2 3 3 4 7\n0 1 7\n",
                              "6 2\n2\n1\n\n5\n4 \n% trailing comment\n\n\n",
                              "3 2\r\n2\r\n1 3\r\n2\r\n\r\n", "3 1\n000000002\n0000000001\n\n"},
                             200, 11 + threads, threads);
}

TEST(ChacoFastScan, AgreesWithLineByLineOnALargeTwoChunkText) {
    // A weighted ring of 200,000 vertices: over a megabyte, so it is cut into one chunk per
    // thread.
    const VertexId n = 200000;
    std::vector<WeightedEdge> edges;
    for (VertexId v = 0; v < n; ++v) edges.push_back({v, VertexId((v + 1) % n), 1 + v % 9});
    const std::string base = formats::format_chaco_graph(graph_from_edges(n, edges, true));
    ASSERT_GT(base.size(), 1u << 20);
    ASSERT_EQ(outcome(base, false), outcome(base, true));
    std::mt19937 rng(8);
    for (int t = 0; t < 12; ++t) {
        std::string text = base;
        const std::size_t at = std::uniform_int_distribution<std::size_t>(0, text.size() - 1)(rng);
        text[at] = "x\n 0-"[t % 5];
        ASSERT_EQ(outcome(text, false), outcome(text, true)) << "byte " << at;
    }
}

// Runs `body` with the AVX2 scan on (where the CPU has it) with its sixteen-lane row register
// (where the CPU has AVX-512) and its eight-lane one, then with the portable scan.
template <typename Body> void with_and_without_simd(Body body) {
    body();
    formats::allow_avx512_rows(false);
    body();
    formats::allow_avx512_rows(true);
    formats::allow_simd_scan(false);
    body();
    formats::allow_simd_scan(true);
}

TEST(ChacoFastScan, PortableScanAgreesWithLineByLineOnEditedTexts) {
    formats::allow_simd_scan(false);
    expect_same_outcomes({"4 4\n2 3\n1 3 4\n1 2\n2\n", "6 2\n2\n1\n\n5\n4 \n% c\n\n\n",
                          "3 1\n000000002\n0000000001\n\n", "3 2\r\n2\r\n1 3\r\n2\r\n\r\n"},
                         300, 10);
    formats::allow_simd_scan(true);
}

// The scan itself (not the line-by-line reader after it) on the vertex lines of `text`.
std::optional<Graph> fast_scan(const std::string& text) {
    formats::LineReader lines(text, "t.graph");
    const formats::ChacoHeader header = formats::parse_chaco_header(lines);
    return formats::scan_chaco_vertex_lines(std::string_view(text).substr(lines.offset()), header);
}

TEST(ChacoFastScan, AcceptsIdsOfManyDigits) {
    // 11 and 15 digits with leading zeros; a 16-digit one is left to the portable scan.
    const std::string text = "3 2\n00000000002\n1 000000000000003\n0000000000000002\n";
    with_and_without_simd([&] {
        const std::optional<Graph> g = fast_scan(text);
        ASSERT_TRUE(g.has_value());
        EXPECT_EQ(g->adjncy, (std::vector<VertexId>{1, 0, 2, 1}));
    });
    EXPECT_EQ(outcome(text, false), outcome(text, true));
    // 4294967298 would be id 2 if cut to 32 bits: it is out of range.
    const std::string wraps = "3 2\n2\n1 4294967298\n2\n";
    with_and_without_simd([&] { EXPECT_FALSE(fast_scan(wraps).has_value()); });
    EXPECT_EQ(outcome(wraps, false), outcome(wraps, true));
}

TEST(ChacoFastScan, AgreesWithLineByLineOnALargePlainText) {
    // The plain format takes the AVX2 scan where the CPU has it: over a megabyte, so two
    // pieces, with rows of every kind its repeat checks treat apart (up to 4, 5 to 8, 9 to 16,
    // longer: vertex 0 lists 100 neighbours).
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
    const std::string base = formats::format_chaco_graph(graph_from_edges(n, edges, false));
    ASSERT_GT(base.size(), 1u << 20);
    ASSERT_EQ(outcome(base, false), outcome(base, true));
    // The scan itself accepts the valid text, and refuses it with one edge listed one way.
    std::string one_way = base;
    const std::size_t line_2 = one_way.find('\n', one_way.find('\n') + 1) + 1;
    // Vertex 1's first neighbour becomes 40, which does not list it (nor did 1 list 40).
    one_way.replace(line_2, one_way.find(' ', line_2) - line_2, "40");
    with_and_without_simd([&] {
        EXPECT_TRUE(fast_scan(base).has_value());
        EXPECT_FALSE(fast_scan(one_way).has_value());
    });
    EXPECT_NE(outcome(one_way, false).find("but vertex "), std::string::npos)
        << outcome(one_way, false).substr(0, 200);
    std::mt19937 rng(9);
    auto pick = [&](std::size_t size) {
        return std::uniform_int_distribution<std::size_t>(0, size - 1)(rng);
    };
    for (int t = 0; t < 24; ++t) {
        std::string text = base;
        std::size_t at = pick(text.size());
        switch (t % 6) {
        case 0: // a bad byte, a split line, a lost separator, an id of 0, a sign
            text[at] = "x\n 0-"[pick(5)];
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
        case 3: // a comment line, which the AVX2 scan leaves to the portable one
            at = text.find('\n', at);
            if (at != std::string::npos) insert_at(text, at + 1, "% note 12 13\n");
            break;
        case 4: // a blank line: an extra, isolated vertex
            at = text.find('\n', at);
            if (at != std::string::npos) insert_at(text, at + 1, "\n");
            break;
        case 5: // a long number (leading zeros: the same id)
            at = text.find(' ', at);
            if (at != std::string::npos) insert_at(text, at + 1, "0000000");
            break;
        }
        const std::string expected = outcome(text, true);
        with_and_without_simd(
            [&] { EXPECT_EQ(outcome(text, false), expected) << "edit " << t << " at " << at; });
    }
}

TEST(ChacoFastScan, AvxScanFindsEveryRepeatInRowsOfUpToFortyIds) {
    // Rows of 2 to 40 ids (both row registers' own lengths, their wrap round and the check of
    // longer rows) with one id listed again at every later place, each the first row of a
    // piece of 50 vertices whose other lines are blank: the AVX2 scan itself must refuse
    // every one and accept the row without the repeat (symmetry is its caller's check).
    if (!formats::simd_scan_available()) GTEST_SKIP() << "no AVX2 on this CPU";
    const VertexId n = 50;
    for (bool avx512 : {true, false}) {
        formats::allow_avx512_rows(avx512);
        for (int degree = 2; degree <= 40; ++degree) {
            for (int first = -1; first < degree - 1; ++first) {
                for (int again = first + 1; again < degree; ++again) {
                    std::vector<VertexId> ids;
                    for (int k = 0; k < degree; ++k) ids.push_back(VertexId(1 + k));
                    if (first >= 0) ids[std::size_t(again)] = ids[std::size_t(first)];
                    std::string text;
                    for (VertexId v : ids) text += std::to_string(v + 1) + ' ';
                    text.back() = '\n';
                    text += std::string(std::size_t(n - 1), '\n');
                    std::vector<VertexId> adjncy(ids.size());
                    std::vector<EdgeOffset> xadj(std::size_t(n) + 1);
                    const formats::PlainPiece piece{
                        text, text.data() + text.size(), std::uint64_t(n), 0,           n,
                        0,    std::int64_t(ids.size()),  adjncy.data(),    xadj.data(), 12345};
                    EXPECT_EQ(formats::simd_scan_plain_rows(piece).has_value(), first < 0)
                        << "avx512 " << avx512 << ", degree " << degree << ", id " << first
                        << " again at " << again;
                    if (first < 0) break;
                }
            }
        }
    }
    formats::allow_avx512_rows(true);
}

TEST(ChacoFastScan, AgreesWithLineByLineOnTheFuzzRegressions) {
    // Includes what the fuzzer's comparison of the two readers found: " % t" after the last
    // vertex line is not a comment (no '%' at the line start), so the file has an extra line.
    const auto folder = test::source_file("tests/fuzz/regressions");
    int compared = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (entry.path().extension() != ".graph") continue; // the other readers' inputs
        const std::string text = test::read_text(entry.path());
        EXPECT_EQ(outcome(text, false), outcome(text, true)) << entry.path();
        ++compared;
    }
    EXPECT_GT(compared, 3);
}
