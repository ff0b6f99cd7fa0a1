#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "libpart/order/fiedler_vector.hpp"
#include "libpart/order/order_method.hpp"
#include "libpart/order/small_eigen.hpp"
#include "libpart/order/space_filling_curve.hpp"
#include "libpart/partition/order_quality.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;
using part::test::grid_graph;
using part::test::path_graph;

namespace {

// Consecutive curve indices must be face neighbours: the defining property of Hilbert.
void expect_hilbert_walks_neighbours(int dim, int bits) {
    const std::uint32_t side = 1u << bits;
    std::vector<std::pair<std::uint64_t, std::array<std::uint32_t, 3>>> cells;
    for (std::uint32_t z = 0; z < (dim == 3 ? side : 1); ++z)
        for (std::uint32_t y = 0; y < side; ++y)
            for (std::uint32_t x = 0; x < side; ++x)
                cells.push_back({hilbert_key({x, y, z}, dim, bits), {x, y, z}});
    std::sort(cells.begin(), cells.end());
    for (std::size_t i = 0; i < cells.size(); ++i)
        ASSERT_EQ(cells[i].first, i) << "keys are not a bijection";
    for (std::size_t i = 1; i < cells.size(); ++i) {
        int step = 0;
        for (int a = 0; a < 3; ++a)
            step += std::abs(int(cells[i].second[a]) - int(cells[i - 1].second[a]));
        ASSERT_EQ(step, 1) << "index " << i;
    }
}

} // namespace

TEST(SpaceFillingCurve, HilbertWalksFaceNeighbours2D) {
    expect_hilbert_walks_neighbours(2, 4);
}
TEST(SpaceFillingCurve, HilbertWalksFaceNeighbours3D) {
    expect_hilbert_walks_neighbours(3, 3);
}

TEST(SpaceFillingCurve, MortonInterleavesBits) {
    // x = 0b11, y = 0b01 -> bits read high to low, x before y: x1 y1 x0 y0 = 1 0 1 1
    EXPECT_EQ(morton_key({3, 1, 0}, 2, 2), 0b1011u);
    EXPECT_EQ(curve_bits_per_axis(3), 21);
    EXPECT_EQ(curve_bits_per_axis(2), 32);
}

TEST(SpaceFillingCurve, FullWidthKeysAgreeWithTheBitByBitDefinition) {
    std::uint32_t state = 12345;
    auto next = [&](int bits) {
        state = state * 1664525u + 1013904223u;
        return std::uint32_t((std::uint64_t(state) * 2654435761u) >> (64 - bits)) &
               ((1u << (bits - 1)) * 2 - 1);
    };
    for (int trial = 0; trial < 200; ++trial) {
        for (int dim : {2, 3}) {
            const int bits = curve_bits_per_axis(dim);
            std::array<std::uint32_t, 3> cell{next(bits), next(bits), dim == 3 ? next(bits) : 0};
            std::uint64_t reference = 0;
            for (int b = bits - 1; b >= 0; --b)
                for (int i = 0; i < dim; ++i) reference = (reference << 1) | ((cell[i] >> b) & 1u);
            EXPECT_EQ(morton_key(cell, dim, bits), reference);
            // The top levels of the full-width Hilbert key are the coarse curve's key.
            std::array<std::uint32_t, 3> coarse{cell[0] >> (bits - 3), cell[1] >> (bits - 3),
                                                cell[2] >> (bits - 3)};
            EXPECT_EQ(hilbert_key(cell, dim, bits) >> (dim * (bits - 3)),
                      hilbert_key(coarse, dim, 3));
        }
    }
}

TEST(SpaceFillingCurve, StateMachineReproducesSkillingsKeys) {
    std::uint64_t state = 987654321;
    auto next = [&](int bits) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return std::uint32_t(state >> 33) & std::uint32_t((std::uint64_t(1) << bits) - 1);
    };
    for (int dim : {2, 3}) {
        for (int bits : {1, 2, 5, curve_bits_per_axis(dim)}) {
            for (int trial = 0; trial < 500; ++trial) {
                const std::array<std::uint32_t, 3> cell{next(bits), next(bits),
                                                        dim == 3 ? next(bits) : 0};
                ASSERT_EQ(hilbert_key(cell, dim, bits), hilbert_key_by_transpose(cell, dim, bits))
                    << "dim " << dim << " bits " << bits << " trial " << trial;
            }
        }
    }
}

