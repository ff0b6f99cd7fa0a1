#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include <omp.h>

#include "libpart/core/graph_builder.hpp"
#include "libpart/core/metrics.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;

namespace {

// 0 - 1 - 2
// |   |   |
// 3 - 4 - 5
const std::vector<WeightedEdge> kGridEdges = {{0, 1}, {1, 2}, {3, 4}, {4, 5},
                                              {0, 3}, {1, 4}, {2, 5}};

// METIS's communication volume written out plainly: each vertex's size once per other part
// among its neighbours.
WeightSum communication_volume(const Graph& g, const std::vector<PartId>& part) {
    WeightSum volume = 0;
    for (VertexId u = 0; u < g.num_vertices(); ++u) {
        std::vector<PartId> others;
        for (VertexId v : g.neighbours(u))
            if (part[v] != part[u]) others.push_back(part[v]);
        std::sort(others.begin(), others.end());
        volume += WeightSum(std::unique(others.begin(), others.end()) - others.begin()) *
                  g.vertex_size(u);
    }
    return volume;
}

Partition two_part_partition(std::vector<PartId> part, PartId k = 2) {
    return Partition{k, std::move(part), {}};
}

} // namespace

TEST(Metrics, ColumnSplitOfGrid) {
    Graph g = graph_from_edges(6, kGridEdges);
    auto m = compute_metrics(g, two_part_partition({0, 0, 1, 0, 0, 1}));
    EXPECT_EQ(m.edge_cut, 2);
    EXPECT_EQ(m.communication_volume, 4);
    EXPECT_EQ(m.part_weights, (std::vector<WeightSum>{4, 2}));
    ASSERT_EQ(m.imbalance.size(), 1u);
    EXPECT_DOUBLE_EQ(m.imbalance[0], 4.0 / 3.0);
    EXPECT_EQ(m.boundary_vertices, 4);
    EXPECT_EQ(m.min_neighbour_parts, 1);
    EXPECT_EQ(m.max_neighbour_parts, 1);
    EXPECT_DOUBLE_EQ(m.avg_neighbour_parts, 1.0);
    EXPECT_EQ(m.disconnected_parts, 0);
    EXPECT_EQ(m.total_components, 2);
    EXPECT_EQ(m.empty_parts, 0);
}

TEST(Metrics, CheckerboardCutsEverythingAndDisconnects) {
    Graph g = graph_from_edges(6, kGridEdges);
    auto m = compute_metrics(g, two_part_partition({0, 1, 0, 1, 0, 1}));
    EXPECT_EQ(m.edge_cut, 7);
    EXPECT_EQ(m.communication_volume, 6);
    EXPECT_EQ(m.boundary_vertices, 6);
    EXPECT_EQ(m.disconnected_parts, 2);
    EXPECT_EQ(m.total_components, 6);
    EXPECT_DOUBLE_EQ(m.imbalance[0], 1.0);
}

TEST(Metrics, EdgeWeightsAndVertexSizes) {
    std::vector<WeightedEdge> edges = kGridEdges;
    edges[1].weight = 5; // edge 1-2
    Graph g = graph_from_edges(6, edges, true);
    g.vsize = {1, 3, 1, 1, 1, 1};
    auto m = compute_metrics(g, two_part_partition({0, 0, 1, 0, 0, 1}));
    EXPECT_EQ(m.edge_cut, 6);             // 5 (1-2) + 1 (4-5)
    EXPECT_EQ(m.communication_volume, 6); // vertex 1 counts its size 3
}

TEST(Metrics, VolumeCountsEachOtherPartOnce) {
    // Star: centre 0 with leaves in parts 1, 1, 2. The centre sends to 2 parts, each leaf to 1.
    Graph g = graph_from_edges(4, {{0, 1}, {0, 2}, {0, 3}});
    auto m = compute_metrics(g, Partition{3, {0, 1, 1, 2}, {}});
    EXPECT_EQ(m.communication_volume, 2 + 1 + 1 + 1);
    EXPECT_EQ(m.edge_cut, 3);
    EXPECT_EQ(m.max_neighbour_parts, 2);
    EXPECT_EQ(m.min_neighbour_parts, 1);
    EXPECT_DOUBLE_EQ(m.avg_neighbour_parts, 4.0 / 3.0);
}

