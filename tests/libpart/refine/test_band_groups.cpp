// The band refinement's first cycle in two groups of parts: the bisection of the parts, the
// band of one group, and the refinement.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "libpart/core/metrics.hpp"
#include "libpart/core/saturated_weight.hpp"
#include "libpart/refine/band_graph.hpp"
#include "libpart/refine/band_refinement.hpp"
#include "libpart/refine/part_groups.hpp"
#include "tests/support/grid_graph.hpp"
#include "tests/support/ragged_tiles.hpp"

using namespace part;
using namespace part::refine;
using part::test::ragged_tiles;

namespace {

// Weight of the edges between parts of different groups, and of all cut edges.
std::pair<WeightSum, WeightSum> border_between_groups(const Graph& g, const Partition& p,
                                                      const std::vector<char>& group) {
    WeightSum between = 0, all = 0;
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        for (VertexId u : g.neighbours(v))
            if (p.part[u] != p.part[v]) {
                ++all;
                between += group[p.part[u]] != group[p.part[v]];
            }
    return {between / 2, all / 2};
}

} // namespace

TEST(PartGroups, BisectionBalancesTheBordersAndCutsFewOfThem) {
    const Graph g = part::test::grid_graph(64, 64);
    for (unsigned seed = 1; seed <= 3; ++seed) {
        const Partition p = ragged_tiles(g, 64, 64, 4, 4, seed);
        const std::vector<char> group = bisect_parts(g, p.part, p.num_parts);
        ASSERT_EQ(group.size(), std::size_t(16));
        const Graph quotient = quotient_graph(g, p.part, p.num_parts);
        WeightSum border[2] = {0, 0};
        int parts[2] = {0, 0};
        for (PartId q = 0; q < 16; ++q) {
            ASSERT_TRUE(group[q] == 0 || group[q] == 1);
            ++parts[int(group[q])];
            for (EdgeOffset e = quotient.xadj[q]; e < quotient.xadj[q + 1]; ++e)
                border[int(group[q])] += quotient.adjwgt[e];
        }
        EXPECT_GE(std::min(parts[0], parts[1]), 2) << seed;
        EXPECT_LE(std::abs(double(border[0] - border[1])), 0.15 * double(border[0] + border[1]))
            << seed;
        // A 4 x 4 array of tiles splits into two halves of 2 x 4 across 4 of its 24 borders.
        const auto [between, all] = border_between_groups(g, p, group);
        EXPECT_LT(between, all / 4) << seed;
    }
}

// part_borders against quotient_graph and edge_cut: the dense table (few parts) and the
// sparse path (K x K beyond the edges), with zero-weight edges (a border all of weight 0 is
// still a quotient edge) and weights that overflow a quotient edge's Weight (clamped).
TEST(PartGroups, BordersAreTheQuotientGraphAndTheCut) {
    const Graph grid = part::test::grid_graph(40, 30);
    for (unsigned seed = 1; seed <= 4; ++seed) {
        std::mt19937 rng(seed);
        std::vector<WeightedEdge> edges;
        for (VertexId v = 0; v < grid.num_vertices(); ++v)
            for (VertexId u : grid.neighbours(v))
                if (u > v) {
                    const Weight w = seed == 4 ? Weight(kMaxWeight / 2) : Weight(rng() % 4);
                    edges.push_back({v, u, w});
                }
        const Graph g = graph_from_edges(grid.num_vertices(), edges, true);
        for (const PartId k : {PartId(6), PartId(12), PartId(200)}) {
            std::vector<PartId> part(std::size_t(g.num_vertices()));
            for (VertexId v = 0; v < g.num_vertices(); ++v)
                part[v] = PartId((v % 40 / 4 + v / 40 / 5 * 3 + rng() % 2) % k);
            const PartBorders borders = part_borders(g, part, k);
            const Graph quotient = quotient_graph(g, part, k);
            EXPECT_EQ(borders.quotient.xadj, quotient.xadj) << seed << " " << k;
            EXPECT_EQ(borders.quotient.adjncy, quotient.adjncy) << seed << " " << k;
            EXPECT_EQ(borders.quotient.adjwgt, quotient.adjwgt) << seed << " " << k;
            EXPECT_EQ(borders.cut, edge_cut(g, part)) << seed << " " << k;
            EXPECT_GT(borders.cut, 0);
            if (seed == 4) { // the clamp is exercised
                EXPECT_NE(std::count(quotient.adjwgt.begin(), quotient.adjwgt.end(), kMaxWeight),
                          0);
            }
            if (k < 200) { // the bisection of the graph metrics.hpp's quotient_graph gives
                const PartBorders from_metrics{quotient, edge_cut(g, part), {}};
                EXPECT_EQ(bisect_parts(borders), bisect_parts(from_metrics)) << seed << " " << k;
            }
        }
    }
}

