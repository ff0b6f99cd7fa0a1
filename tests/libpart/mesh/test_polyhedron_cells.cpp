// Polyhedra: cells of any shape that carry their faces. Two are neighbours in the dual graph
// when one holds a whole face of the other, as fixed-shape cells are; a face list that does
// not fit its cell is a MeshError; the faces follow their cells when cells are dropped or cut
// out.
#include <gtest/gtest.h>

#include "libpart/mesh/mesh.hpp"
#include "libpart/mesh/mesh_graph.hpp"
#include "libpart/mesh/mesh_subset.hpp"

using namespace part;

namespace {

// The faces of a cube on nodes 0-3 (bottom) and 4-7 (top) by local node, as Mesh takes them.
const std::vector<std::int32_t> kCubeFaces = {4, 0, 3, 2, 1, 4, 4, 5, 6, 7, 4, 0, 1, 5, 4,
                                              4, 1, 2, 6, 5, 4, 2, 3, 7, 6, 4, 3, 0, 4, 7};

// Cubes along x on the lattice points (i, j, k), i = 0..n, j, k = 0..1; cube c as a
// polyhedron when `polyhedron(c)`, else as a hexahedron.
template <typename IsPolyhedron> Mesh row_of_cubes(int n, IsPolyhedron polyhedron) {
    Mesh mesh;
    mesh.point_count = 4 * (n + 1);
    for (int i = 0; i <= n; ++i)
        for (const auto& [y, z] : {std::pair{0, 0}, {1, 0}, {1, 1}, {0, 1}})
            mesh.points.insert(mesh.points.end(), {double(i), double(y), double(z)});
    for (int c = 0; c < n; ++c) {
        // Points of layer i: 4i + (0: y0z0, 1: y1z0, 2: y1z1, 3: y0z1).
        const PointId a = 4 * c, b = 4 * (c + 1);
        const std::vector<PointId> nodes = {a, b, b + 1, a + 1, a + 3, b + 3, b + 2, a + 2};
        if (polyhedron(c))
            mesh.add_cell(CellType::Polyhedron, nodes, kCubeFaces);
        else
            mesh.add_cell(CellType::Hexahedron, nodes);
    }
    return mesh;
}

std::string validate_error(const Mesh& mesh) {
    try {
        validate(mesh);
    } catch (const MeshError& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST(PolyhedronCells, NeighboursShareAFaceWithPolyhedraAndHexahedraAlike) {
    // Cubes 1 and 3 polyhedra, 0, 2 and 4 hexahedra: the dual graph is the path 0-1-2-3-4.
    const Mesh mesh = row_of_cubes(5, [](int c) { return c % 2 == 1; });
    validate(mesh);
    const DualGraph dual = build_dual_graph(mesh);
    EXPECT_EQ(dual.graph.xadj, (std::vector<EdgeOffset>{0, 1, 3, 5, 7, 8}));
    EXPECT_EQ(dual.graph.adjncy, (std::vector<VertexId>{1, 0, 2, 1, 3, 2, 4, 3}));
}

TEST(PolyhedronCells, PolyhedraSharingThreeNodesOfAQuadrangleAreNotNeighbours) {
    const Mesh two = row_of_cubes(2, [](int) { return true; });
    // The second cube's node at (1, 1, 0) moved to a new point: the cubes now share three of
    // the four nodes of the face between them, which is not a face.
    Mesh apart = two;
    apart.point_count += 1;
    apart.points.insert(apart.points.end(), {1.0, 1.0, -0.5});
    ASSERT_EQ(apart.cell_nodes[8 + 3], 5);
    apart.cell_nodes[8 + 3] = 12;
    validate(apart);
    EXPECT_EQ(build_dual_graph(two).graph.num_edges(), 1);
    EXPECT_EQ(build_dual_graph(apart).graph.num_edges(), 0);
}

TEST(PolyhedronCells, FaceListsThatDoNotFitTheirCellAreErrors) {
    Mesh mesh = row_of_cubes(1, [](int) { return true; });
    ASSERT_EQ(validate_error(mesh), "");
    Mesh bad = mesh;
    bad.cell_faces[1] = 8; // a node past the cube's 8
    EXPECT_NE(validate_error(bad).find("names node 8 of a cell of 8"), std::string::npos);
    bad = mesh;
    bad.cell_faces[0] = 2; // a face of two nodes
    EXPECT_NE(validate_error(bad).find("face 1 has 2 nodes"), std::string::npos);
    bad = mesh;
    bad.cell_faces.resize(17); // three faces and the start of a fourth
    bad.face_offsets.back() = 17;
    EXPECT_NE(validate_error(bad).find("face 4 has 4 nodes or runs past"), std::string::npos);
    bad.cell_faces.resize(15); // three faces
    bad.face_offsets.back() = 15;
    EXPECT_NE(validate_error(bad).find("has 3 faces: expected 4 or more"), std::string::npos);
    bad = mesh;
    bad.face_offsets.clear();
    bad.cell_faces.clear();
    EXPECT_NE(validate_error(bad).find("has 0 faces: expected 4 or more"), std::string::npos);
    bad = row_of_cubes(1, [](int) { return false; });
    bad.face_offsets = {0, 5};
    bad.cell_faces = {3, 0, 1, 2, 0};
    EXPECT_NE(validate_error(bad).find("only polyhedra have one"), std::string::npos);
}

TEST(PolyhedronCells, FacesFollowTheirCellsWhenCellsAreDroppedOrCutOut) {
    Mesh mesh = row_of_cubes(3, [](int c) { return c != 1; });
    // A boundary triangle between the cubes: keep_top_dimensional_cells drops it.
    const std::vector<PointId> triangle = {0, 1, 2};
    Mesh with_boundary;
    with_boundary.point_count = mesh.point_count;
    with_boundary.points = mesh.points;
    with_boundary.add_cell(CellType::Triangle, triangle);
    for (CellId c = 0; c < mesh.num_cells(); ++c)
        with_boundary.add_cell(mesh.cell_types[std::size_t(c)], mesh.cell(c), mesh.faces(c));
    keep_top_dimensional_cells(with_boundary);
    EXPECT_EQ(with_boundary.cell_types, mesh.cell_types);
    EXPECT_EQ(with_boundary.face_offsets, mesh.face_offsets);
    EXPECT_EQ(with_boundary.cell_faces, mesh.cell_faces);
    validate(with_boundary);

    // Cube 2 alone on its 8 points.
    const std::vector<CellId> cells = all_cells(mesh);
    MeshPiece piece;
    piece.cells = {2};
    piece.num_owned = 1;
    piece.points = {8, 9, 10, 11, 12, 13, 14, 15};
    const Mesh cut = mesh_subset(mesh, cells, piece);
    EXPECT_EQ(cut.cell_types, (std::vector<CellType>{CellType::Polyhedron}));
    EXPECT_EQ(std::vector<std::int32_t>(cut.faces(0).begin(), cut.faces(0).end()), kCubeFaces);
    validate(cut);
}
