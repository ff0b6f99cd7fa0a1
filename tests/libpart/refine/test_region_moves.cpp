// Region moves of the refinement: fragment absorption, the band graph, coarsening inside
// parts and the multilevel band refinement.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

#include "libpart/core/graph_builder.hpp"
#include "libpart/core/metrics.hpp"
#include "libpart/refine/band_graph.hpp"
#include "libpart/refine/band_refinement.hpp"
#include "libpart/refine/fragment_absorption.hpp"
#include "libpart/refine/part_coarsening.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;
using namespace part::refine;

namespace {

constexpr int kSide = 12;
VertexId vertex_at(int row, int col) {
    return VertexId(row * kSide + col);
}

// A 12 x 12 grid in three vertical strips (parts 0, 1, 2 of four columns each), with
// fragments: a 2 x 2 block of part 0 inside part 1 (6 edges to part 1, 2 to part 2); a
// single part-2 vertex inside part 0; a part-2 pair in part 1's first column (2 edges to
// part 0, 4 to part 1).
Partition strips_with_fragments() {
    Partition p{3, std::vector<PartId>(kSide * kSide), {}};
    for (int r = 0; r < kSide; ++r)
        for (int c = 0; c < kSide; ++c) p.part[vertex_at(r, c)] = c / 4;
    for (int r : {5, 6})
        for (int c : {6, 7}) p.part[vertex_at(r, c)] = 0; // inside part 1, not touching part 0
    p.part[vertex_at(2, 1)] = 2;                          // inside part 0
    p.part[vertex_at(9, 4)] = p.part[vertex_at(10, 4)] =
        2; // in part 1's first column: 2 edges to part 0
    return p;
}

std::vector<WeightSum> weights0(const Graph& g, const Partition& p) {
    std::vector<WeightSum> w = part_weights(g, p.part, p.num_parts);
    std::vector<WeightSum> first;
    for (PartId q = 0; q < p.num_parts; ++q)
        first.push_back(w[std::size_t(q) * g.num_constraints()]);
    return first;
}

// A balanced start with ragged, random borders: vertices sorted by a random direction plus
// noise, cut into k runs of equal weight (so parts may also be disconnected).
Partition random_start(const Graph& g, PartId k, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const double angle = 6.283185307 * unit(rng), noise = 1 + 6 * unit(rng);
    std::vector<double> key(std::size_t(g.num_vertices()));
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        key[v] = std::cos(angle) * g.coords.at(v, 0) + std::sin(angle) * g.coords.at(v, 1) +
                 noise * unit(rng);
    std::vector<VertexId> order(std::size_t(g.num_vertices()));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](VertexId a, VertexId b) { return key[a] < key[b]; });
    const double total = double(g.total_vertex_weight()[0]);
    Partition p{k, std::vector<PartId>(std::size_t(g.num_vertices())), {}};
    double before = 0;
    for (VertexId v : order) {
        const double w = g.vertex_weight(v);
        p.part[v] = std::min<PartId>(k - 1, PartId((before + w / 2) * k / total));
        before += w;
    }
    return p;
}

Graph random_weighted_grid(int nx, int ny, unsigned seed) {
    Graph g = part::test::grid_graph(nx, ny);
    std::mt19937 rng(seed);
    g.ncon = 1;
    for (VertexId v = 0; v < g.num_vertices(); ++v) g.vwgt.push_back(Weight(1 + rng() % 3));
    return g;
}

} // namespace

TEST(FragmentAbsorption, LeavesEveryPartConnectedAndKeepsTheWeight) {
    const Graph g = part::test::grid_graph(kSide, kSide);
    Partition p = strips_with_fragments();
    const Partition start = p;
    ASSERT_EQ(components_per_part(g, p.part, 3), (std::vector<VertexId>{2, 1, 3}));
    const WeightSum cut_before = edge_cut(g, p.part);
    const auto total_before = g.total_vertex_weight()[0];

    const FragmentResult r = absorb_fragments(g, p);
    EXPECT_EQ(components_per_part(g, p.part, 3), (std::vector<VertexId>{1, 1, 1}));
    EXPECT_EQ(r.fragments_moved, 3);
    EXPECT_EQ(r.vertices_moved, 4 + 1 + 2);
    EXPECT_EQ(r.fragments_left, 0);
    EXPECT_EQ(cut_before - edge_cut(g, p.part), r.cut_reduction);
    const auto w = weights0(g, p);
    EXPECT_EQ(std::accumulate(w.begin(), w.end(), WeightSum(0)), total_before);
    // Each fragment went to the part it shares most edges with.
    EXPECT_EQ(p.part[vertex_at(5, 6)], 1);
    EXPECT_EQ(p.part[vertex_at(2, 1)], 0);
    EXPECT_EQ(p.part[vertex_at(9, 4)], 1);
    // Nothing else moved.
    VertexId changed = 0;
    for (VertexId v = 0; v < g.num_vertices(); ++v) changed += p.part[v] != start.part[v];
    EXPECT_EQ(changed, r.vertices_moved);
}