TEST(BandGraph, GroupBandHoldsOnlyItsGroupAndKeepsEveryPartsWeight) {
    const Graph g = part::test::grid_graph(48, 40);
    const Partition p = ragged_tiles(g, 48, 40, 3, 2, 5);
    const std::vector<char> group = bisect_parts(g, p.part, p.num_parts);
    const std::vector<WeightSum> weights = part_weights(g, p.part, p.num_parts);
    for (char which : {0, 1}) {
        std::vector<char> in_group(group.size());
        for (std::size_t q = 0; q < group.size(); ++q) in_group[q] = group[q] == which;
        BandGraph band;
        BandScratch scratch;
        extract_group_band(g, p.part, in_group, 3, band, scratch);
        ASSERT_GT(band.num_band_vertices(), 0);
        // Band vertices, anchors and ballast: the group's parts only move, and only through
        // vertices of the group; each part weighs what it weighs in the graph.
        for (VertexId i = 0; i < band.num_band_vertices(); ++i) {
            EXPECT_TRUE(in_group[p.part[band.vertex[i]]]);
            EXPECT_EQ(band.part[i], p.part[band.vertex[i]]);
            EXPECT_FALSE(band.fixed[i]);
        }
        for (VertexId x = band.num_band_vertices(); x < band.graph.num_vertices(); ++x) {
            EXPECT_TRUE(band.fixed[x]);
            if (!in_group[band.part[x]]) {
                EXPECT_EQ(band.graph.degree(x), 0) << "another group's part has edges";
            }
        }
        EXPECT_EQ(part_weights(band.graph, band.part, p.num_parts), weights);
        // The band graph's cut is that of the borders inside the group.
        WeightSum inside = 0;
        for (VertexId v = 0; v < g.num_vertices(); ++v)
            for (VertexId u : g.neighbours(v))
                inside += p.part[u] != p.part[v] && in_group[p.part[u]] && in_group[p.part[v]];
        EXPECT_EQ(edge_cut(band.graph, band.part), inside / 2);
    }
}

// The grouped cycle gives the same partition run after run, never raises the cut, reports its
// reduction exactly and keeps every part within the tolerance.
TEST(BandRefinement, GroupedCycleIsDeterministicAndKeepsTheGuarantees) {
    const Graph g = part::test::grid_graph(72, 60);
    for (unsigned seed = 1; seed <= 3; ++seed) {
        const Partition start = ragged_tiles(g, 72, 60, 4, 2 + int(seed), seed);
        ASSERT_LE(imbalance(g, start)[0], 1.03);
        BandRefineOptions options;
        options.cycles = 2; // groups need a later cycle for the borders between them
        options.groups_from = 0;
        Partition a = start, b = start, serial = start;
        const BandRefineResult r = refine_band(g, a, options);
        refine_band(g, b, options);
        EXPECT_EQ(a.part, b.part) << seed;

        const WeightSum before = edge_cut(g, start.part), after = edge_cut(g, a.part);
        EXPECT_LT(after, before) << seed;
        EXPECT_EQ(before - after, r.cut_reduction) << seed;
        EXPECT_LE(imbalance(g, a)[0], 1.03 + 1e-9) << seed;
        EXPECT_EQ(r.cycles, 2) << seed; // the borders between the groups get their cycle

        // Without groups (the graph below groups_from) the refinement differs, but not by much.
        options.groups_from = g.num_vertices() + 1;
        refine_band(g, serial, options);
        EXPECT_LE(double(after), 1.1 * double(edge_cut(g, serial.part))) << seed;
    }
}

TEST(BandRefinement, FewerThanFourPartsStayInOneGroup) {
    const Graph g = part::test::grid_graph(72, 60);
    const Partition start = ragged_tiles(g, 72, 60, 3, 1, 4);
    BandRefineOptions grouped, serial;
    grouped.cycles = serial.cycles = 2; // groups need a later cycle
    grouped.groups_from = 0;
    serial.groups_from = g.num_vertices() + 1;
    Partition a = start, b = start;
    refine_band(g, a, grouped);
    refine_band(g, b, serial);
    EXPECT_EQ(a.part, b.part);
}

// Parts that share no border make a quotient graph without edges: the groups have no band, and
// nothing moves.
TEST(BandRefinement, GroupsOfPartsWithoutBordersLeaveThePartitionAlone) {
    const int side = 40, pieces = 4;
    std::vector<WeightedEdge> edges;
    for (int c = 0; c < pieces; ++c)
        for (int y = 0; y < side; ++y)
            for (int x = 0; x < side; ++x) {
                const auto v = VertexId(c * side * side + y * side + x);
                if (x + 1 < side) edges.push_back({v, v + 1});
                if (y + 1 < side) edges.push_back({v, VertexId(v + side)});
            }
    const Graph g = graph_from_edges(VertexId(pieces * side * side), edges);
    Partition p{pieces, std::vector<PartId>(std::size_t(g.num_vertices())), {}};
    for (VertexId v = 0; v < g.num_vertices(); ++v) p.part[v] = PartId(v / (side * side));
    const std::vector<char> group = bisect_parts(g, p.part, p.num_parts);
    EXPECT_EQ(group.size(), std::size_t(pieces));
    BandRefineOptions options;
    options.cycles = 2; // groups need a later cycle
    options.groups_from = 0;
    const Partition start = p;
    const BandRefineResult r = refine_band(g, p, options);
    EXPECT_EQ(p.part, start.part);
    EXPECT_EQ(r.cut_reduction, 0);
    EXPECT_EQ(r.band_vertices, 0);
}
