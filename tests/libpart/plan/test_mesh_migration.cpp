#include <gtest/gtest.h>

#include <numeric>

#include "libpart/mesh/append_meshes.hpp"
#include "libpart/mesh/dataset_totals.hpp"
#include "libpart/plan/mesh_migration.hpp"

using namespace part;

namespace {

// A strip of n triangles over points 0..n+1 (triangle c uses c, c+1, c+2), with a cell field
// and a point field.
Mesh strip(int n) {
    Mesh mesh;
    mesh.dim = 2;
    mesh.point_count = n + 2;
    for (int p = 0; p < n + 2; ++p) {
        mesh.points.push_back(p);
        mesh.points.push_back(p % 2);
    }
    for (int c = 0; c < n; ++c)
        mesh.add_cell(CellType::Triangle, std::vector<PointId>{c, c + 1, c + 2});
    std::vector<double> heat(static_cast<std::size_t>(n)), height(static_cast<std::size_t>(n) + 2);
    for (int c = 0; c < n; ++c) heat[std::size_t(c)] = 10.0 + c;
    for (int p = 0; p < n + 2; ++p) height[std::size_t(p)] = 0.5 * p;
    mesh.cell_data.push_back(MeshArray::from_values("heat", 1, heat));
    mesh.point_data.push_back(MeshArray::from_values("height", 1, height));
    return mesh;
}

// The pieces part-convert --split would write, built in memory: piece p holds the cells of
// part p with GlobalCellIds and GlobalNodeIds.
std::vector<Mesh> pieces_of(const Mesh& mesh, const std::vector<PartId>& part, PartId parts) {
    std::vector<CellId> cells(std::size_t(mesh.num_cells()));
    std::iota(cells.begin(), cells.end(), 0);
    std::vector<Mesh> out;
    for (const MeshPiece& piece : split_mesh(mesh, cells, part, parts, 0)) {
        Mesh m;
        m.dim = mesh.dim;
        m.point_count = PointId(piece.points.size());
        std::vector<PointId> local(std::size_t(mesh.num_points()), -1);
        for (std::size_t i = 0; i < piece.points.size(); ++i) {
            local[std::size_t(piece.points[i])] = PointId(i);
            for (int k = 0; k < mesh.dim; ++k)
                m.points.push_back(mesh.points[std::size_t(piece.points[i] * mesh.dim + k)]);
        }
        std::vector<PointId> nodes;
        for (CellId c : piece.cells) {
            nodes.clear();
            for (PointId p : mesh.cell(c)) nodes.push_back(local[std::size_t(p)]);
            m.add_cell(mesh.cell_types[std::size_t(c)], nodes);
        }
        m.cell_data.push_back(mesh.cell_data[0].subset(piece.cells));
        m.cell_data.push_back(MeshArray::from_values(
            "GlobalCellIds", 1, std::vector<std::int64_t>(piece.cells.begin(), piece.cells.end())));
        m.point_data.push_back(mesh.point_data[0].subset(piece.points));
        m.point_data.push_back(MeshArray::from_values(
            "GlobalNodeIds", 1,
            std::vector<std::int64_t>(piece.points.begin(), piece.points.end())));
        out.push_back(std::move(m));
    }
    return out;
}

} // namespace

TEST(AppendMeshes, ShiftsNodesAndRemembersPieces) {
    const Mesh mesh = strip(4);
    const auto pieces = pieces_of(mesh, {0, 0, 1, 1}, 2);
    std::vector<std::int32_t> piece_of_cell;
    const Mesh all = append_meshes(pieces, &piece_of_cell);
    EXPECT_EQ(all.num_cells(), 4);
    EXPECT_EQ(all.num_points(), pieces[0].num_points() + pieces[1].num_points());
    EXPECT_EQ(piece_of_cell, (std::vector<std::int32_t>{0, 0, 1, 1}));
    // Cell 2 is the first of piece 1: its nodes are shifted by piece 0's point count.
    EXPECT_EQ(all.cell(2)[0], pieces[0].num_points() + pieces[1].cell(0)[0]);
    EXPECT_EQ(all.find_cell_array("heat")->value(3), 13.0);
    validate(all);
}

TEST(AppendMeshes, PiecesWithOtherArraysAreRefused) {
    const Mesh mesh = strip(4);
    auto pieces = pieces_of(mesh, {0, 0, 1, 1}, 2);
    pieces[1].cell_data[0] = MeshArray::from_values("heat", 1, std::vector<float>{1, 2});
    EXPECT_THROW(append_meshes(pieces), MeshError);
}