TEST(Metrics, EmptyPartAndTargets) {
    Graph g = graph_from_edges(6, kGridEdges);
    auto m = compute_metrics(g, two_part_partition({0, 0, 1, 0, 0, 1}, 3));
    EXPECT_EQ(m.empty_parts, 1);
    EXPECT_DOUBLE_EQ(m.imbalance[0], 2.0); // 4 / (6 / 3)

    Partition hetero = two_part_partition({0, 0, 1, 0, 0, 1});
    hetero.targets = normalise_targets({2, 1}); // part 0 should hold 2/3
    EXPECT_DOUBLE_EQ(compute_metrics(g, hetero).imbalance[0], 1.0);
}

TEST(Metrics, MultiConstraintImbalance) {
    Graph g = graph_from_edges(6, kGridEdges);
    g.ncon = 2;
    g.vwgt = {1, 0, 1, 0, 1, 6, 1, 0, 1, 0, 1, 6};
    auto m = compute_metrics(g, two_part_partition({0, 0, 1, 0, 0, 1}));
    EXPECT_EQ(m.part_weights, (std::vector<WeightSum>{4, 0, 2, 12}));
    EXPECT_DOUBLE_EQ(m.imbalance[0], 4.0 / 3.0);
    EXPECT_DOUBLE_EQ(m.imbalance[1], 2.0);
}

TEST(Metrics, QuotientGraphSumsCutWeights) {
    Graph g = graph_from_edges(6, kGridEdges);
    Graph q = quotient_graph(g, {0, 1, 1, 0, 2, 2}, 3);
    EXPECT_NO_THROW(validate(q));
    EXPECT_EQ(q.num_vertices(), 3);
    EXPECT_EQ(q.num_edges(), 3);
    // Part 0 = {0,3}, part 1 = {1,2}, part 2 = {4,5}: 0-1 via (0,1); 0-2 via (3,4); 1-2 via
    // (1,4),(2,5).
    auto neighbours_of_1 = q.neighbours(1);
    ASSERT_EQ(neighbours_of_1.size(), 2u);
    EXPECT_EQ(q.adjwgt[q.xadj[1] + 1], 2);
    EXPECT_EQ(q.vwgt, (std::vector<Weight>{2, 2, 2}));
}

namespace {

// q is the quotient graph of g under parts: each row lists its neighbouring parts once, in
// ascending order, with the summed weight of the edges between them.
void expect_pair_sums(const Graph& g, const std::vector<PartId>& parts, PartId k, const Graph& q) {
    std::vector<WeightSum> expected(std::size_t(k * k), 0);
    for (VertexId u = 0; u < g.num_vertices(); ++u)
        for (EdgeOffset e = g.xadj[u]; e < g.xadj[u + 1]; ++e)
            if (parts[u] != parts[g.adjncy[e]])
                expected[std::size_t(parts[u] * k + parts[g.adjncy[e]])] += g.edge_weight(e);
    ASSERT_NO_THROW(validate(q));
    ASSERT_EQ(q.num_vertices(), k);
    for (PartId a = 0; a < k; ++a) {
        std::vector<WeightSum> row(std::size_t(k), 0);
        for (EdgeOffset e = q.xadj[a]; e < q.xadj[a + 1]; ++e) {
            if (e > q.xadj[a]) {
                EXPECT_LT(q.adjncy[e - 1], q.adjncy[e]) << "part " << a;
            }
            row[std::size_t(q.adjncy[e])] = q.adjwgt[e];
        }
        for (PartId b = 0; b < k; ++b)
            EXPECT_EQ(row[std::size_t(b)], expected[std::size_t(a * k + b)]) << a << "-" << b;
    }
}

// border marks exactly the vertices of g with a neighbour in another part (some, not all).
void expect_border(const Graph& g, const std::vector<PartId>& parts,
                   const std::vector<char>& border) {
    ASSERT_EQ(border.size(), std::size_t(g.num_vertices()));
    VertexId marked = 0;
    for (VertexId u = 0; u < g.num_vertices(); ++u) {
        bool other = false;
        for (VertexId w : g.neighbours(u)) other = other || parts[w] != parts[u];
        EXPECT_EQ(bool(border[u]), other) << u;
        marked += other;
    }
    EXPECT_GT(marked, 0);
    EXPECT_LT(marked, g.num_vertices());
}

} // namespace