TEST(FragmentAbsorption, RespectsLimitsAndLeavesGraphComponents) {
    const Graph g = part::test::grid_graph(kSide, kSide);
    Partition p = strips_with_fragments();
    std::vector<WeightSum> limits = weights0(g, p);
    limits[0] += 1; // room for the single vertex
    limits[1] += 3; // room for the 2-vertex fragment, then not for the 4-vertex block
    const FragmentResult r = absorb_fragments(g, p, &limits);
    EXPECT_EQ(p.part[vertex_at(5, 6)], 0); // the block stays: part 1 has no room
    EXPECT_EQ(p.part[vertex_at(9, 4)], 1);
    EXPECT_EQ(r.fragments_left, 1);
    const auto w = weights0(g, p);
    for (PartId q = 0; q < 3; ++q) EXPECT_LE(w[q], limits[q]);

    const Graph two = graph_from_edges(4, {{0, 1}, {2, 3}});
    Partition split{2, {0, 1, 0, 0}, {}};
    const FragmentResult isolated = absorb_fragments(two, split);
    EXPECT_EQ(isolated.fragments_moved, 1); // vertex 0 joins part 1, its only neighbour
    EXPECT_EQ(split.part, (std::vector<PartId>{1, 1, 0, 0}));
    // An isolated vertex is a fragment no neighbour can take.
    const Graph lone = graph_from_edges(3, {{0, 1}});
    Partition with_lone{2, {0, 1, 0}, {}};
    const FragmentResult left = absorb_fragments(lone, with_lone);
    EXPECT_EQ(left.fragments_moved, 0);
    EXPECT_EQ(left.fragments_left, 1);
    EXPECT_EQ(with_lone.part, (std::vector<PartId>{0, 1, 0}));
}

// --contig for any method: parts end connected, however ragged the start; balanced within
// the tolerance when the room allows it (small fragments, as geometric methods leave).
TEST(ConnectParts, ConnectsEveryPartAndKeepsTheBalanceWhenThereIsRoom) {
    const Graph g = random_weighted_grid(30, 20, 7);
    for (unsigned seed = 1; seed <= 6; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        Partition p = random_start(g, 8, seed);
        const std::vector<VertexId> before = components_per_part(g, p.part, 8);
        ASSERT_GT(std::accumulate(before.begin(), before.end(), VertexId(0)), 8);
        connect_parts(g, p, 0.03);
        EXPECT_EQ(components_per_part(g, p.part, 8), std::vector<VertexId>(8, 1));
    }
    const Graph grid = part::test::grid_graph(kSide, kSide);
    Partition strips = strips_with_fragments();
    ASSERT_GT(imbalance(grid, strips)[0], 1.0);
    connect_parts(grid, strips, 0.1);
    EXPECT_EQ(components_per_part(grid, strips.part, 3), (std::vector<VertexId>{1, 1, 1}));
    EXPECT_LE(imbalance(grid, strips)[0], 1.1 + 1e-9);
    // Without room, the fragments still join a neighbour: connectivity first.
    Partition tight = strips_with_fragments();
    connect_parts(grid, tight, 0.0);
    EXPECT_EQ(components_per_part(grid, tight.part, 3), (std::vector<VertexId>{1, 1, 1}));
}

