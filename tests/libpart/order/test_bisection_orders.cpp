// Recursive bisection orderings (Kaddoura & Ranka, section 3.1, Fig. 2): every block of the
// ordering that a bisection step produced is a compact subset, so contiguous blocks of the
// ordering make compact parts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "libpart/core/error.hpp"
#include "libpart/order/order_method.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;
using part::test::grid_graph;
using part::test::path_graph;
using part::test::rotated_grid;

namespace {

// Whether the vertices at positions [begin, end) of a 2D grid's ordering fill a rectangle.
bool block_is_rectangle(const Graph& g, const std::vector<VertexId>& sequence, std::size_t begin,
                        std::size_t end) {
    double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
    for (std::size_t i = begin; i < end; ++i)
        for (int a = 0; a < 2; ++a) {
            lo[a] = std::min(lo[a], g.coords.at(sequence[i], a));
            hi[a] = std::max(hi[a], g.coords.at(sequence[i], a));
        }
    return (hi[0] - lo[0] + 1) * (hi[1] - lo[1] + 1) == double(end - begin);
}

// Each of the 2^level blocks of a power-of-two-sized grid's ordering is a rectangle.
void expect_dyadic_blocks_are_rectangles(const Graph& g, const Permutation& order, int levels) {
    ASSERT_NO_THROW(validate_permutation(order, g.num_vertices()));
    const std::vector<VertexId> sequence = inverse_permutation(order);
    for (int level = 1; level <= levels; ++level) {
        const std::size_t size = sequence.size() >> level;
        for (std::size_t begin = 0; begin < sequence.size(); begin += size)
            EXPECT_TRUE(block_is_rectangle(g, sequence, begin, begin + size))
                << "level " << level << " block at " << begin;
    }
}

} // namespace

TEST(BisectionOrders, RcbBlocksOfAGridAreRectanglesCutAcrossTheLongSideFirst) {
    const Graph g = grid_graph(16, 8);
    const Permutation order = compute_order(g, "rcb", {});
    expect_dyadic_blocks_are_rectangles(g, order, 3); // down to blocks of 16, the leaf size
    // The first cut goes across x, the long side: one half holds x < 8.
    const bool left_first = order[0] < 64;
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        EXPECT_EQ(order[std::size_t(v)] < 64, (g.coords.at(v, 0) < 8) == left_first) << v;
}

TEST(BisectionOrders, InertialBlocksOfARotatedStripAreRunsOfColumns) {
    // A 32 x 2 strip rotated by 25 degrees: no coordinate axis follows it, its principal axis
    // does, so every dyadic block of the ordering holds whole adjacent columns.
    const Graph g = rotated_grid(32, 2, 25);
    const Permutation order = compute_order(g, "inertial", {});
    ASSERT_NO_THROW(validate_permutation(order, g.num_vertices()));
    const std::vector<VertexId> sequence = inverse_permutation(order);
    for (std::size_t size : {32u, 16u}) // down to the leaf size
        for (std::size_t begin = 0; begin < sequence.size(); begin += size) {
            std::vector<int> columns;
            for (std::size_t i = begin; i < begin + size; ++i) columns.push_back(sequence[i] % 32);
            std::sort(columns.begin(), columns.end());
            for (std::size_t i = 0; i < columns.size(); ++i)
                EXPECT_EQ(columns[i], columns[0] + int(i / 2))
                    << "block of " << size << " at " << begin;
        }
}

TEST(BisectionOrders, SpectralHalvesOfAPathAreItsTwoEnds) {
    Graph g = path_graph(256);
    g.coords = {}; // spectral needs only the graph
    const Permutation order = compute_order(g, "spectral", {});
    ASSERT_NO_THROW(validate_permutation(order, g.num_vertices()));
    const bool low_first = order[0] < 128;
    for (VertexId v = 0; v < 256; ++v)
        EXPECT_EQ(order[std::size_t(v)] < 128, (v < 128) == low_first) << v;
}

TEST(BisectionOrders, GeometricOrdersNeedCoordinates) {
    Graph g = path_graph(5);
    g.coords = {};
    EXPECT_THROW(compute_order(g, "rcb", {}), InvalidArgument);
    EXPECT_THROW(compute_order(g, "inertial", {}), InvalidArgument);
}

TEST(BisectionOrders, EmptyAndSingleVertexGraphs) {
    for (int n : {0, 1}) {
        const Graph g = path_graph(n);
        EXPECT_EQ(compute_order(g, "rcb", {}).size(), std::size_t(n));
        EXPECT_EQ(compute_order(g, "inertial", {}).size(), std::size_t(n));
        EXPECT_EQ(compute_order(g, "spectral", {}).size(), std::size_t(n));
    }
}
