// The dual graph of a mesh whose cells are spread over the ranks: the same neighbours and
// centroids as the serial dual graph of the whole mesh, whichever rank holds which cell, with
// unit weights and no edge weights.
#include <gtest/gtest.h>

#include "libpart/core/mix64.hpp"
#include "libpart/mesh/mesh_graph.hpp"
#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/distributed_dual_graph.hpp"
#include "tests/mpi/grid_mesh_pieces.hpp"
#include "tests/mpi/shared_scratch.hpp"

using namespace part;
using namespace part::test;

namespace {

mpi::DistributedGraph dual_of_share(const MeshShare& share) {
    return mpi::distributed_dual_graph(MPI_COMM_WORLD, share.mesh, share.cell_ids, share.node_ids);
}

// This rank's cells when cell c goes to rank owner(c).
template <typename Owner> std::vector<CellId> cells_of_rank(const Mesh& whole, Owner owner) {
    std::vector<CellId> cells;
    for (CellId c = 0; c < whole.num_cells(); ++c)
        if (owner(c) == world_rank()) cells.push_back(c);
    return cells;
}

// Every owned vertex has the serial dual graph's neighbours and centroid.
void expect_serial_dual_graph(const Mesh& whole, const mpi::DistributedGraph& g) {
    const DualGraph serial = build_dual_graph(whole);
    EXPECT_EQ(g.global_vertices, serial.graph.num_vertices());
    EXPECT_EQ(g.global_edges, serial.graph.num_edges());
    EXPECT_FALSE(g.has_edge_weights);
    ASSERT_EQ(g.local.coords.dim, whole.dim);
    for (VertexId i = 0; i < g.num_owned(); ++i) {
        const VertexId c = g.global_id[std::size_t(i)];
        const auto got = g.local.neighbours(i);
        const auto expected = serial.graph.neighbours(c);
        EXPECT_EQ(std::vector<VertexId>(got.begin(), got.end()),
                  std::vector<VertexId>(expected.begin(), expected.end()))
            << "cell " << c;
        EXPECT_EQ(g.local.vertex_weight(i), 1);
        for (int a = 0; a < whole.dim; ++a)
            EXPECT_DOUBLE_EQ(g.local.coords.at(i, a), serial.graph.coords.at(c, a)) << "cell " << c;
    }
}

} // namespace

TEST(DistributedDualGraph, AStripOfQuadsDealtRoundRobinIsAPath) {
    const Mesh whole = grid_mesh(5, 1);
    const int ranks = world_size();
    const mpi::DistributedGraph g =
        dual_of_share(share_of(whole, cells_of_rank(whole, [&](CellId c) { return c % ranks; })));
    EXPECT_EQ(g.global_vertices, 5);
    EXPECT_EQ(g.global_edges, 4);
    for (VertexId i = 0; i < g.num_owned(); ++i) {
        const VertexId c = g.global_id[std::size_t(i)];
        EXPECT_EQ(c % ranks, world_rank());
        std::vector<VertexId> expected;
        if (c > 0) expected.push_back(c - 1);
        if (c < 4) expected.push_back(c + 1);
        const auto got = g.local.neighbours(i);
        EXPECT_EQ(std::vector<VertexId>(got.begin(), got.end()), expected) << "cell " << c;
        EXPECT_DOUBLE_EQ(g.local.coords.at(i, 0), c + 0.5);
        EXPECT_DOUBLE_EQ(g.local.coords.at(i, 1), 0.5);
    }
}

TEST(DistributedDualGraph, ScatteredTrianglesGiveTheSerialDualGraph) {
    for (std::uint64_t seed : {1u, 2u, 3u}) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Mesh whole =
            grid_mesh(6, 5, true, [&](int i, int j) { return mix64(seed * 100 + i * 7 + j) % 2; });
        const auto owner = [&](CellId c) {
            return int(mix64(seed * 1000 + std::uint64_t(c)) % std::uint64_t(world_size()));
        };
        expect_serial_dual_graph(whole,
                                 dual_of_share(share_of(whole, cells_of_rank(whole, owner))));
    }
}

TEST(DistributedDualGraph, RanksWithoutCellsStillLearnTheLayout) {
    // Blocks of rows on all ranks but the last, which holds nothing.
    const Mesh whole = grid_mesh(4, 6);
    const int holders = std::max(1, world_size() - 1);
    const auto owner = [&](CellId c) { return int(c / 4) * holders / 6; };
    const mpi::DistributedGraph g = dual_of_share(share_of(whole, cells_of_rank(whole, owner)));
    if (world_size() > 1 && world_rank() == world_size() - 1) {
        EXPECT_EQ(g.num_owned(), 0);
        EXPECT_EQ(g.local.coords.dim, 2);
        EXPECT_EQ(g.local.ncon, 1);
    }
    expect_serial_dual_graph(whole, g);
}

TEST(DistributedDualGraph, CellsOutOfOrderFailOnEveryRank) {
    const Mesh whole = grid_mesh(3, 1);
    MeshShare share =
        share_of(whole, world_rank() == 0 ? std::vector<CellId>{0, 1, 2} : std::vector<CellId>{});
    if (world_rank() == 0) std::swap(share.cell_ids[0], share.cell_ids[1]);
    EXPECT_THROW(dual_of_share(share), mpi::CollectiveError);
}
