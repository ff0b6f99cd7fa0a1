#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "libpart/core/metrics.hpp"
#include "libpart/order/order_method.hpp"
#include "libpart/partition/blocks_partition.hpp"
#include "libpart/partition/fill_empty_parts.hpp"
#include "libpart/partition/hierarchical_partition.hpp"
#include "libpart/partition/partition_method.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;
using part::test::grid_graph;
using part::test::path_graph;

namespace {

const std::vector<std::string> kOurMethods{"blocks",   "rcb",    "inertial",
                                           "spectral", "farhat", "hier"};

// Valid, exactly k non-empty parts, and balanced within the tolerance plus one vertex's
// weight per part (no method can split a vertex).
void expect_sound(const Graph& g, const std::string& method, PartId k,
                  const PartitionOptions& options) {
    SCOPED_TRACE(method + " k=" + std::to_string(k));
    const PartitionResult r = partition_graph(g, method, k, options);
    Partition p{k, r.part, options.targets};
    ASSERT_NO_THROW(validate(p, g));
    const auto weights = part_weights(g, p.part, k);
    for (PartId q = 0; q < k; ++q) EXPECT_GT(weights[q], 0) << "part " << q << " is empty";
    Weight heaviest = 0;
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        heaviest = std::max(heaviest, g.vertex_weight(v));
    const double total = double(g.total_vertex_weight()[0]);
    double smallest_target = 1;
    for (PartId q = 0; q < k; ++q) smallest_target = std::min(smallest_target, p.target(q));
    EXPECT_LE(imbalance(g, p)[0],
              1 + options.tolerance + heaviest / (smallest_target * total) + 1e-9);
}

Graph weighted_test_grid() {
    Graph g = grid_graph(24, 18, 3);
    g.ncon = 1;
    for (VertexId v = 0; v < g.num_vertices(); ++v) g.vwgt.push_back(1 + (v * 7919) % 5);
    return g;
}

} // namespace

TEST(Partitioners, EveryMethodGivesKBalancedNonEmptyParts) {
    const Graph g = grid_graph(20, 15, 4);
    for (const std::string& method : kOurMethods)
        for (PartId k : {1, 2, 3, 7, 16, 40}) {
            PartitionOptions options;
            if (method == "hier" && k == 7) options.scheme = "SLICE-X[7]";
            expect_sound(g, method, k, options);
        }
}

TEST(Partitioners, HonourVertexWeightsAndHeterogeneousTargets) {
    const Graph g = weighted_test_grid();
    PartitionOptions options;
    for (int p = 0; p < 6; ++p) options.targets.push_back(double(p + 1) / 21.0);
    for (const std::string& method : kOurMethods) expect_sound(g, method, 6, options);
}

TEST(Partitioners, KEqualToNGivesOneVertexPerPart) {
    const Graph g = grid_graph(3, 3);
    for (const std::string& method : kOurMethods) {
        PartitionOptions options;
        options.scheme = "BEAM-Z[XY][3x3]";
        const auto part = partition_graph(g, method, 9, options).part;
        std::vector<PartId> sorted(part);
        std::sort(sorted.begin(), sorted.end());
        std::vector<PartId> all(9);
        std::iota(all.begin(), all.end(), 0);
        EXPECT_EQ(sorted, all) << method;
    }
}

// METIS left 61 of 100 parts of a 100-vertex graph empty; every method, metis included and
// with the polish, must give k non-empty parts whenever k <= n.
TEST(Partitioners, KCloseToNGivesNoEmptyPart) {
    const Graph g = grid_graph(10, 10);
    std::vector<std::string> methods = kOurMethods;
    methods.push_back("metis");
    for (const std::string& method : methods)
        for (PartId k : {100, 99, 90, 75, 51})
            for (bool polish : {false, true}) {
                PartitionOptions options;
                options.polish = polish;
                const auto part = partition_graph(g, method, k, options).part;
                std::vector<int> size(std::size_t(k), 0);
                for (PartId p : part) ++size[std::size_t(p)];
                EXPECT_EQ(std::count(size.begin(), size.end(), 0), 0)
                    << method << " k=" << k << (polish ? " polished" : "") << " leaves parts empty";
            }
}