TEST(Metrics, QuotientGraphRowsAreSortedAndMatchPairSums) {
    // Weighted edges between scattered parts (part 4 empty, part 5 without cut edges): each
    // row must list its neighbouring parts once, in ascending order, with the summed weight.
    std::vector<WeightedEdge> edges;
    const VertexId n = 60;
    for (VertexId v = 0; v + 1 < n; ++v) edges.push_back({v, v + 1, Weight(1 + v % 5)});
    for (VertexId v = 0; v + 7 < n; v += 3) edges.push_back({v, v + 7, Weight(2 + v % 3)});
    std::vector<PartId> parts(std::size_t(n), 0);
    for (VertexId v = 0; v < n; ++v) parts[v] = PartId((v * 7 + v / 9) % 4);
    parts.push_back(5); // an isolated vertex alone in part 5
    const Graph g = graph_from_edges(n + 1, edges, true);
    const PartId k = 6;
    const Graph q = quotient_graph(g, parts, k);
    expect_pair_sums(g, parts, k, q);
    EXPECT_EQ(q.degree(4), 0);
    EXPECT_EQ(q.degree(5), 0);
    // Asked for the border, the same pass marks each vertex with a neighbour in another part,
    // and the graph is the same.
    std::vector<char> border;
    const Graph with_border = quotient_graph(g, parts, k, &border);
    EXPECT_EQ(with_border.adjncy, q.adjncy);
    EXPECT_EQ(with_border.adjwgt, q.adjwgt);
    EXPECT_EQ(with_border.vwgt, q.vwgt);
    expect_border(g, parts, border);
}

TEST(Metrics, RejectsPartitionThatDoesNotFit) {
    Graph g = graph_from_edges(6, kGridEdges);
    EXPECT_THROW(compute_metrics(g, two_part_partition({0, 1})), InvalidArgument);
    EXPECT_THROW(compute_metrics(g, two_part_partition({0, 1, 2, 0, 0, 0})), InvalidArgument);
    EXPECT_THROW(compute_metrics(g, two_part_partition({0, 1, -1, 0, 0, 0})), InvalidArgument);
}

TEST(Metrics, LargeGraphAgreesWithEachMeasure) {
    // Over a million adjacency entries: each figure must equal its own single-purpose function.
    const Graph g = test::grid_graph(100, 60, 50);
    Partition p;
    p.num_parts = 37;
    p.part.resize(std::size_t(g.num_vertices()));
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        p.part[v] = PartId((v / 8200 + (v % 7 == 0 ? 5 : 0)) % p.num_parts);
    const PartitionMetrics m = compute_metrics(g, p);
    EXPECT_EQ(m.edge_cut, edge_cut(g, p.part));
    EXPECT_EQ(m.communication_volume, communication_volume(g, p.part));
    EXPECT_EQ(m.part_weights, part_weights(g, p.part, p.num_parts));
    EXPECT_EQ(m.imbalance, imbalance(g, p));
    const Graph q = quotient_graph(g, p.part, p.num_parts);
    PartId min_degree = q.degree(0), max_degree = 0;
    for (PartId a = 0; a < p.num_parts; ++a) {
        min_degree = std::min(min_degree, q.degree(a));
        max_degree = std::max(max_degree, q.degree(a));
    }
    EXPECT_EQ(m.min_neighbour_parts, min_degree);
    EXPECT_EQ(m.max_neighbour_parts, max_degree);
    EXPECT_DOUBLE_EQ(m.avg_neighbour_parts, double(q.adjncy.size()) / p.num_parts);
    VertexId boundary = 0;
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        for (VertexId u : g.neighbours(v))
            if (p.part[u] != p.part[v]) {
                ++boundary;
                break;
            }
    EXPECT_EQ(m.boundary_vertices, boundary);
    EXPECT_GT(m.edge_cut, 0);
    // Measured on one thread, the same figures.
    const int threads = omp_get_max_threads();
    omp_set_num_threads(1);
    const PartitionMetrics one = compute_metrics(g, p);
    omp_set_num_threads(threads);
    EXPECT_EQ(one.edge_cut, m.edge_cut);
    EXPECT_EQ(one.communication_volume, m.communication_volume);
    EXPECT_EQ(one.boundary_vertices, m.boundary_vertices);
    EXPECT_EQ(one.avg_neighbour_parts, m.avg_neighbour_parts);
    EXPECT_EQ(one.total_components, m.total_components);
    EXPECT_EQ(one.disconnected_parts, m.disconnected_parts);
    EXPECT_GT(m.disconnected_parts, 0);
}