TEST(BandGraph, KeepsCutAndWeightsAndFixesTheAnchors) {
    const Graph g = random_weighted_grid(30, 20, 7);
    const Partition p = random_start(g, 5, 3);
    for (int width : {0, 2, 5, -1}) {
        const BandGraph band = extract_band(g, p.part, width);
        validate(band.graph);
        const VertexId b = band.num_band_vertices();
        EXPECT_EQ(edge_cut(band.graph, band.part), edge_cut(g, p.part)) << width;
        EXPECT_EQ(weights0(band.graph, Partition{5, band.part, {}}), weights0(g, p)) << width;
        for (VertexId i = 0; i < band.graph.num_vertices(); ++i) EXPECT_EQ(band.fixed[i], i >= b);
        for (VertexId i = 0; i < b; ++i) EXPECT_EQ(band.part[i], p.part[band.vertex[i]]);
        if (width < 0) {
            EXPECT_EQ(b, g.num_vertices());
        }
    }
    EXPECT_LT(extract_band(g, p.part, 1).num_band_vertices(),
              extract_band(g, p.part, 3).num_band_vertices());
}

void expect_equal_graphs(const Graph& a, const Graph& b) {
    EXPECT_EQ(a.xadj, b.xadj);
    EXPECT_EQ(a.adjncy, b.adjncy);
    EXPECT_EQ(a.adjwgt, b.adjwgt);
    EXPECT_EQ(a.vwgt, b.vwgt);
}

// The band refinement keeps one scratch for every level of every hierarchy, which the
// coarsening leaves as it needs to find it (leader all -1) and otherwise only writes before it
// reads: whatever graphs came before, a level must be what a fresh coarsening gives. Here
// levels of two depths over bands of growing and shrinking sizes, with and without edge
// weights, anchors and caps on weight and members.
TEST(PartCoarsening, OneScratchForEveryLevelGivesTheFreshResult) {
    CoarseningScratch scratch;
    std::vector<CoarseLevel> levels(2);
    const int sides[] = {40, 12, 55, 20, 8, 55};
    for (int round = 0; round < 6; ++round) {
        const int side = sides[round];
        Graph g = round % 2 == 0 ? random_weighted_grid(side, side * 3 / 4, unsigned(round))
                                 : part::test::grid_graph(side, side);
        const Partition p = random_start(g, 2 + round, unsigned(7 * round + 1));
        const BandGraph band = extract_band(g, p.part, 1 + round % 3);
        const ClusterLimits limits{3 + 5 * (round % 3), 2 + round % 3};
        const Graph* graph = &band.graph;
        const std::vector<PartId>* part = &band.part;
        const std::vector<char>* fixed = &band.fixed;
        for (std::size_t l = 0; l < levels.size(); ++l) {
            const unsigned seed = unsigned(round * 10 + int(l));
            coarsen_within_parts(*graph, *part, *fixed, limits, seed, levels[l], scratch);
            const CoarseLevel fresh = coarsen_within_parts(*graph, *part, *fixed, limits, seed);
            EXPECT_EQ(levels[l].coarse_of, fresh.coarse_of) << round << " " << l;
            EXPECT_EQ(levels[l].part, fresh.part) << round << " " << l;
            EXPECT_EQ(levels[l].fixed, fresh.fixed) << round << " " << l;
            expect_equal_graphs(levels[l].graph, fresh.graph);
            validate(levels[l].graph);
            EXPECT_LT(levels[l].graph.num_vertices(), graph->num_vertices()) << round << " " << l;
            EXPECT_EQ(edge_cut(levels[l].graph, levels[l].part), edge_cut(*graph, *part));
            graph = &levels[l].graph;
            part = &levels[l].part;
            fixed = &levels[l].fixed;
        }
    }
}

// A star (every vertex joins the centre's cluster, as far as the limits allow) and a graph
// without vertices.
TEST(PartCoarsening, AStarAndAnEmptyGraph) {
    const Graph g = graph_from_edges(7, {{0, 6}, {1, 6}, {2, 6}, {3, 6}, {4, 6}, {5, 6}});
    const std::vector<PartId> part(7, 0);
    const std::vector<char> fixed(7, 0);
    for (unsigned seed = 0; seed < 4; ++seed) {
        const CoarseLevel level = coarsen_within_parts(g, part, fixed, {3, 3}, seed);
        EXPECT_LT(level.graph.num_vertices(), 7);
        validate(level.graph);
    }
    CoarseLevel empty;
    CoarseningScratch scratch;
    coarsen_within_parts(Graph{}, {}, {}, {3, 3}, 1, empty, scratch);
    EXPECT_EQ(empty.graph.num_vertices(), 0);
}