TEST(FillEmptyParts, TakesTheLoosestVertexOfTheHeaviestPart) {
    // A path 0-1-2-3-4-5 all in part 0 with parts 1 and 2 empty: the ends have one neighbour
    // inside, so vertex 0 fills part 1; then vertex 1, now an end too, has the lower id.
    const Graph g = path_graph(6);
    std::vector<PartId> part(6, 0);
    EXPECT_EQ(fill_empty_parts(g, 3, part), 2);
    EXPECT_EQ(part, (std::vector<PartId>{1, 2, 0, 0, 0, 0}));
    // Part 1 weighs most (vertex weights), so it gives; part 0 keeps its single vertex.
    Graph weighted = path_graph(4);
    weighted.ncon = 1;
    weighted.vwgt = {1, 5, 5, 5};
    std::vector<PartId> two{0, 1, 1, 1};
    EXPECT_EQ(fill_empty_parts(weighted, 3, two), 1);
    EXPECT_EQ(std::count(two.begin(), two.end(), 2), 1);
    EXPECT_EQ(two[0], 0);
    std::vector<PartId> full{0, 1, 2, 2};
    EXPECT_EQ(fill_empty_parts(weighted, 3, full), 0);
    EXPECT_EQ(full, (std::vector<PartId>{0, 1, 2, 2}));
}

TEST(Partitioners, RcbCutsA4x4GridIntoQuadrants) {
    // First cut across x (both extents are 3, x comes first), then each 2x4 half across y.
    const std::vector<PartId> expected{0, 0, 2, 2, //
                                       0, 0, 2, 2, //
                                       1, 1, 3, 3, //
                                       1, 1, 3, 3};
    EXPECT_EQ(partition_graph(grid_graph(4, 4), "rcb", 4, {}).part, expected);
}

TEST(Partitioners, RcbSplitsAnyK) {
    const auto part = partition_graph(grid_graph(4, 4), "rcb", 3, {}).part;
    std::vector<int> sizes(3, 0);
    for (PartId p : part) ++sizes[p];
    std::sort(sizes.begin(), sizes.end());
    EXPECT_EQ(sizes, (std::vector<int>{5, 5, 6}));
}

