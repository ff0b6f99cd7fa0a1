// Ghost layers of new pieces over a mesh spread on the ranks, by VTK's node-sharing rule:
// layer L of piece q holds the cells of other parts sharing a point with the piece's cells up
// to layer L - 1, whichever rank holds which cell.
#include <gtest/gtest.h>

#include <set>

#include "libpart/core/mix64.hpp"
#include "libpart/mpi/distributed_ghost_cells.hpp"
#include "tests/mpi/grid_mesh_pieces.hpp"
#include "tests/mpi/shared_scratch.hpp"

using namespace part;
using namespace part::test;

namespace {

std::vector<CellId> round_robin_cells(const Mesh& whole) {
    std::vector<CellId> cells;
    for (CellId c = world_rank(); c < whole.num_cells(); c += world_size()) cells.push_back(c);
    return cells;
}

// The pieces each of this rank's cells is a ghost of, as ghost_pieces returns them.
std::vector<std::vector<PartId>> ghost_lists(const Mesh& whole, const std::vector<CellId>& cells,
                                             const std::vector<PartId>& part, int layers) {
    const MeshShare share = share_of(whole, cells);
    std::vector<PartId> local_part;
    for (CellId c : cells) local_part.push_back(part[std::size_t(c)]);
    const mpi::GhostPieces ghosts =
        mpi::ghost_pieces(MPI_COMM_WORLD, share.mesh, share.node_ids, local_part, layers);
    EXPECT_EQ(ghosts.offsets.size(), cells.size() + 1);
    std::vector<std::vector<PartId>> lists;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const auto of = ghosts.of(CellId(i));
        lists.emplace_back(of.begin(), of.end());
    }
    return lists;
}

// The rule applied to the whole mesh, piece by piece.
std::vector<std::vector<PartId>> expected_ghosts(const Mesh& whole, const std::vector<PartId>& part,
                                                 PartId pieces, int layers) {
    std::vector<std::vector<PartId>> result(std::size_t(whole.num_cells()));
    for (PartId q = 0; q < pieces; ++q) {
        std::set<CellId> reached; // the piece and its layers so far
        for (CellId c = 0; c < whole.num_cells(); ++c)
            if (part[std::size_t(c)] == q) reached.insert(c);
        for (int layer = 0; layer < layers; ++layer) {
            std::set<PointId> points;
            for (CellId c : reached)
                for (PointId p : whole.cell(c)) points.insert(p);
            std::vector<CellId> added;
            for (CellId c = 0; c < whole.num_cells(); ++c) {
                if (reached.count(c)) continue;
                for (PointId p : whole.cell(c))
                    if (points.count(p)) {
                        added.push_back(c);
                        break;
                    }
            }
            for (CellId c : added) {
                reached.insert(c);
                result[std::size_t(c)].push_back(q); // pieces come in increasing q
            }
        }
    }
    return result;
}

} // namespace

TEST(DistributedGhostCells, AStripOfSixQuadsInThreePieces) {
    const Mesh whole = grid_mesh(6, 1);
    const std::vector<PartId> part{0, 0, 1, 1, 2, 2};
    const std::vector<CellId> cells = round_robin_cells(whole);
    const std::vector<std::vector<PartId>> one_layer{{}, {1}, {0}, {2}, {1}, {}};
    const std::vector<std::vector<PartId>> two_layers{{1}, {1}, {0, 2}, {0, 2}, {1}, {1}};
    const auto got_one = ghost_lists(whole, cells, part, 1);
    const auto got_two = ghost_lists(whole, cells, part, 2);
    const auto got_none = ghost_lists(whole, cells, part, 0);
    for (std::size_t i = 0; i < cells.size(); ++i) {
        EXPECT_EQ(got_one[i], one_layer[std::size_t(cells[i])]) << "cell " << cells[i];
        EXPECT_EQ(got_two[i], two_layers[std::size_t(cells[i])]) << "cell " << cells[i];
        EXPECT_TRUE(got_none[i].empty()) << "cell " << cells[i];
    }
}

TEST(DistributedGhostCells, ACornerPointMakesAGhostOfADiagonalCell) {
    // 2 x 2 quads, one piece each: every cell touches the other three at least at the centre.
    const Mesh whole = grid_mesh(2, 2);
    const std::vector<PartId> part{0, 1, 2, 3};
    const std::vector<CellId> cells = round_robin_cells(whole);
    const auto got = ghost_lists(whole, cells, part, 1);
    for (std::size_t i = 0; i < cells.size(); ++i) {
        std::vector<PartId> others;
        for (PartId q = 0; q < 4; ++q)
            if (q != part[std::size_t(cells[i])]) others.push_back(q);
        EXPECT_EQ(got[i], others) << "cell " << cells[i];
    }
}

TEST(DistributedGhostCells, RandomPiecesFollowTheNodeSharingRule) {
    for (std::uint64_t seed : {4u, 5u}) {
        const Mesh whole =
            grid_mesh(7, 6, true, [&](int i, int j) { return mix64(seed + i * 31 + j) % 2; });
        const PartId pieces = 5;
        std::vector<PartId> part;
        for (CellId c = 0; c < whole.num_cells(); ++c)
            part.push_back(PartId(mix64(seed * 977 + std::uint64_t(c)) % pieces));
        std::vector<CellId> cells;
        for (CellId c = 0; c < whole.num_cells(); ++c)
            if (int(mix64(seed * 13 + std::uint64_t(c)) % std::uint64_t(world_size())) ==
                world_rank())
                cells.push_back(c);
        for (int layers : {1, 2, 3}) {
            SCOPED_TRACE("seed " + std::to_string(seed) + " layers " + std::to_string(layers));
            const auto expected = expected_ghosts(whole, part, pieces, layers);
            const auto got = ghost_lists(whole, cells, part, layers);
            for (std::size_t i = 0; i < cells.size(); ++i)
                EXPECT_EQ(got[i], expected[std::size_t(cells[i])]) << "cell " << cells[i];
        }
    }
}
