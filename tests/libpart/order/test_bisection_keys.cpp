// The keys recursive bisection sorts by: the coordinate along the subset's longest extent
// (Xu, Lau & Diekmann, section 6), the projection on the principal axis of inertia, and the
// Fiedler vector of the induced subgraph.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "libpart/order/bisection_keys.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;
using part::test::grid_graph;
using part::test::path_graph;
using part::test::rotated_grid;

namespace {

std::vector<double> keys_of(const BisectionKey& key, const std::vector<VertexId>& vertices) {
    std::vector<double> keys(vertices.size());
    key(vertices, keys);
    return keys;
}

std::vector<VertexId> all_vertices(const Graph& g) {
    std::vector<VertexId> vertices(static_cast<std::size_t>(g.num_vertices()));
    std::iota(vertices.begin(), vertices.end(), 0);
    return vertices;
}

// Points at (t cos a, t sin a) for the given t, with no edges.
Graph points_on_a_line(const std::vector<double>& t, double angle) {
    Graph g = graph_from_edges(VertexId(t.size()), {});
    g.coords.dim = 2;
    for (double s : t) {
        g.coords.values.push_back(s * std::cos(angle));
        g.coords.values.push_back(s * std::sin(angle));
    }
    return g;
}

} // namespace

TEST(CoordinateKey, TakesTheLongestAxisOfTheSubsetNotOfTheGraph) {
    const Graph g = grid_graph(4, 10); // vertex (i, j) = i + 4 j at (i, j)
    const auto whole = keys_of(coordinate_key(g), all_vertices(g));
    for (VertexId v = 0; v < g.num_vertices(); ++v) EXPECT_EQ(whole[std::size_t(v)], v / 4); // y
    const std::vector<VertexId> row{8, 9, 10, 11}; // j = 2: only x varies
    EXPECT_EQ(keys_of(coordinate_key(g), row), (std::vector<double>{0, 1, 2, 3}));
    const Graph box = grid_graph(3, 3, 7); // z is longest
    const std::vector<VertexId> some{0, 9 * 6 + 4, 9 * 3 + 8};
    EXPECT_EQ(keys_of(coordinate_key(box), some), (std::vector<double>{0, 6, 3}));
}

TEST(InertialKey, IsTheSignedDistanceFromTheCentreAlongALine) {
    // Collinear points at 30 degrees: the principal axis is the line itself, the centre the
    // mean, so keys are t - mean(t) up to one sign for all.
    const std::vector<double> t{-3, 0, 1, 2, 5};
    const Graph g = points_on_a_line(t, std::acos(-1.0) / 6);
    const auto keys = keys_of(inertial_key(g), all_vertices(g));
    const double mean = 1;
    const double sign = keys[0] < 0 ? 1 : -1;
    for (std::size_t i = 0; i < t.size(); ++i)
        EXPECT_NEAR(keys[i], sign * (t[i] - mean), 1e-9) << i;
}

TEST(InertialKey, WeightsMoveTheCentre) {
    // Weight 3 on t = 4 and 1 on t = 0: the weighted centre is t = 3.
    Graph g = points_on_a_line({0, 4}, 0.3);
    g.ncon = 1;
    g.vwgt = {1, 3};
    const auto keys = keys_of(inertial_key(g), all_vertices(g));
    EXPECT_NEAR(std::abs(keys[0]), 3, 1e-9);
    EXPECT_NEAR(std::abs(keys[1]), 1, 1e-9);
    EXPECT_LT(keys[0] * keys[1], 0);
}

TEST(InertialKey, FollowsTheLongAxisOfARotatedGrid) {
    // A 12 x 3 grid rotated by 40 degrees: the key must order the columns i.
    const Graph g = rotated_grid(12, 3, 40);
    const auto keys = keys_of(inertial_key(g), all_vertices(g));
    const double sign = keys[0] < keys[11] ? 1 : -1;
    for (int j = 0; j < 3; ++j)
        for (int i = 0; i < 12; ++i)
            EXPECT_NEAR(sign * keys[std::size_t(i + 12 * j)], i - 5.5, 1e-9);
}

TEST(SpectralKey, OrdersAPathSubsetAlongThePath) {
    // The Fiedler vector of a path is monotone along it. The subset, vertices 10..29 of a
    // longer path listed backwards, induces a path of its own.
    const Graph g = path_graph(40);
    std::vector<VertexId> subset;
    for (VertexId v = 29; v >= 10; --v) subset.push_back(v);
    const auto keys = keys_of(spectral_key(g, {}), subset);
    const double sign = keys.front() > keys.back() ? 1 : -1;
    for (std::size_t i = 0; i + 1 < keys.size(); ++i)
        EXPECT_GT(sign * keys[i], sign * keys[i + 1]) << i;
}

TEST(SpectralKey, SeparatesTwoCliquesJoinedByOneEdge) {
    // Two 5-cliques joined by the edge 4-5: the sign of the Fiedler vector tells them apart.
    std::vector<WeightedEdge> edges{{4, 5}};
    for (VertexId base : {0, 5})
        for (VertexId a = 0; a < 5; ++a)
            for (VertexId b = a + 1; b < 5; ++b) edges.push_back({base + a, base + b});
    const Graph g = graph_from_edges(10, edges);
    const auto keys = keys_of(spectral_key(g, {}), all_vertices(g));
    for (VertexId v = 1; v < 5; ++v) EXPECT_GT(keys[0] * keys[std::size_t(v)], 0) << v;
    for (VertexId v = 5; v < 10; ++v) EXPECT_LT(keys[0] * keys[std::size_t(v)], 0) << v;
}
