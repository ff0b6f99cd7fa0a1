// The polish with a carried boundary (PolishCarry): what the band refinement hands from one
// level's polish to the next finer level's must give the moves the polish finds on its own.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "libpart/core/metrics.hpp"
#include "libpart/refine/band_graph.hpp"
#include "libpart/refine/band_refinement.hpp"
#include "libpart/refine/boundary_polish.hpp"
#include "tests/support/grid_graph.hpp"
#include "tests/support/ragged_tiles.hpp"

using namespace part;
using namespace part::refine;

namespace {

// An nx x ny grid with a random diagonal in a third of its cells, edge weights in
// 1..max_edge and, with `vertex_weights`, vertex weights in 1..3.
Graph random_mesh(int nx, int ny, Weight max_edge, bool vertex_weights, unsigned seed) {
    const Graph grid = part::test::grid_graph(nx, ny);
    std::mt19937 rng(seed);
    std::vector<WeightedEdge> edges;
    for (VertexId v = 0; v < grid.num_vertices(); ++v)
        for (VertexId u : grid.neighbours(v))
            if (u > v) edges.push_back({v, u, Weight(1 + rng() % std::uint32_t(max_edge))});
    for (int y = 0; y + 1 < ny; ++y)
        for (int x = 0; x + 1 < nx; ++x)
            if (rng() % 3 == 0)
                edges.push_back({VertexId(y * nx + x), VertexId((y + 1) * nx + x + 1),
                                 Weight(1 + rng() % std::uint32_t(max_edge))});
    Graph g = graph_from_edges(grid.num_vertices(), edges, true);
    if (vertex_weights) {
        g.ncon = 1;
        g.vwgt.resize(std::size_t(g.num_vertices()));
        for (Weight& w : g.vwgt) w = Weight(1 + rng() % 3);
    }
    return g;
}

bool on_boundary(const Graph& g, const std::vector<PartId>& part, VertexId v) {
    for (VertexId u : g.neighbours(v))
        if (part[u] != part[v]) return true;
    return false;
}

// Each part's weight (constraint 0).
std::vector<WeightSum> part_weights(const Graph& g, const Partition& p) {
    std::vector<WeightSum> weight(std::size_t(p.num_parts), 0);
    for (VertexId v = 0; v < g.num_vertices(); ++v) weight[p.part[v]] += g.vertex_weight(v);
    return weight;
}

} // namespace

// Carried candidates: the free boundary plus random others (interior, fixed, all vertices;
// marks past the last vertex, or missing), with or without the part weights, on exact and shared
// gain buckets, with fixed vertices and with migration: the same partition and result as the plain
// polish. After the polish the carry lists every free boundary vertex of the result and the parts'
// weights.
TEST(GdePolishCarry, CarriedBoundaryGivesThePlainPolish) {
    const int nx = 30, ny = 24;
    int polishes_that_moved = 0;
    for (unsigned seed = 1; seed <= 8; ++seed)
        for (const Weight max_edge : {Weight(1), Weight(50), Weight(100000)}) {
            const Graph g = random_mesh(nx, ny, max_edge, seed % 2 == 0, seed);
            const Partition start = part::test::ragged_tiles(g, nx, ny, 2 + int(seed % 5), 1, seed);
            std::mt19937 rng(seed + 100);
            std::vector<char> fixed(std::size_t(g.num_vertices()), 0);
            for (char& f : fixed) f = rng() % 10 == 0;
            std::vector<PartId> origin = start.part;
            for (int extra : {0, 1, 2}) // 0: the boundary only; 1: and random others; 2: all
                for (int variant = 0; variant < 3; ++variant) {
                    // 0: plain; 1: fixed vertices; 2: migration counted
                    PolishOptions options;
                    if (variant == 1) options.fixed = &fixed;
                    if (variant == 2) {
                        options.origin = &origin;
                        options.migration_weight = 1;
                    }
                    PolishCarry carry;
                    for (VertexId v = 0; v < g.num_vertices(); ++v)
                        carry.candidate.push_back(on_boundary(g, start.part, v) || extra == 2 ||
                                                  (extra == 1 && rng() % 4 == 0));
                    if (extra == 1) carry.candidate.resize(carry.candidate.size() + 7, 0);
                    if (extra == 2) carry.candidate.resize(carry.candidate.size() / 2); // rest: set
                    if (extra == 1) carry.part_weights = part_weights(g, start);
                    Partition plain = start, carried = start;
                    const PolishResult a = polish_boundary(g, plain, 0.03, options);
                    const PolishResult b = polish_boundary(g, carried, 0.03, options, carry);
                    SCOPED_TRACE(testing::Message()
                                 << "seed " << seed << " edges up to " << max_edge << " extra "
                                 << extra << " variant " << variant);
                    ASSERT_EQ(carried.part, plain.part);
                    EXPECT_EQ(b.moves, a.moves);
                    EXPECT_EQ(b.cut_reduction, a.cut_reduction);
                    EXPECT_EQ(b.passes, a.passes);
                    polishes_that_moved += a.moves > 0;
                    ASSERT_GE(carry.candidate.size(), std::size_t(g.num_vertices()));
                    for (VertexId v = 0; v < g.num_vertices(); ++v)
                        if (!(options.fixed && fixed[v]) && on_boundary(g, carried.part, v)) {
                            EXPECT_TRUE(carry.candidate[v]) << "vertex " << v;
                        }
                    EXPECT_EQ(carry.part_weights, part_weights(g, carried));
                }
        }
    EXPECT_GT(polishes_that_moved, 100); // the comparisons are of polishes that did something
}