TEST(DatasetTotals, SameDataInOtherPiecesAgreesAndAnyChangeIsFound) {
    const Mesh mesh = strip(6);
    const auto two = pieces_of(mesh, {0, 0, 0, 1, 1, 1}, 2);
    const auto three = pieces_of(mesh, {2, 0, 1, 2, 0, 1}, 3);
    const DatasetTotals before = dataset_totals(two);
    EXPECT_EQ(before.cells, 6);
    EXPECT_EQ(before.points, 8); // shared points count once
    EXPECT_EQ(first_difference(before, dataset_totals(three)), "");

    // Two cells swap their values: the sums agree but the fingerprint does not.
    auto swapped = three;
    auto& heat = swapped[0].cell_data[0];
    const double a = heat.value(0), b = heat.value(1);
    heat.set_value(0, 0, b);
    heat.set_value(1, 0, a);
    EXPECT_NE(first_difference(before, dataset_totals(swapped)).find("fingerprint"),
              std::string::npos);
    // A changed point value.
    auto changed = three;
    changed[0].point_data[0].set_value(0, 0, 99.0); // the first copy of its point
    EXPECT_NE(first_difference(before, dataset_totals(changed)).find("point field 'height'"),
              std::string::npos);
    // A lost cell.
    const auto fewer = pieces_of(mesh, {0, 0, 0, 1, 1, 1}, 2);
    std::vector<Mesh> one_piece{fewer[0]};
    EXPECT_NE(first_difference(before, dataset_totals(one_piece)).find("3 cells instead of 6"),
              std::string::npos);
}

TEST(MigratePieces, MovesEveryCellOnceToItsNewPart) {
    const Mesh mesh = strip(6);
    const std::vector<PartId> old_part{0, 0, 1, 1, 2, 2}, new_part{1, 0, 0, 1, 1, 0};
    const auto pieces = pieces_of(mesh, old_part, 3);
    const MigrationPlan plan = diff({3, old_part, {}}, {2, new_part, {}});
    const MeshMigration m = migrate_pieces(plan, pieces, std::vector<PartId>{0, 1, 2}, 0);
    EXPECT_EQ(m.old_part, old_part);
    EXPECT_EQ(m.new_part, new_part);
    ASSERT_EQ(m.pieces.size(), 2u);
    EXPECT_EQ(m.pieces[0].cells, (std::vector<CellId>{1, 2, 5}));
    EXPECT_EQ(m.pieces[1].cells, (std::vector<CellId>{0, 3, 4}));
    EXPECT_EQ(m.mesh.find_cell_array("heat")->value(5), 15.0);
    // Point 2 is used by cells of both new parts: it is in both pieces.
    EXPECT_EQ(m.pieces[0].points, (std::vector<PointId>{1, 2, 3, 4, 5, 6, 7}));
    EXPECT_EQ(m.pieces[1].points, (std::vector<PointId>{0, 1, 2, 3, 4, 5, 6}));
}

TEST(MigratePieces, PlanForOtherDataIsRefused) {
    const Mesh mesh = strip(6);
    const std::vector<PartId> old_part{0, 0, 1, 1, 2, 2}, new_part{1, 0, 0, 1, 1, 0};
    const auto pieces = pieces_of(mesh, old_part, 3);
    const std::vector<PartId> parts{0, 1, 2};
    // Pieces listed in another order: the cells' parts no longer match the plan's checksum.
    EXPECT_THROW(migrate_pieces(diff({3, old_part, {}}, {2, new_part, {}}), pieces,
                                std::vector<PartId>{1, 0, 2}, 0),
                 PlanError);
    EXPECT_THROW(
        migrate_pieces(diff({3, {0, 0, 1, 1, 2}, {}}, {2, {1, 0, 0, 1, 1}, {}}), pieces, parts, 0),
        PlanError);
    EXPECT_THROW(
        migrate_pieces(diff({2, {0, 0, 1, 1, 1, 1}, {}}, {2, new_part, {}}), pieces, parts, 0),
        PlanError); // a piece for part 2 of a 2-part plan
    EXPECT_THROW(migrate_pieces(diff({3, old_part, {}}, {2, new_part, {}}), pieces,
                                std::vector<PartId>{0, 0, 2}, 0),
                 PlanError); // part 0 twice
    // A piece missing: global cells 2 and 3 are in no piece.
    const std::vector<Mesh> two{pieces[0], pieces[2]};
    EXPECT_THROW(migrate_pieces(diff({3, old_part, {}}, {2, new_part, {}}), two,
                                std::vector<PartId>{0, 2}, 0),
                 MeshError);
}
