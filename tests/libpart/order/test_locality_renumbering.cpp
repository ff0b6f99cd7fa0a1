#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>

#include "libpart/core/graph_builder.hpp"
#include "libpart/core/part_components.hpp"
#include "libpart/order/locality_renumbering.hpp"
#include "libpart/order/permutation.hpp"
#include "tests/support/grid_graph.hpp"
#include "tests/support/shuffled_renumbering.hpp"

using namespace part;
using part::test::grid_graph;
using part::test::shuffled_renumbering;

namespace {

// A 4 x 3 grid with two constraints, sizes, edge weights and coordinates, all distinct.
Graph grid_with_every_attribute() {
    Graph g = grid_graph(4, 3);
    g.ncon = 2;
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        g.vwgt.push_back(v + 1);
        g.vwgt.push_back(100 + v);
        g.vsize.push_back(7 * v + 2);
    }
    // An edge's weight from its two ends, the same in both directions.
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        for (VertexId u : g.neighbours(v))
            g.adjwgt.push_back(1 + std::min(u, v) * 31 + std::max(u, v));
    return g;
}

} // namespace

TEST(LocalityRenumbering, RenumberedGraphCarriesEveryRowAndAttribute) {
    const Graph g = grid_with_every_attribute();
    const Renumbering r = shuffled_renumbering(g.num_vertices());
    const Graph h = renumbered_graph(g, r);
    validate(h);
    ASSERT_EQ(h.num_vertices(), g.num_vertices());
    ASSERT_EQ(h.ncon, 2);
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        const VertexId i = r.new_of[v];
        ASSERT_EQ(h.degree(i), g.degree(v));
        for (VertexId k = 0; k < g.degree(v); ++k) {
            EXPECT_EQ(h.adjncy[h.xadj[i] + k], r.new_of[g.adjncy[g.xadj[v] + k]]);
            EXPECT_EQ(h.adjwgt[h.xadj[i] + k], g.adjwgt[g.xadj[v] + k]);
        }
        EXPECT_EQ(h.vertex_weight(i, 0), g.vertex_weight(v, 0));
        EXPECT_EQ(h.vertex_weight(i, 1), g.vertex_weight(v, 1));
        EXPECT_EQ(h.vertex_size(i), g.vertex_size(v));
        EXPECT_EQ(h.coords.at(i, 0), g.coords.at(v, 0));
        EXPECT_EQ(h.coords.at(i, 1), g.coords.at(v, 1));
    }
}

TEST(LocalityRenumbering, ValuesGoToTheNewOrderAndBack) {
    const Renumbering r = shuffled_renumbering(50);
    std::vector<PartId> values(50);
    for (PartId v = 0; v < 50; ++v) values[std::size_t(v)] = v * v % 7;
    const std::vector<PartId> renumbered = in_new_order(values, r);
    for (VertexId i = 0; i < 50; ++i)
        EXPECT_EQ(renumbered[std::size_t(i)], values[std::size_t(r.old_of[i])]);
    EXPECT_EQ(in_old_order(renumbered, r), values);
    EXPECT_EQ(in_new_order(values, Renumbering{}), values); // the identity
}

TEST(LocalityRenumbering, PartMajorOrderListsEachComponentOfEachPartInOneRange) {
    // A 6 x 6 grid: part 1 is the middle column pair, which splits part 0 in two components.
    const Graph g = grid_graph(6, 6);
    std::vector<PartId> part(36);
    for (VertexId v = 0; v < 36; ++v) part[std::size_t(v)] = (v % 6 == 2 || v % 6 == 3) ? 1 : 0;
    const Renumbering r = part_major_renumbering(g, part);
    // Exactly the order in which breadth_first_part_order lists components and their vertices.
    ASSERT_EQ(find_part_components(g, part).num_components(), 3);
    EXPECT_EQ(r.old_of, breadth_first_part_order(g, part));
    for (VertexId v = 0; v < 36; ++v) EXPECT_EQ(r.old_of[std::size_t(r.new_of[v])], v);
    // In the new numbering each component is a range: the renumbered partition changes part
    // at most twice along the ids (0 | 1 | 0 in order of the components' lowest vertices).
    const std::vector<PartId> renumbered = in_new_order(part, r);
    int changes = 0;
    for (std::size_t i = 1; i < renumbered.size(); ++i)
        changes += renumbered[i] != renumbered[i - 1];
    EXPECT_EQ(changes, 2);
}

TEST(LocalityRenumbering, OnlyLargeGraphsWithScatteredNeighboursNeedIt) {
    const Graph grid = grid_graph(400, 400); // 160,000 vertices, neighbours within 400 ids
    ASSERT_GE(grid.num_vertices(), kLocalityMinVertices);
    EXPECT_FALSE(scatters_neighbours(grid));
    const Graph scattered = renumbered_graph(grid, shuffled_renumbering(grid.num_vertices()));
    EXPECT_TRUE(scatters_neighbours(scattered));
    // The renumbering brings the neighbours back together.
    const std::vector<PartId> one_part(std::size_t(grid.num_vertices()), 0);
    EXPECT_FALSE(scatters_neighbours(
        renumbered_graph(scattered, part_major_renumbering(scattered, one_part))));
    // A scattered graph small enough to stay in the caches is left as it is.
    const Graph small = grid_graph(100, 100);
    EXPECT_FALSE(
        scatters_neighbours(renumbered_graph(small, shuffled_renumbering(small.num_vertices()))));
}

TEST(LocalityRenumbering, RenumbersGraphAndPartsInPlaceOnlyWhenItPays) {
    Graph small = grid_graph(20, 20);
    std::vector<PartId> part(400);
    for (VertexId v = 0; v < 400; ++v) part[std::size_t(v)] = v % 20 < 10 ? 0 : 1;
    const std::vector<PartId> small_part = part;
    EXPECT_TRUE(renumber_for_locality(small, part).empty());
    EXPECT_EQ(part, small_part);
    EXPECT_EQ(small.adjncy, grid_graph(20, 20).adjncy);

    const Graph grid = grid_graph(400, 400);
    const Renumbering shuffle = shuffled_renumbering(grid.num_vertices());
    Graph scattered = renumbered_graph(grid, shuffle);
    std::vector<PartId> halves(std::size_t(grid.num_vertices()));
    for (VertexId v = 0; v < grid.num_vertices(); ++v)
        halves[std::size_t(shuffle.new_of[v])] = v % 400 < 200 ? 0 : 1; // x < 200: part 0
    const Graph before = scattered;
    const std::vector<PartId> halves_before = halves;
    const Renumbering r = renumber_for_locality(scattered, halves);
    ASSERT_FALSE(r.empty());
    EXPECT_EQ(halves, in_new_order(halves_before, r));
    EXPECT_EQ(scattered.adjncy, renumbered_graph(before, r).adjncy);
    // Two parts of one piece each: one range per part, in the order of their lowest vertices.
    EXPECT_TRUE(std::is_sorted(halves.begin(), halves.end()) ||
                std::is_sorted(halves.rbegin(), halves.rend()));
}
