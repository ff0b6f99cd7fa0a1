// Cutting a mesh into sub-meshes (mesh_subset) and putting the parts of one piece back
// together (gather_piece): points shared by two parts become one point again, cells come in
// global id order, and every array follows its cells and points.
#include <gtest/gtest.h>

#include "libpart/mesh/gather_piece.hpp"
#include "libpart/mesh/mesh_pieces.hpp"
#include "libpart/mesh/mesh_subset.hpp"

using namespace part;

namespace {

// An nx x ny strip of unit squares cut into two triangles each, with global ids (cell ids in
// reverse mesh order, so sorting by them is visible) and a field on cells and on points.
Mesh triangle_strip(int nx, int ny) {
    Mesh mesh;
    mesh.dim = 2;
    for (int j = 0; j <= ny; ++j)
        for (int i = 0; i <= nx; ++i) {
            mesh.points.push_back(i);
            mesh.points.push_back(j);
        }
    mesh.point_count = PointId((nx + 1) * (ny + 1));
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i) {
            const PointId a = j * (nx + 1) + i, b = a + 1, c = a + nx + 1, d = c + 1;
            mesh.add_cell(CellType::Triangle, std::vector<PointId>{a, b, d});
            mesh.add_cell(CellType::Triangle, std::vector<PointId>{a, d, c});
        }
    std::vector<std::int64_t> cell_ids(std::size_t(mesh.num_cells())), node_ids;
    std::vector<double> pressure;
    for (std::size_t c = 0; c < cell_ids.size(); ++c) {
        cell_ids[c] = std::int64_t(cell_ids.size() - 1 - c);
        pressure.push_back(0.5 * double(c));
    }
    std::vector<float> height;
    for (PointId p = 0; p < mesh.num_points(); ++p) {
        node_ids.push_back(100 + p);
        height.push_back(float(p) * 2.0f);
    }
    mesh.cell_data.push_back(MeshArray::from_values("GlobalCellIds", 1, cell_ids));
    mesh.cell_data.push_back(MeshArray::from_values("pressure", 1, pressure));
    mesh.point_data.push_back(MeshArray::from_values("GlobalNodeIds", 1, node_ids));
    mesh.point_data.push_back(MeshArray::from_values("height", 1, height));
    validate(mesh);
    return mesh;
}

} // namespace

TEST(MeshSubset, KeepsTheListedCellsOnTheirPointsWithTheirArrays) {
    const Mesh mesh = triangle_strip(6, 3);
    const std::vector<CellId> cells = all_cells(mesh);
    std::vector<PartId> part(cells.size());
    part[0] = 1; // 3 of 28 points
    // Piece 1 is small (the searched path), piece 0 large (the table path).
    const auto pieces = split_mesh(mesh, cells, part, 2, 0);
    for (const MeshPiece& piece : pieces) {
        const Mesh sub = mesh_subset(mesh, cells, piece);
        validate(sub);
        ASSERT_EQ(std::size_t(sub.num_cells()), piece.cells.size());
        EXPECT_EQ(std::size_t(sub.num_points()), piece.points.size());
        const MeshArray& node_ids = *sub.find_point_array("GlobalNodeIds");
        const MeshArray& pressure = *sub.find_cell_array("pressure");
        for (CellId c = 0; c < sub.num_cells(); ++c) {
            const CellId original = piece.cells[std::size_t(c)];
            EXPECT_EQ(pressure.value(std::size_t(c)), 0.5 * double(original));
            const auto nodes = sub.cell(c), expected = mesh.cell(original);
            for (std::size_t k = 0; k < nodes.size(); ++k) {
                EXPECT_EQ(node_ids.value(std::size_t(nodes[k])), 100.0 + expected[k]);
                EXPECT_EQ(sub.points[std::size_t(nodes[k]) * 2],
                          mesh.points[std::size_t(expected[k]) * 2]);
            }
        }
    }
}

TEST(GatherPiece, MergesSharedPointsAndOrdersCellsByGlobalId) {
    const Mesh mesh = triangle_strip(5, 4);
    const std::vector<CellId> cells = all_cells(mesh);
    std::vector<PartId> part(cells.size());
    for (std::size_t c = 0; c < part.size(); ++c) part[c] = PartId(c % 3);
    const auto pieces = split_mesh(mesh, cells, part, 3, 0);
    std::vector<Mesh> parts;
    std::size_t sent_points = 0;
    for (const MeshPiece& piece : pieces) {
        parts.push_back(mesh_subset(mesh, cells, piece));
        sent_points += piece.points.size();
    }
    const Mesh joined = gather_piece(parts);
    validate(joined);
    ASSERT_EQ(joined.num_cells(), mesh.num_cells());
    EXPECT_LT(std::size_t(mesh.num_points()), sent_points); // the parts shared points
    EXPECT_EQ(joined.num_points(), mesh.num_points());      // which are one point again
    const MeshArray& cell_ids = *joined.find_cell_array("GlobalCellIds");
    const MeshArray& pressure = *joined.find_cell_array("pressure");
    const MeshArray& node_ids = *joined.find_point_array("GlobalNodeIds");
    const MeshArray& height = *joined.find_point_array("height");
    // The points too come in global id order, whichever part sent them first.
    for (PointId p = 1; p < joined.num_points(); ++p)
        EXPECT_LT(node_ids.value(std::size_t(p - 1)), node_ids.value(std::size_t(p)));
    for (CellId c = 0; c < joined.num_cells(); ++c) {
        EXPECT_EQ(cell_ids.value(std::size_t(c)), double(c)); // in global id order
        const auto original = CellId(mesh.num_cells() - 1 - c);
        EXPECT_EQ(pressure.value(std::size_t(c)), 0.5 * double(original));
        const auto nodes = joined.cell(c), expected = mesh.cell(original);
        for (std::size_t k = 0; k < nodes.size(); ++k) {
            EXPECT_EQ(node_ids.value(std::size_t(nodes[k])), 100.0 + expected[k]);
            EXPECT_EQ(height.value(std::size_t(nodes[k])), 2.0 * expected[k]);
        }
    }
}

TEST(GatherPiece, RefusesPartsWithoutGlobalIds) {
    Mesh mesh = triangle_strip(2, 1);
    mesh.point_data.erase(mesh.point_data.begin()); // GlobalNodeIds
    EXPECT_THROW(gather_piece(std::vector<Mesh>{mesh}), MeshError);
}