TEST(SpaceFillingCurve, SeparatesPointsOfAStronglyGradedMesh) {
    // Points 1e-6 apart at one end of a domain 1e3 long: 21 bits per axis resolve 5e-4, so
    // use 2D (32 bits: 2.3e-7) where they must all land in distinct cells, in x order.
    Graph g = path_graph(20);
    for (int i = 0; i < 19; ++i) g.coords.values[std::size_t(2 * i)] = 1e-6 * i;
    g.coords.values[38] = 1e3;
    const Permutation p = hilbert_order(g);
    for (int i = 0; i + 1 < 20; ++i) EXPECT_LT(p[i], p[i + 1]) << i;
}

// The curve's keys are computed and sorted on all threads; points repeated many times make
// most keys tie, and ties go to the lower vertex id whatever the number of threads.
TEST(SpaceFillingCurve, OrderIsTheSameOnOneThreadAndOnTwoAndTiesFollowIds) {
    Graph g = grid_graph(300, 300);
    for (std::size_t i = 0; i < g.coords.values.size(); ++i)
        g.coords.values[i] = double(int(g.coords.values[i]) % (i % 2 ? 5 : 7));
    const int threads = omp_get_max_threads();
    omp_set_num_threads(1);
    const Permutation one = hilbert_order(g);
    omp_set_num_threads(2);
    const Permutation two = hilbert_order(g);
    omp_set_num_threads(threads);
    EXPECT_EQ(one, two);
    for (VertexId v = 1; v < g.num_vertices(); ++v) // vertex v - 35 sits at v's point
        if (v >= 35 && g.coords.values[2 * v] == g.coords.values[2 * (v - 35)] &&
            g.coords.values[2 * v + 1] == g.coords.values[2 * (v - 35) + 1]) {
            EXPECT_LT(two[v - 35], two[v]) << v;
        }
}

TEST(Orderings, EveryMethodGivesAPermutation) {
    const Graph g = grid_graph(9, 7, 5);
    for (const std::string& method : order_methods()) {
        const Permutation p = compute_order(g, method, {});
        EXPECT_NO_THROW(validate_permutation(p, g.num_vertices())) << method;
    }
}

TEST(Orderings, CurvesAndBisectionCutAPowerOfTwoGridStraight) {
    const Graph g = grid_graph(32, 32);
    for (const char* method : {"hilbert", "rcb"}) {
        const auto rows = block_cut_quality(g, compute_order(g, method, {}));
        ASSERT_EQ(rows.size(), 8u);
        EXPECT_EQ(rows[0].parts, 2);
        EXPECT_EQ(rows[0].edge_cut, 32) << method; // one straight cut
        EXPECT_EQ(rows[1].edge_cut, 64) << method; // quadrants
        EXPECT_DOUBLE_EQ(rows[1].imbalance, 1.0);
    }
}

TEST(Orderings, GraphOrderingsFollowAPath) {
    // A path numbered out of order: 0-5-1-6-2-7-3-8-4-9 ...
    const int n = 40;
    std::vector<WeightedEdge> edges;
    auto label = [&](int i) { return VertexId(i % 2 == 0 ? i / 2 : n / 2 + i / 2); };
    for (int i = 0; i + 1 < n; ++i) edges.push_back({label(i), label(i + 1)});
    const Graph g = graph_from_edges(n, edges);
    for (const char* method : {"bfs", "rcm", "spectral"}) {
        const Permutation p = compute_order(g, method, {});
        for (int i = 0; i + 1 < n; ++i)
            EXPECT_EQ(std::abs(p[label(i)] - p[label(i + 1)]), 1) << method << " " << i;
    }
}