// The band refinement with each level's boundary carried down from the level above and the
// band extractions reading boundary marks, against each polish and extraction finding its
// own: the same partitions and results. A carried boundary that missed a vertex would leave it
// out of the first pass's queue, or a band without its layers, and change the moves.
TEST(GdePolishCarry, BandRefinementWithCarriedBoundariesMovesAsWithout) {
    const int nx = 48, ny = 40;
    for (unsigned seed = 1; seed <= 8; ++seed) {
        const Graph g = random_mesh(nx, ny, seed % 3 == 0 ? 1 : 20, seed % 2 == 0, seed);
        const Partition start = part::test::ragged_tiles(g, nx, ny, 2 + int(seed % 7), 1, seed);
        for (int width : {2, 8, -1}) {
            BandRefineOptions options;
            options.width = width;
            options.coarsest = 8;                           // many levels
            options.groups_from = seed % 2 == 0 ? 0 : 5000; // grouped first cycle or not
            options.min_cycle_gain = 0;
            options.cycles = 3;
            BandRefineOptions fresh = options;
            fresh.carry_boundary = false;
            Partition a = start, b = start;
            const BandRefineResult ra = refine_band(g, a, options);
            const BandRefineResult rb = refine_band(g, b, fresh);
            ASSERT_EQ(a.part, b.part) << seed << " " << width;
            EXPECT_EQ(ra.cut_reduction, rb.cut_reduction);
            EXPECT_EQ(ra.levels, rb.levels);
            EXPECT_EQ(ra.polish.moves, rb.polish.moves);
            EXPECT_EQ(ra.polish.passes, rb.polish.passes);
            EXPECT_GT(ra.levels, 3 * ra.cycles) << seed << " " << width; // carried through levels
            EXPECT_GT(ra.polish.moves, 0) << seed << " " << width;
        }
    }
}

// Band extraction with boundary marks (the boundary and random others) gives the band it gives
// without them, for the whole graph and for a group of parts.
TEST(GdePolishCarry, BandFromBoundaryMarksIsTheBand) {
    const int nx = 40, ny = 30;
    for (unsigned seed = 1; seed <= 4; ++seed) {
        const Graph g = random_mesh(nx, ny, 5, false, seed);
        const Partition p = part::test::ragged_tiles(g, nx, ny, 5, 1, seed);
        std::mt19937 rng(seed);
        std::vector<char> marks(std::size_t(g.num_vertices()));
        for (VertexId v = 0; v < g.num_vertices(); ++v)
            marks[v] = on_boundary(g, p.part, v) || rng() % 5 == 0;
        const std::vector<char> in_group{1, 0, 1, 1, 0};
        for (int width : {0, 2, 5}) {
            BandGraph plain, marked;
            BandScratch scratch;
            extract_band(g, p.part, width, plain, scratch);
            extract_band(g, p.part, width, marked, scratch, &marks);
            EXPECT_EQ(marked.vertex, plain.vertex) << seed << " " << width;
            EXPECT_EQ(marked.graph.adjncy, plain.graph.adjncy) << seed << " " << width;
            EXPECT_EQ(marked.graph.adjwgt, plain.graph.adjwgt) << seed << " " << width;
            extract_group_band(g, p.part, in_group, width, plain, scratch);
            extract_group_band(g, p.part, in_group, width, marked, scratch, &marks);
            EXPECT_EQ(marked.vertex, plain.vertex) << seed << " " << width;
            EXPECT_EQ(marked.graph.xadj, plain.graph.xadj) << seed << " " << width;
            EXPECT_EQ(marked.graph.adjncy, plain.graph.adjncy) << seed << " " << width;
            EXPECT_GT(plain.num_band_vertices(), 0);
        }
    }
}