TEST(Metrics, CutAndWeightsEqualNaiveSumsWithAndWithoutWeights) {
    // Each variant of the loops (unit or stored edge weights, unit or stored vertex weights,
    // one or two constraints) against sums written out plainly.
    std::mt19937 rng(31);
    Graph g = test::grid_graph(13, 9);
    std::vector<PartId> part(std::size_t(g.num_vertices()));
    for (PartId& p : part) p = PartId(rng() % 5);
    for (int variant = 0; variant < 4; ++variant) {
        if (variant == 1) {
            g.adjwgt.assign(g.adjncy.size(), 0);
            for (VertexId v = 0; v < g.num_vertices(); ++v) // symmetric weights
                for (EdgeOffset e = g.xadj[v]; e < g.xadj[v + 1]; ++e)
                    g.adjwgt[e] = Weight(1 + (v + g.adjncy[e]) % 4);
        }
        if (variant == 2) {
            g.ncon = 1;
            for (VertexId v = 0; v < g.num_vertices(); ++v) g.vwgt.push_back(Weight(rng() % 7));
        }
        if (variant == 3) {
            g.ncon = 2;
            g.vwgt.clear();
            for (VertexId v = 0; v < 2 * g.num_vertices(); ++v) g.vwgt.push_back(Weight(rng() % 5));
        }
        WeightSum cut = 0;
        for (VertexId v = 0; v < g.num_vertices(); ++v)
            for (EdgeOffset e = g.xadj[v]; e < g.xadj[v + 1]; ++e)
                if (v < g.adjncy[e] && part[v] != part[g.adjncy[e]]) cut += g.edge_weight(e);
        std::vector<WeightSum> weights(std::size_t(5 * g.num_constraints()), 0);
        for (VertexId v = 0; v < g.num_vertices(); ++v)
            for (int c = 0; c < g.num_constraints(); ++c)
                weights[std::size_t(part[v] * g.num_constraints() + c)] += g.vertex_weight(v, c);
        EXPECT_EQ(edge_cut(g, part), cut) << variant;
        EXPECT_EQ(part_weights(g, part, 5), weights) << variant;
        const PartitionMetrics m = compute_metrics(g, Partition{5, part, {}});
        EXPECT_EQ(m.edge_cut, cut) << variant;
        EXPECT_EQ(m.part_weights, weights) << variant;
        const Graph q = quotient_graph(g, part, 5);
        WeightSum quotient_total = 0;
        for (Weight w : q.adjwgt) quotient_total += w;
        EXPECT_EQ(quotient_total, 2 * cut) << variant;
        for (std::size_t i = 0; i < weights.size(); ++i)
            EXPECT_EQ(q.vwgt[i], weights[i]) << variant;
    }
}