TEST(Orderings, RcmKeepsTheBandwidthOfAGridSmall) {
    const Graph g = grid_graph(30, 10);
    const Permutation p = compute_order(g, "rcm", {});
    int bandwidth = 0;
    for (VertexId u = 0; u < g.num_vertices(); ++u)
        for (VertexId v : g.neighbours(u)) bandwidth = std::max(bandwidth, std::abs(p[u] - p[v]));
    EXPECT_LE(bandwidth, 11); // started from a corner of the long side, levels hold <= 10 vertices
}

TEST(Orderings, SpectralBlocksOfAPathCutOncePerBoundary) {
    const Graph g = path_graph(600);
    for (const auto& row : block_cut_quality(g, compute_order(g, "spectral", {})))
        EXPECT_EQ(row.edge_cut, row.parts - 1);
}

TEST(Orderings, SameSeedSameOrdering) {
    const Graph g = grid_graph(20, 15, 3);
    for (const char* method : {"spectral", "bfs", "nd"}) {
        OrderOptions options;
        options.seed = 5;
        EXPECT_EQ(compute_order(g, method, options), compute_order(g, method, options)) << method;
    }
}

TEST(Orderings, GeometricMethodsExplainMissingCoordinates) {
    Graph g = grid_graph(4, 4);
    g.coords = {};
    for (const char* method : {"hilbert", "morton", "rcb", "inertial"}) {
        try {
            compute_order(g, method, {});
            ADD_FAILURE() << method << " accepted a graph without coordinates";
        } catch (const InvalidArgument& e) {
            EXPECT_NE(std::string(e.what()).find("needs vertex coordinates"), std::string::npos)
                << e.what();
            EXPECT_NE(std::string(e.what()).find("part-convert"), std::string::npos) << e.what();
        }
    }
    EXPECT_NO_THROW(compute_order(g, "rcm", {}));
}

TEST(Orderings, RejectNonFiniteCoordinates) {
    Graph g = grid_graph(4, 4);
    g.coords.values[7] = std::nan("");
    EXPECT_THROW(compute_order(g, "hilbert", {}), InvalidArgument);
    g.coords.values[7] = INFINITY;
    EXPECT_THROW(compute_order(g, "inertial", {}), InvalidArgument);
    EXPECT_THROW(compute_order(g, "zigzag", {}), InvalidArgument);
}

TEST(Permutations, ValidationNamesTheClash) {
    EXPECT_NO_THROW(validate_permutation({2, 0, 1}, 3));
    EXPECT_THROW(validate_permutation({2, 0}, 3), InvalidArgument);
    EXPECT_THROW(validate_permutation({0, 3, 1}, 3), InvalidArgument);
    try {
        validate_permutation({1, 0, 1}, 3);
        ADD_FAILURE();
    } catch (const InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find("vertices 1 and 3 both have position 1"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_EQ(inverse_permutation(std::vector<VertexId>{2, 0, 1}), (Permutation{1, 2, 0}));
}

TEST(Fiedler, PathEigenvalueMatchesTheClosedForm) {
    const Graph g = path_graph(50);
    FiedlerOptions options;
    options.max_iterations = 2000;
    options.tolerance = 1e-9;
    const FiedlerResult r = fiedler_vector(g, options);
    const double exact = 2 * (1 - std::cos(M_PI / 50));
    EXPECT_NEAR(r.eigenvalue, exact, 1e-6 * exact + 1e-9);
    for (int i = 0; i + 1 < 50; ++i)
        EXPECT_GT(r.vector[0] < 0 ? r.vector[i + 1] - r.vector[i] : r.vector[i] - r.vector[i + 1],
                  0);
}

TEST(SmallEigen, DiagonalisesASymmetricMatrix) {
    // eigenvalues of [[2,1,0],[1,2,0],[0,0,5]] are 1, 3, 5
    const SmallEigen e = symmetric_eigen({2, 1, 0, 1, 2, 0, 0, 0, 5}, 3);
    EXPECT_NEAR(e.values[0], 1, 1e-12);
    EXPECT_NEAR(e.values[1], 3, 1e-12);
    EXPECT_NEAR(e.values[2], 5, 1e-12);
    EXPECT_NEAR(std::abs(e.vectors[0 * 3 + 0]), std::sqrt(0.5), 1e-12);
    EXPECT_NEAR(std::abs(e.vectors[2 * 3 + 2]), 1, 1e-12);
}