TEST(PartCoarsening, MatchesOnlyInsidePartsAndKeepsCutAndWeights) {
    const Graph g = random_weighted_grid(30, 20, 8);
    const Partition p = random_start(g, 4, 5);
    const BandGraph band = extract_band(g, p.part, 3);
    const CoarseLevel c = coarsen_within_parts(band.graph, band.part, band.fixed, {4, 2}, 1);
    validate(c.graph);
    EXPECT_LT(c.graph.num_vertices(), band.graph.num_vertices() * 3 / 4);
    for (VertexId v = 0; v < band.graph.num_vertices(); ++v) {
        EXPECT_EQ(c.part[c.coarse_of[v]], band.part[v]);
        if (band.fixed[v]) {
            EXPECT_TRUE(c.fixed[c.coarse_of[v]]);
        }
    }
    for (VertexId cv = 0; cv < c.graph.num_vertices(); ++cv) // anchors are not pairs
        if (!c.fixed[cv]) {
            EXPECT_LE(c.graph.vertex_weight(cv), 4);
        }
    EXPECT_EQ(edge_cut(c.graph, c.part), edge_cut(band.graph, band.part));
    EXPECT_EQ(weights0(c.graph, Partition{4, c.part, {}}),
              weights0(band.graph, Partition{4, band.part, {}}));
}

// The fine vertices of each coarse vertex.
std::vector<std::vector<VertexId>> members_of(const CoarseLevel& c) {
    std::vector<std::vector<VertexId>> members(std::size_t(c.graph.num_vertices()));
    for (VertexId v = 0; v < VertexId(c.coarse_of.size()); ++v)
        members[std::size_t(c.coarse_of[v])].push_back(v);
    return members;
}

TEST(PartCoarsening, ClustersStayWithinTheirCapsAndInsideOnePart) {
    const Graph g = random_weighted_grid(40, 30, 3);
    const Partition p = random_start(g, 5, 11);
    const BandGraph band = extract_band(g, p.part, 4);
    const Graph& b = band.graph;
    for (int members : {2, 3, 4, 6})
        for (WeightSum cap : {3, 8, 40}) {
            const ClusterLimits limits{cap, members};
            const CoarseLevel c = coarsen_within_parts(b, band.part, band.fixed, limits, 5);
            validate(c.graph);
            const auto clusters = members_of(c);
            std::size_t largest = 0;
            for (VertexId cv = 0; cv < c.graph.num_vertices(); ++cv) {
                const std::vector<VertexId>& m = clusters[std::size_t(cv)];
                ASSERT_FALSE(m.empty());
                WeightSum weight = 0;
                for (VertexId v : m) {
                    EXPECT_EQ(band.part[v], c.part[cv]) << members << " " << cap;
                    weight += b.vertex_weight(v);
                }
                EXPECT_EQ(c.graph.vertex_weight(cv), weight);
                if (c.fixed[cv]) { // anchors stay alone
                    EXPECT_EQ(m.size(), 1u);
                    continue;
                }
                for (VertexId v : m) EXPECT_FALSE(band.fixed[v]);
                EXPECT_LE(m.size(), std::size_t(members)) << cap;
                if (m.size() > 1) {
                    EXPECT_LE(weight, cap) << members;
                }
                largest = std::max(largest, m.size());
            }
            if (cap == 40) { // room to fill clusters up to the member cap
                EXPECT_EQ(largest, std::size_t(members));
            }
            EXPECT_EQ(edge_cut(c.graph, c.part), edge_cut(b, band.part));
            EXPECT_LE(b.num_vertices() - c.graph.num_vertices(),
                      most_clustered_away(b, band.fixed, limits));
        }
}