TEST(Partitioners, BlocksOfAPathFollowHeterogeneousTargets) {
    const Graph g = path_graph(10);
    PartitionOptions options;
    options.targets = normalise_targets({1, 2, 2}); // 2, 4 and 4 of 10 vertices
    const Permutation identity{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    options.order = &identity;
    EXPECT_EQ(partition_graph(g, "blocks", 3, options).part,
              (std::vector<PartId>{0, 0, 1, 1, 1, 1, 2, 2, 2, 2}));
    options.order = nullptr; // the default Hilbert ordering of points on a line is the line
    EXPECT_EQ(partition_graph(g, "blocks", 3, options).part,
              (std::vector<PartId>{0, 0, 1, 1, 1, 1, 2, 2, 2, 2}));
}

TEST(Partitioners, BlocksCutWeightsAtTheClosestPrefix) {
    Graph g = path_graph(6);
    g.ncon = 1;
    g.vwgt = {1, 2, 3, 4, 5, 6}; // total 21; a third is 7: prefixes 6 and 10, 6 is closer
    const Permutation identity{0, 1, 2, 3, 4, 5};
    EXPECT_EQ(partition_blocks(g, identity, 2, normalise_targets({1, 2})),
              (std::vector<PartId>{0, 0, 0, 1, 1, 1}));
}

TEST(Partitioners, BlocksAreContiguousInTheOrdering) {
    const Graph g = weighted_test_grid();
    const Permutation order = compute_order(g, "hilbert", {});
    const auto part = partition_blocks(g, order, 13, {});
    const auto sequence = inverse_permutation(order);
    for (std::size_t i = 1; i < sequence.size(); ++i) {
        EXPECT_GE(part[sequence[i]], part[sequence[i - 1]]);
        EXPECT_LE(part[sequence[i]], part[sequence[i - 1]] + 1);
    }
}

TEST(Partitioners, FarhatGrowsCompactParts) {
    const Graph g = grid_graph(30, 30);
    const auto farhat = partition_graph(g, "farhat", 4, {}).part;
    const auto rcb = partition_graph(g, "rcb", 4, {}).part;
    // The front sweeps from a corner in diagonal strips: connected, about 3 diagonals of cut.
    EXPECT_LE(edge_cut(g, farhat), WeightSum(2.5 * double(edge_cut(g, rcb))));
    for (VertexId components : components_per_part(g, farhat, 4)) EXPECT_EQ(components, 1);
}

TEST(Partitioners, SameSeedSamePartition) {
    const Graph g = weighted_test_grid();
    for (const std::string& method : kOurMethods) {
        PartitionOptions options;
        options.seed = 11;
        EXPECT_EQ(partition_graph(g, method, 10, options).part,
                  partition_graph(g, method, 10, options).part)
            << method;
    }
}

TEST(Partitioners, RejectBadRequests) {
    const Graph g = grid_graph(4, 4);
    EXPECT_THROW(partition_graph(g, "rcb", 0, {}), InvalidArgument);
    EXPECT_THROW(partition_graph(g, "rcb", 17, {}), InvalidArgument);
    EXPECT_THROW(partition_graph(g, "zigzag", 2, {}), InvalidArgument);
    PartitionOptions options;
    options.targets = {0.5, 0.5, 0.0};
    EXPECT_THROW(partition_graph(g, "blocks", 3, options), InvalidArgument);
    options.targets = {0.5, 0.5};
    EXPECT_THROW(partition_graph(g, "blocks", 3, options), InvalidArgument);
    options.targets.clear();
    const Permutation not_a_permutation(16, 0);
    options.order = &not_a_permutation;
    EXPECT_THROW(partition_graph(g, "blocks", 3, options), InvalidArgument);
    options.order = nullptr;
    options.scheme = "BLOCK[XY][2x2]";
    EXPECT_THROW(partition_graph(g, "hier", 8, options), InvalidArgument); // makes 4
    Graph bare = g;
    bare.coords = {};
    for (const char* method : {"rcb", "inertial", "hier", "blocks"}) {
        try {
            partition_graph(bare, method, 2, {});
            ADD_FAILURE() << method;
        } catch (const InvalidArgument& e) {
            EXPECT_NE(std::string(e.what()).find("needs vertex coordinates"), std::string::npos)
                << e.what();
        }
    }
    PartitionOptions graph_order;
    graph_order.order_method = "rcm";
    EXPECT_NO_THROW(partition_graph(bare, "blocks", 2, graph_order));
}

TEST(HierarchicalScheme, ParsesTheThesisDescriptors) {
    auto s = parse_scheme("BLOCK[YZX][4x2x2]", 3);
    EXPECT_EQ(s.kind, HierarchicalScheme::Kind::Block);
    ASSERT_EQ(s.levels.size(), 3u);
    EXPECT_EQ(s.levels[0].axis, 1);
    EXPECT_EQ(s.levels[0].parts, 4);
    EXPECT_EQ(s.levels[1].axis, 2);
    EXPECT_EQ(s.levels[2].axis, 0);
    EXPECT_EQ(s.num_parts(), 16);
    EXPECT_EQ(format_scheme(s), "BLOCK[YZX][4x2x2]");
    s = parse_scheme("beam-z[yx][4x4]", 2);
    EXPECT_EQ(s.kind, HierarchicalScheme::Kind::Beam);
    EXPECT_EQ(s.named_axis, 2);
    EXPECT_EQ(format_scheme(s), "BEAM-Z[YX][4x4]");
    s = parse_scheme("SLICE-X[16]", 3);
    EXPECT_EQ(s.kind, HierarchicalScheme::Kind::Slice);
    ASSERT_EQ(s.levels.size(), 1u);
    EXPECT_EQ(s.levels[0].axis, 0);
    EXPECT_EQ(s.num_parts(), 16);
}

TEST(HierarchicalScheme, RejectsMalformedDescriptors) {
    for (const char* bad :
         {"BLOK[XYZ][2x2x2]", "BLOCK[YZ][4x2]", "BLOCK[XYZ][2x2]", "BLOCK[XXZ][2x2x2]",
          "BEAM-Z[ZX][4x4]", "BEAM-Q[XY][2x2]", "SLICE-X[0]", "SLICE-X[4", "SLICE-X[]",
          "BEAM-Z[YX][4x]", "BEAM-Z[YX][4x4]junk", "BLOCK[XYW][2x2x2]", "SLICE-X[-3]"})
        EXPECT_THROW(parse_scheme(bad, 3), InvalidArgument) << bad;
    EXPECT_THROW(parse_scheme("BLOCK[XYZ][2x2x2]", 2), InvalidArgument); // no Z in 2D
    EXPECT_THROW(parse_scheme("SLICE-Z[4]", 2), InvalidArgument);
}

TEST(HierarchicalPartition, BlockSchemeCutsOctants) {
    const Graph g = grid_graph(8, 8, 8);
    const auto part = hierarchical_partition(g, parse_scheme("BLOCK[YZX][2x2x2]", 3), 8, {}, 0.03);
    for (int z = 0; z < 8; ++z)
        for (int y = 0; y < 8; ++y)
            for (int x = 0; x < 8; ++x)
                EXPECT_EQ(part[std::size_t(x + 8 * (y + 8 * z))],
                          (y >= 4) * 4 + (z >= 4) * 2 + (x >= 4));
}

TEST(HierarchicalPartition, AutoFollowsTheThesisRules) {
    // A thin slab: Z is 32x denser per cross-section, never cut -> beams along Z.
    EXPECT_EQ(choose_scheme(grid_graph(64, 64, 2), 16).kind, HierarchicalScheme::Kind::Beam);
    EXPECT_EQ(choose_scheme(grid_graph(64, 64, 2), 16).named_axis, 2);
    // A long channel: only X may be cut, and it has more cells than parts -> slices.
    EXPECT_EQ(format_scheme(choose_scheme(grid_graph(256, 8, 8), 16)), "SLICE-X[16]");
    // K beyond the channel's cells along X: no slice thinner than a cell; the density rule
    // is relaxed rather than slicing anyway.
    EXPECT_NE(choose_scheme(grid_graph(256, 8, 8), 512).kind, HierarchicalScheme::Kind::Slice);
    // A cube into 8: blocks have less boundary (3 planes) than any beam.
    EXPECT_EQ(format_scheme(choose_scheme(grid_graph(16, 16, 16), 8)), "BLOCK[XYZ][2x2x2]");
    // A square: beams rather than slices.
    EXPECT_EQ(format_scheme(choose_scheme(grid_graph(40, 40), 16)), "BEAM-Z[XY][4x4]");
}

TEST(Partitioners, PolishLowersTheCutOfHilbertBlocksWithinTolerance) {
    // A grid whose side is not a power of two leaves ragged Hilbert block borders to mend.
    const Graph g = grid_graph(45, 37);
    PartitionOptions options;
    const auto plain = partition_graph(g, "blocks", 12, options).part;
    options.polish = true;
    const auto polished = partition_graph(g, "blocks", 12, options).part;
    EXPECT_LT(edge_cut(g, polished), edge_cut(g, plain));
    const Partition p{12, polished, {}};
    EXPECT_LE(imbalance(g, p)[0], 1.0 + options.tolerance + 1e-9);
    EXPECT_EQ(compute_metrics(g, p).empty_parts, 0);
}
