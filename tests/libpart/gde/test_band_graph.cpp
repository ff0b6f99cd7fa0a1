// Band extraction with its rows built in two halves (on two threads where a second core is
// free) against the same extraction in one piece.
#include <gtest/gtest.h>

#include <limits>
#include <random>

#include "libpart/core/graph_builder.hpp"
#include "libpart/gde/band_graph.hpp"
#include "tests/support/ragged_tiles.hpp"

using namespace part;
using namespace part::gde;

namespace {

constexpr EdgeOffset kNeverSplit = std::numeric_limits<EdgeOffset>::max();

// An nx x ny grid with diagonals (a band vertex then often has several neighbours in one
// interior piece, whose edges fold into one anchor edge), with random vertex and edge weights
// when `weighted`.
Graph grid_with_diagonals(int nx, int ny, bool weighted, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<WeightedEdge> edges;
    auto id = [&](int x, int y) { return VertexId(x + nx * y); };
    auto weight = [&] { return weighted ? Weight(1 + rng() % 5) : Weight(1); };
    for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x) {
            if (x + 1 < nx) edges.push_back({id(x, y), id(x + 1, y), weight()});
            if (y + 1 < ny) edges.push_back({id(x, y), id(x, y + 1), weight()});
            if (x + 1 < nx && y + 1 < ny) edges.push_back({id(x, y), id(x + 1, y + 1), weight()});
            if (x > 0 && y + 1 < ny) edges.push_back({id(x, y), id(x - 1, y + 1), weight()});
        }
    Graph g = graph_from_edges(VertexId(nx * ny), edges, weighted);
    if (weighted) {
        g.ncon = 1;
        for (VertexId v = 0; v < g.num_vertices(); ++v) g.vwgt.push_back(Weight(1 + rng() % 3));
    }
    return g;
}

void expect_same_band(const BandGraph& a, const BandGraph& b, const std::string& what) {
    EXPECT_EQ(a.vertex, b.vertex) << what;
    EXPECT_EQ(a.part, b.part) << what;
    EXPECT_EQ(a.fixed, b.fixed) << what;
    EXPECT_EQ(a.graph.xadj, b.graph.xadj) << what;
    EXPECT_EQ(a.graph.adjncy, b.graph.adjncy) << what;
    EXPECT_EQ(a.graph.adjwgt, b.graph.adjwgt) << what;
    EXPECT_EQ(a.graph.vwgt, b.graph.vwgt) << what;
}

} // namespace

// Whole-graph and group bands of several widths, with and without weights and boundary
// marks: the rows built in two halves (split_rows_from 0) are those built in one. One scratch
// serves both builds, as the band refinement's cycles reuse theirs.
TEST(BandGraph, RowsInTwoHalvesAreTheRowsInOne) {
    const int nx = 48, ny = 36;
    int folded = 0; // bands whose anchor edges fold several graph edges
    for (const bool weighted : {false, true}) {
        const Graph g = grid_with_diagonals(nx, ny, weighted, 5);
        const Partition p = part::test::ragged_tiles(g, nx, ny, 3, 2, weighted ? 2 : 1);
        std::vector<char> marks(std::size_t(g.num_vertices()));
        for (VertexId v = 0; v < g.num_vertices(); ++v)
            for (VertexId u : g.neighbours(v)) marks[v] |= p.part[u] != p.part[v];
        const std::vector<char> in_group{1, 0, 1, 1, 0, 1};
        BandScratch scratch;
        for (const int width : {0, 1, 3, -1}) {
            const std::string what =
                "weighted " + std::to_string(weighted) + " width " + std::to_string(width);
            BandGraph one, two;
            extract_band(g, p.part, width, one, scratch, &marks, kNeverSplit);
            extract_band(g, p.part, width, two, scratch, &marks, 0);
            expect_same_band(one, two, what);
            const VertexId b = one.num_band_vertices();
            EdgeOffset degrees = 0;
            for (VertexId v : one.vertex) degrees += g.degree(v);
            if (one.graph.num_vertices() > b && one.graph.xadj[b] < degrees) ++folded;

            extract_group_band(g, p.part, in_group, width, one, scratch, nullptr, kNeverSplit);
            extract_group_band(g, p.part, in_group, width, two, scratch, nullptr, 0);
            expect_same_band(one, two, what + " group");
            EXPECT_GT(one.num_band_vertices(), 1) << what;
        }
    }
    EXPECT_GE(folded, 4);
}