// The bound counts the vertices that are not fixed and weigh at most half the cap, whether
// the graph has no vertex weights, one constraint or several (constraint 0 counts).
TEST(PartCoarsening, MostClusteredAwayCountsTheLightFreeVertices) {
    Graph unweighted = part::test::grid_graph(9, 7);
    Graph one = random_weighted_grid(9, 7, 3);
    Graph two = random_weighted_grid(9, 7, 4);
    two.ncon = 2;
    two.vwgt.clear();
    for (VertexId v = 0; v < two.num_vertices(); ++v) {
        two.vwgt.push_back(Weight(v % 5));
        two.vwgt.push_back(Weight(7 - v % 7));
    }
    std::mt19937 rng(9);
    std::vector<char> fixed(std::size_t(unweighted.num_vertices()));
    for (char& f : fixed) f = char(rng() % 4 == 0);
    for (const Graph* g : {&unweighted, &one, &two})
        for (WeightSum cap : {1, 2, 3, 4, 5, 8, 40})
            for (int members : {1, 2, 4}) {
                VertexId light = 0;
                for (VertexId v = 0; v < g->num_vertices(); ++v)
                    light += members >= 2 && !fixed[v] && 2 * g->vertex_weight(v) <= cap;
                EXPECT_EQ(most_clustered_away(*g, fixed, {cap, members}), light)
                    << g->num_constraints() << " " << cap << " " << members;
            }
}

TEST(PartCoarsening, ClustersOfFourShrinkALevelMoreThanAMatchingCan) {
    const Graph g = part::test::grid_graph(40, 40);
    const std::vector<PartId> part(std::size_t(g.num_vertices()), 0);
    const std::vector<char> fixed(std::size_t(g.num_vertices()), 0);
    const CoarseLevel pairs = coarsen_within_parts(g, part, fixed, {100, 2}, 3);
    const CoarseLevel fours = coarsen_within_parts(g, part, fixed, {100, 4}, 3);
    EXPECT_GE(pairs.graph.num_vertices(), g.num_vertices() / 2); // a matching at most halves
    EXPECT_LT(fours.graph.num_vertices(), g.num_vertices() * 2 / 5);
    // Nothing light enough to join another vertex: nothing can be clustered away.
    EXPECT_EQ(most_clustered_away(g, fixed, {1, 4}), 0);
    EXPECT_EQ(coarsen_within_parts(g, part, fixed, {1, 4}, 3).graph.num_vertices(),
              g.num_vertices());
}

TEST(BandGraph, WidthZeroHoldsTheBoundaryVerticesOnly) {
    const Graph g = random_weighted_grid(30, 20, 4);
    const Partition p = random_start(g, 4, 2);
    const BandGraph band = extract_band(g, p.part, 0);
    std::vector<VertexId> boundary;
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        for (VertexId u : g.neighbours(v))
            if (p.part[u] != p.part[v]) {
                boundary.push_back(v);
                break;
            }
    EXPECT_EQ(band.vertex, boundary);
    EXPECT_EQ(edge_cut(band.graph, band.part), edge_cut(g, p.part));
}

// The F-cycle coarsens again part of the way up, so it refines more levels than the V-cycle
// on the same band; like it, it never raises the cut and keeps every part within tolerance.
TEST(BandRefinement, FCycleRefinesMoreLevelsWithoutRaisingTheCut) {
    for (unsigned seed = 1; seed <= 6; ++seed) {
        const Graph g = random_weighted_grid(60, 50, seed);
        const PartId k = PartId(4 + seed % 5);
        const Partition start = random_start(g, k, seed);
        BandRefineOptions v_cycle;
        v_cycle.recoarsenings = 0;
        int v_levels = 0;
        for (int recoarsenings : {0, 1, 2}) {
            BandRefineOptions options = v_cycle;
            options.recoarsenings = recoarsenings;
            Partition p = start;
            const BandRefineResult r = refine_band(g, p, options);
            const WeightSum before = edge_cut(g, start.part), after = edge_cut(g, p.part);
            EXPECT_LE(after, before) << seed << " " << recoarsenings;
            EXPECT_EQ(before - after, r.cut_reduction);
            EXPECT_LE(imbalance(g, p)[0], 1.03 + 1e-9) << seed << " " << recoarsenings;
            if (recoarsenings == 0)
                v_levels = r.levels;
            else
                EXPECT_GT(r.levels, v_levels) << seed << " " << recoarsenings;
        }
    }
}