TEST(Metrics, SearchAndScanInOnePassEqualTheSeparatePasses) {
    // compute_metrics scans the rows during the search for components: every figure must agree
    // with the single-purpose functions, whatever the weights (ragged parts, one empty).
    std::mt19937 rng(41);
    Graph g = test::grid_graph(17, 12);
    const PartId k = 7;
    std::vector<PartId> part(std::size_t(g.num_vertices()));
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        part[v] = v > 0 && rng() % 4 ? part[v - 1] : PartId(rng() % (k - 1)); // part 6 empty
    for (int variant = 0; variant < 4; ++variant) {
        if (variant == 1) g.vsize.assign(std::size_t(g.num_vertices()), 3);
        if (variant == 2) {
            g.adjwgt.assign(g.adjncy.size(), 0);
            for (VertexId v = 0; v < g.num_vertices(); ++v)
                for (EdgeOffset e = g.xadj[v]; e < g.xadj[v + 1]; ++e)
                    g.adjwgt[e] = Weight(1 + (v + g.adjncy[e]) % 5);
        }
        if (variant == 3) {
            g.ncon = 2;
            for (VertexId v = 0; v < 2 * g.num_vertices(); ++v) g.vwgt.push_back(Weight(rng() % 6));
        }
        const Partition p{k, part, {}};
        const PartitionMetrics one_pass = compute_metrics(g, p);
        // The one-pass scan's component figures equal a separate search's.
        const std::vector<VertexId> components = components_per_part(g, part, k);
        EXPECT_EQ(one_pass.total_components,
                  std::accumulate(components.begin(), components.end(), VertexId(0)))
            << variant;
        EXPECT_EQ(one_pass.disconnected_parts, std::count_if(components.begin(), components.end(),
                                                             [](VertexId c) { return c > 1; }))
            << variant;
        EXPECT_EQ(one_pass.edge_cut, edge_cut(g, part)) << variant;
        EXPECT_EQ(one_pass.communication_volume, communication_volume(g, part)) << variant;
        EXPECT_EQ(one_pass.part_weights, part_weights(g, part, k)) << variant;
        EXPECT_EQ(one_pass.empty_parts, 1) << variant;
        EXPECT_GT(one_pass.disconnected_parts, 0) << variant;
        EXPECT_GT(one_pass.boundary_vertices, 0) << variant;
    }
}

TEST(CountEmptyParts, CountsThePartsNoVertexHoldsAsTheMetricsDo) {
    EXPECT_EQ(count_empty_parts({}, 3), 3);
    EXPECT_EQ(count_empty_parts({0, 1, 2, 1}, 3), 0);
    EXPECT_EQ(count_empty_parts({0, 3, 3}, 5), 3); // 1, 2 and 4
    const Graph grid = part::test::grid_graph(6, 6);
    std::vector<PartId> part(36);
    for (VertexId v = 0; v < 36; ++v) part[v] = PartId(v % 6 < 3 ? 0 : 4);
    EXPECT_EQ(count_empty_parts(part, 7),
              compute_metrics(grid, Partition{7, part, {}}).empty_parts);
    EXPECT_EQ(count_empty_parts(part, 7), 5);
}

// Kaddoura & Ranka, section 4: speeds 3 and 1 (capacities 0.75 and 0.25), loads 60 and 40.
// Alone they take 100/3 and 100; together the slower takes 40 / 1 (in units of the capacity
// 0.25: 40 / 0.25 = 160 against 100 / 0.25 = 400 alone), so E = 1 / (40 * (3/100 + 1/100)).
TEST(HeterogeneousEfficiency, FollowsThePapersDefinition) {
    const std::vector<WeightSum> load{60, 40};
    EXPECT_NEAR(heterogeneous_efficiency(load, std::vector<double>{0.75, 0.25}), 0.625, 1e-12);
    EXPECT_NEAR(heterogeneous_efficiency(load, std::vector<double>{0.6, 0.4}), 1.0, 1e-12);
    EXPECT_EQ(heterogeneous_efficiency(load, std::vector<double>{1.0, 0.0}), 0.0);
    EXPECT_EQ(heterogeneous_efficiency(std::vector<WeightSum>{0, 0}, std::vector<double>{1, 1}),
              1.0);
    EXPECT_THROW(heterogeneous_efficiency(load, std::vector<double>{1.0}), InvalidArgument);
}
