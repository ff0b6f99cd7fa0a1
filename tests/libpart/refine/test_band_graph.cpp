// Band extraction: the band's vertices and its size cap.
#include <gtest/gtest.h>

#include <random>

#include "libpart/core/graph_builder.hpp"
#include "libpart/refine/band_graph.hpp"
#include "tests/support/ragged_tiles.hpp"

using namespace part;
using namespace part::refine;

namespace {

// An nx x ny grid with diagonals (a band vertex then often has several neighbours in one
// interior piece, whose edges fold into one anchor edge), with random vertex and edge weights
// when `weighted`; with `far`, also edges two steps along each axis (average degree above 8,
// where the band's layers are found with a branch per neighbour rather than without).
Graph grid_with_diagonals(int nx, int ny, bool weighted, bool far, unsigned seed) {
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
            if (far && x + 2 < nx) edges.push_back({id(x, y), id(x + 2, y), weight()});
            if (far && y + 2 < ny) edges.push_back({id(x, y), id(x, y + 2), weight()});
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

// The whole graph's band of width w >= 0 from a breadth-first search of its own: the vertices
// at most w edges from a vertex with a neighbour in another part, growing through any vertex.
std::vector<VertexId> band_by_distance(const Graph& g, const std::vector<PartId>& part, int w) {
    std::vector<int> distance(std::size_t(g.num_vertices()), -1);
    std::vector<VertexId> queue;
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        for (VertexId u : g.neighbours(v))
            if (part[u] != part[v] && distance[v] < 0) {
                distance[v] = 0;
                queue.push_back(v);
            }
    for (std::size_t head = 0; head < queue.size(); ++head)
        for (VertexId u : g.neighbours(queue[head]))
            if (distance[u] < 0) {
                distance[u] = distance[queue[head]] + 1;
                queue.push_back(u);
            }
    std::vector<VertexId> band;
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        if (distance[v] >= 0 && distance[v] <= w) band.push_back(v);
    return band;
}

} // namespace

// On graphs of low and of high average degree (the band's layers are found without and with a
// branch per neighbour), the band's vertices are those within `width` edges of a border.
TEST(BandGraph, BandVerticesAreThoseWithinTheWidthOfABorder) {
    const int nx = 48, ny = 36;
    for (const bool far : {false, true}) {
        const Graph g = grid_with_diagonals(nx, ny, false, far, 3);
        EXPECT_EQ(far, g.adjncy.size() >= 8 * std::size_t(g.num_vertices()));
        const Partition p = part::test::ragged_tiles(g, nx, ny, 2, 2, 4);
        for (const int width : {0, 1, 2, 4}) {
            const BandGraph band = extract_band(g, p.part, width);
            EXPECT_EQ(band.vertex, band_by_distance(g, p.part, width))
                << "far " << far << " width " << width;
            if (width <= 1) {
                EXPECT_LT(band.num_band_vertices(), g.num_vertices() / 2);
            }
        }
    }
}

// With a cap of whole_from vertices, the extraction builds the band only when it holds fewer:
// at the band's exact size it stops and builds nothing, one more and it builds the same band.
TEST(BandGraph, ExtractionStopsWhenTheBandWouldHoldWholeFromVertices) {
    const int nx = 40, ny = 30;
    const Graph g = grid_with_diagonals(nx, ny, true, false, 5);
    const Partition p = part::test::ragged_tiles(g, nx, ny, 2, 2, 6);
    for (const int width : {1, 3, -1}) {
        const BandGraph full = extract_band(g, p.part, width);
        const VertexId size = full.num_band_vertices();
        BandGraph band;
        EXPECT_FALSE(extract_band(g, p.part, width, band, size)) << width;
        EXPECT_EQ(band.num_band_vertices(), 0) << width; // nothing built
        EXPECT_TRUE(extract_band(g, p.part, width, band, size + 1)) << width;
        expect_same_band(band, full, "width " + std::to_string(width));
    }
}