// Every combination of cluster size and F-cycle keeps the guarantees and gives the same
// partition twice.
TEST(BandRefinement, CycleShapesKeepTheCutBalanceAndDeterminism) {
    const Graph g = random_weighted_grid(50, 40, 9);
    const Partition start = random_start(g, 6, 21);
    const WeightSum before = edge_cut(g, start.part);
    for (int members : {2, 4})
        for (int recoarsenings : {0, 2}) {
            BandRefineOptions options;
            options.cluster_members = members;
            options.recoarsenings = recoarsenings;
            Partition a = start, b = start;
            const BandRefineResult r = refine_band(g, a, options);
            refine_band(g, b, options);
            EXPECT_EQ(a.part, b.part);
            EXPECT_LT(edge_cut(g, a.part), before);
            EXPECT_EQ(before - edge_cut(g, a.part), r.cut_reduction);
            EXPECT_LE(imbalance(g, a)[0], 1.03 + 1e-9);
        }
}

TEST(BandRefinement, NeverRaisesTheCutAndStaysWithinTheToleranceOnRandomStarts) {
    for (unsigned seed = 1; seed <= 12; ++seed) {
        const Graph g = random_weighted_grid(48, 40, seed);
        const PartId k = PartId(2 + seed % 7);
        const Partition start = random_start(g, k, seed);
        ASSERT_LE(imbalance(g, start)[0], 1.03);
        for (int width : {1, 4, -1}) {
            Partition p = start;
            BandRefineOptions options;
            options.width = width;
            const BandRefineResult r = refine_band(g, p, options);
            const WeightSum before = edge_cut(g, start.part), after = edge_cut(g, p.part);
            EXPECT_LE(after, before) << seed << " " << width;
            EXPECT_EQ(before - after, r.cut_reduction);
            EXPECT_LE(imbalance(g, p)[0], 1.03 + 1e-9) << seed << " " << width;
            EXPECT_EQ(weights0(g, p).size(), std::size_t(k));
            if (seed == 1) { // ragged borders: something to gain
                EXPECT_LT(after, before);
            }
        }
    }
}

// Fixed vertices stay where they are, and given limits replace the tolerance, in the band graph
// and on the graph itself.
TEST(BandRefinement, FixedVerticesStayAndGivenLimitsHold) {
    for (unsigned seed = 1; seed <= 4; ++seed) {
        const Graph g = random_weighted_grid(48, 40, seed);
        const PartId k = 4;
        const Partition start = random_start(g, k, seed);
        std::vector<char> fixed(std::size_t(g.num_vertices()), 0);
        for (VertexId v = 0; v < g.num_vertices(); v += 3) fixed[v] = 1;
        std::vector<WeightSum> limits = weights0(g, start);
        for (WeightSum& limit : limits) limit += 5; // a little room, less than the tolerance's
        for (int width : {4, -1}) {
            Partition p = start;
            BandRefineOptions options;
            options.width = width;
            options.fixed = &fixed;
            options.limits = &limits;
            const BandRefineResult r = refine_band(g, p, options);
            EXPECT_GT(r.polish.moves, 0) << seed << " " << width;
            for (VertexId v = 0; v < g.num_vertices(); ++v) {
                if (fixed[v]) {
                    ASSERT_EQ(p.part[v], start.part[v]) << seed << " " << width;
                }
            }
            const std::vector<WeightSum> after = weights0(g, p);
            for (PartId q = 0; q < k; ++q) EXPECT_LE(after[q], limits[q]) << seed << " " << width;
        }
    }
}

// Refining the graph itself (whole_graph_share reached) gives what refining a band graph of
// every vertex, a copy with no anchors, gives: the same partition, levels and gains, on
// weighted graphs and on unit weights.
TEST(BandRefinement, TheGraphItselfRefinesAsTheBandOfEveryVertex) {
    for (unsigned seed = 1; seed <= 4; ++seed) {
        const Graph weighted = random_weighted_grid(40, 32, seed);
        const Graph unit = part::test::grid_graph(40, 32);
        for (const Graph* g : {&weighted, &unit}) {
            const Partition start = random_start(*g, PartId(3 + seed), seed);
            BandRefineOptions copy, itself;
            copy.width = -1;
            copy.whole_graph_share = 2; // never: the band graph holds every vertex
            itself.width = 4;
            itself.whole_graph_share = 0; // always
            Partition a = start, b = start;
            const BandRefineResult ra = refine_band(*g, a, copy);
            const BandRefineResult rb = refine_band(*g, b, itself);
            EXPECT_EQ(a.part, b.part) << seed;
            EXPECT_EQ(ra.cut_reduction, rb.cut_reduction) << seed;
            EXPECT_EQ(ra.levels, rb.levels) << seed;
            EXPECT_EQ(ra.band_vertices, rb.band_vertices) << seed;
            EXPECT_EQ(rb.band_vertices, g->num_vertices());
            EXPECT_EQ(edge_cut(*g, start.part) - edge_cut(*g, b.part), rb.cut_reduction);
        }
    }
}

TEST(BandRefinement, IsDeterministicAndReshapesMoreThanOneLevelOfFm) {
    const Graph g = part::test::grid_graph(64, 64);
    const Partition start = random_start(g, 8, 99);
    Partition a = start, b = start, flat = start;
    refine_band(g, a, {});
    refine_band(g, b, {});
    EXPECT_EQ(a.part, b.part);
    polish_boundary(g, flat, 0.03);
    EXPECT_LT(edge_cut(g, a.part), edge_cut(g, flat.part));
}

TEST(BandGraph, GivesEachPieceOfAPartsInteriorItsOwnAnchor) {
    // Part 0 is a 20 x 6 strip with a notch of part 1 in column 10 from row 1 up: still
    // connected through row 0, but its interior beyond one layer falls into two pieces.
    const Graph g = part::test::grid_graph(20, 6);
    std::vector<PartId> part(std::size_t(g.num_vertices()), 0);
    for (int row = 1; row < 6; ++row) part[std::size_t(row * 20 + 10)] = 1;
    const BandGraph band = extract_band(g, part, 1);
    VertexId anchors_of_0 = 0;
    for (VertexId a = band.num_band_vertices(); a < band.graph.num_vertices(); ++a)
        anchors_of_0 += band.part[a] == 0;
    EXPECT_EQ(anchors_of_0, 2);
    EXPECT_EQ(edge_cut(band.graph, band.part), edge_cut(g, part));
}

TEST(BandRefinement, KeepsConnectedPartsConnected) {
    for (unsigned seed = 1; seed <= 6; ++seed) {
        const Graph g = random_weighted_grid(40, 30, seed);
        // Blocks of a coarse random Voronoi-free layout: vertical strips of uneven width, so
        // every part is connected and borders are straight; refinement has room to move.
        Partition p{5, std::vector<PartId>(std::size_t(g.num_vertices())), {}};
        for (VertexId v = 0; v < g.num_vertices(); ++v) {
            const int x = v % 40, y = v / 40;
            p.part[v] = PartId(std::min(4, (x + (y * int(seed)) % 7) / 9));
        }
        BandRefineOptions options;
        options.width = 2;
        options.tolerance = 0.3;
        refine_band(g, p, options);
        for (VertexId c : components_per_part(g, p.part, 5)) EXPECT_EQ(c, 1) << seed;
    }
}

TEST(FragmentAbsorption, StopsOnlyWhereAnotherRoundWouldMoveNothing) {
    // It stops after a round that moved every fragment without searching again: a further
    // call must then find nothing to move, with or without limits.
    for (unsigned seed = 1; seed <= 12; ++seed) {
        const Graph g = random_weighted_grid(24, 18, seed);
        const PartId k = PartId(3 + seed % 6);
        Partition p = random_start(g, k, seed);
        std::vector<WeightSum> limits;
        const bool limited = seed % 2 == 0;
        if (limited) limits = part_weight_limits(g, p, 0.2);
        const FragmentResult r = absorb_fragments(g, p, limited ? &limits : nullptr);
        const std::vector<PartId> after = p.part;
        const FragmentResult again = absorb_fragments(g, p, limited ? &limits : nullptr);
        EXPECT_EQ(again.fragments_moved, 0) << seed;
        EXPECT_EQ(again.fragments_left, r.fragments_left) << seed;
        EXPECT_EQ(p.part, after) << seed;
    }
}

// Weights near the 32-bit limit: two vertices of 1.5e9 must not form a cluster a 2e9 cap
// forbids (their sum must not wrap around 32 bits and pass the cap), and no cluster may weigh
// more than a coarse vertex's 32-bit weight can hold, whatever the cap.
TEST(PartCoarsening, HeavyVerticesNeverFormAClusterTheirWeightCannotHold) {
    Graph g = graph_from_edges(4, {{0, 1}, {1, 2}, {2, 3}});
    g.ncon = 1;
    g.vwgt = {1'500'000'000, 1'500'000'000, 1'500'000'000, 1'500'000'000};
    const std::vector<PartId> part(4, 0);
    const std::vector<char> fixed(4, 0);
    for (WeightSum cap : {WeightSum(2'000'000'000), WeightSum(10'000'000'000)}) {
        const CoarseLevel c = coarsen_within_parts(g, part, fixed, {cap, 4}, 1);
        EXPECT_EQ(c.graph.num_vertices(), 4) << cap;
        WeightSum total = 0;
        for (VertexId cv = 0; cv < c.graph.num_vertices(); ++cv) {
            EXPECT_GT(c.graph.vertex_weight(cv), 0) << cap;
            total += c.graph.vertex_weight(cv);
        }
        EXPECT_EQ(total, WeightSum(6'000'000'000)) << cap;
    }
}

// Parallel edges merged into one coarse edge: four edges of 1e9 between two pairs sum past
// 32 bits; the coarse edge must stay positive (saturated, as the quotient graph's), never
// wrap to a negative weight that would turn the FM gains upside down.
TEST(PartCoarsening, MergedHeavyEdgesSaturateInsteadOfWrapping) {
    // Pairs {0, 1} (part 0) and {2, 3} (part 1), each pair joined by a 2e9 edge so that the
    // clustering picks it; the four edges between the pairs weigh 1e9 each.
    const Weight big = 1'000'000'000;
    const Graph g = graph_from_edges(
        4, {{0, 1, 2 * big}, {2, 3, 2 * big}, {0, 2, big}, {0, 3, big}, {1, 2, big}, {1, 3, big}},
        true);
    const std::vector<PartId> part{0, 0, 1, 1};
    const std::vector<char> fixed(4, 0);
    const CoarseLevel c = coarsen_within_parts(g, part, fixed, {10, 4}, 1);
    ASSERT_EQ(c.graph.num_vertices(), 2);
    validate(c.graph);
    ASSERT_EQ(c.graph.adjwgt.size(), 2u);
    EXPECT_EQ(c.graph.adjwgt[0], std::numeric_limits<Weight>::max());
    EXPECT_EQ(c.graph.adjwgt[1], std::numeric_limits<Weight>::max());
}

// Heavy vertices: a part's interior can weigh more than one 32-bit vertex weight holds, and
// a band vertex's edges to one anchor can sum past 32 bits. The band graph must still carry
// each part's exact weight (on fixed vertices: the balance limits of the polish depend on
// it) and no wrapped, negative edge weight.
TEST(BandGraph, KeepsThePartWeightsAndPositiveEdgesWithHeavyWeights) {
    Graph g = part::test::grid_graph(30, 20);
    g.ncon = 1;
    g.vwgt.assign(std::size_t(g.num_vertices()), 1'000'000'000);
    g.adjwgt.assign(g.adjncy.size(), 2'000'000'000);
    const Partition p = random_start(g, 4, 9);
    for (int width : {0, 1, 3}) {
        const BandGraph band = extract_band(g, p.part, width);
        validate(band.graph);
        const VertexId b = band.num_band_vertices();
        EXPECT_EQ(weights0(band.graph, Partition{4, band.part, {}}), weights0(g, p)) << width;
        for (VertexId i = 0; i < band.graph.num_vertices(); ++i) EXPECT_EQ(band.fixed[i], i >= b);
        for (Weight w : band.graph.adjwgt) EXPECT_GT(w, 0) << width;
    }
}

// The whole refinement on such weights: every part ends within the tolerance it started in,
// and the cut never rises.
TEST(BandRefinement, StaysWithinTheToleranceWithHeavyVerticesAndEdges) {
    Graph g = part::test::grid_graph(40, 30);
    g.ncon = 1;
    g.vwgt.assign(std::size_t(g.num_vertices()), 1'000'000'000);
    g.adjwgt.assign(g.adjncy.size(), 1'000'000'000);
    for (int width : {0, 3, 8, -1}) {
        Partition p = random_start(g, 4, 13);
        const WeightSum cut = edge_cut(g, p.part);
        BandRefineOptions options;
        options.width = width;
        refine_band(g, p, options);
        EXPECT_LE(edge_cut(g, p.part), cut) << width;
        EXPECT_LE(imbalance(g, p)[0], 1.03 + 1e-9) << width;
    }
}
