#include <gtest/gtest.h>
#include <omp.h>

#include <set>
#include <utility>

#include "libpart/mesh/dual_adjacency.hpp"
#include "libpart/mesh/join_pieces.hpp"
#include "libpart/mesh/mesh_graph.hpp"
#include "libpart/mesh/mesh_pieces.hpp"
#include "libpart/mesh/mesh_weights.hpp"
#include "libpart/mesh/node_cells.hpp"

using namespace part;

namespace {

struct CellSpec {
    CellType type;
    std::vector<PointId> nodes;
};

Mesh make_mesh(int dim, std::vector<double> points, const std::vector<CellSpec>& cells) {
    Mesh mesh;
    mesh.dim = dim;
    mesh.point_count = PointId(points.size() / std::size_t(dim));
    mesh.points = std::move(points);
    for (const auto& c : cells) mesh.add_cell(c.type, c.nodes);
    validate(mesh);
    return mesh;
}

using EdgeSet = std::set<std::pair<VertexId, VertexId>>;

// The undirected edges of a graph, after checking it is a valid symmetric graph.
EdgeSet edges_of(const Graph& g) {
    validate(g);
    EdgeSet edges;
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        for (VertexId u : g.neighbours(v)) edges.insert({std::min(u, v), std::max(u, v)});
    return edges;
}

EdgeSet dual_edges(const Mesh& mesh, int ncommon = 0) {
    return edges_of(build_dual_graph(mesh, ncommon).graph);
}

// Hexahedra on an nx x ny x nz grid of unit cubes, in VTK node order.
Mesh hex_grid(int nx, int ny, int nz) {
    std::vector<double> points;
    for (int k = 0; k <= nz; ++k)
        for (int j = 0; j <= ny; ++j)
            for (int i = 0; i <= nx; ++i)
                points.insert(points.end(), {double(i), double(j), double(k)});
    auto id = [&](int i, int j, int k) { return PointId(i + (nx + 1) * (j + (ny + 1) * k)); };
    std::vector<CellSpec> cells;
    for (int k = 0; k < nz; ++k)
        for (int j = 0; j < ny; ++j)
            for (int i = 0; i < nx; ++i)
                cells.push_back({CellType::Hexahedron,
                                 {id(i, j, k), id(i + 1, j, k), id(i + 1, j + 1, k),
                                  id(i, j + 1, k), id(i, j, k + 1), id(i + 1, j, k + 1),
                                  id(i + 1, j + 1, k + 1), id(i, j + 1, k + 1)}});
    return make_mesh(3, points, cells);
}

// A hexahedron with a wedge on its x = 1 face, a tetrahedron on the wedge's triangle, a
// pyramid on the hexahedron's top and a tetrahedron on one of the pyramid's triangles.
Mesh mixed_3d() {
    std::vector<double> points = {0, 0, 0, 1, 0,   0,  1,   1,   0,   0, 1,   0,  0,
                                  0, 1, 1, 0, 1,   1,  1,   1,   0,   1, 1,   2,  0,
                                  0, 2, 1, 0, 1.5, -1, 0.5, 0.5, 0.5, 2, 0.5, -1, 1.5};
    return make_mesh(3, points,
                     {{CellType::Hexahedron, {0, 1, 2, 3, 4, 5, 6, 7}},
                      {CellType::Wedge, {1, 8, 5, 2, 9, 6}},
                      {CellType::Tetrahedron, {1, 8, 5, 10}},
                      {CellType::Pyramid, {4, 5, 6, 7, 11}},
                      {CellType::Tetrahedron, {4, 5, 11, 12}}});
}

} // namespace

TEST(DualGraph, TrianglesSharingAnEdgeAreAdjacent) {
    Mesh mesh = make_mesh(2, {0, 0, 1, 0, 0, 1, 1, 1},
                          {{CellType::Triangle, {0, 1, 2}}, {CellType::Triangle, {1, 3, 2}}});
    EXPECT_EQ(dual_edges(mesh), (EdgeSet{{0, 1}}));
}

TEST(DualGraph, TrianglesSharingOnlyAVertexAreAdjacentOnlyWithNcommonOne) {
    Mesh mesh = make_mesh(2, {0, 0, 1, 0, 1, 1, 2, 1, 2, 2},
                          {{CellType::Triangle, {0, 1, 2}}, {CellType::Triangle, {2, 3, 4}}});
    EXPECT_TRUE(dual_edges(mesh).empty());
    EXPECT_EQ(dual_edges(mesh, 1), (EdgeSet{{0, 1}}));
    EXPECT_TRUE(dual_edges(mesh, 2).empty());
}

TEST(DualGraph, MixedQuadrilateralsAndTriangles) {
    // quad 0 shares edge 1-4 with triangle 1 and edge 3-4 with triangle 2; the triangles share
    // node 4.
    Mesh mesh = make_mesh(2, {0, 0, 1, 0, 2, 0, 0, 1, 1, 1, 0, 2},
                          {{CellType::Quadrilateral, {0, 1, 4, 3}},
                           {CellType::Triangle, {1, 2, 4}},
                           {CellType::Triangle, {4, 5, 3}}});
    EXPECT_EQ(dual_edges(mesh), (EdgeSet{{0, 1}, {0, 2}}));
    EXPECT_EQ(dual_edges(mesh, 1), (EdgeSet{{0, 1}, {0, 2}, {1, 2}}));
}

TEST(DualGraph, QuadrilateralsSharingAnEdgeButNotADiagonalCorner) {
    Mesh mesh = make_mesh(2, {0, 0, 1, 0, 2, 0, 0, 1, 1, 1, 2, 1, 0, 2, 1, 2},
                          {{CellType::Quadrilateral, {0, 1, 4, 3}},
                           {CellType::Quadrilateral, {1, 2, 5, 4}},
                           {CellType::Quadrilateral, {4, 5, 7, 6}}});
    // 0-1 share an edge, 1-2 share edge 4-5, 0-2 share only node 4 (diagonal neighbours).
    EXPECT_EQ(dual_edges(mesh), (EdgeSet{{0, 1}, {1, 2}}));
}

TEST(DualGraph, TetrahedraSharingAFaceNotAnEdge) {
    Mesh mesh = make_mesh(3, {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1, -1, -1, 0, -1, 0, -1},
                          {{CellType::Tetrahedron, {0, 1, 2, 3}},
                           {CellType::Tetrahedron, {1, 2, 3, 4}},
                           {CellType::Tetrahedron, {0, 1, 5, 6}}});
    EXPECT_EQ(dual_edges(mesh), (EdgeSet{{0, 1}}));
    EXPECT_EQ(dual_edges(mesh, 3), (EdgeSet{{0, 1}}));
    EXPECT_EQ(dual_edges(mesh, 2), (EdgeSet{{0, 1}, {0, 2}}));
}

TEST(DualGraph, HexahedraShareFacesNotEdgesOrCorners) {
    Mesh mesh = hex_grid(2, 2, 2);
    const EdgeSet faces = dual_edges(mesh);
    EXPECT_EQ(faces.size(), 12u); // a 2x2x2 block of cubes has 12 interior faces
    EXPECT_EQ(dual_edges(mesh, 4), faces);
    EXPECT_EQ(dual_edges(mesh, 3), faces);            // conforming hexahedra share 1, 2 or 4 nodes
    EXPECT_EQ(dual_edges(mesh, 2).size(), 12u + 12u); // plus the pairs sharing an edge
    EXPECT_EQ(dual_edges(mesh, 1).size(), 28u);       // every pair shares the centre node
}

TEST(DualGraph, MixedHexWedgeTetPyramid) {
    Mesh mesh = mixed_3d();
    EXPECT_EQ(dual_edges(mesh), (EdgeSet{{0, 1}, {1, 2}, {0, 3}, {3, 4}}));
    EXPECT_EQ(dual_edges(mesh, 3), (EdgeSet{{0, 1}, {1, 2}, {0, 3}, {3, 4}}));
    // Two shared nodes: the tetrahedra touch the hexahedron along edges 1-5 and 4-5, the
    // pyramid touches the wedge along 5-6, and the tetrahedra each other at node 5 only.
    EXPECT_EQ(dual_edges(mesh, 2),
              (EdgeSet{{0, 1}, {1, 2}, {0, 3}, {3, 4}, {0, 2}, {0, 4}, {1, 3}}));
}

TEST(DualGraph, NcommonFollowsMetisAllButOneNodeRule) {
    // METIS also joins cells sharing all but one of either's nodes: triangles sharing an
    // edge are adjacent even with ncommon = 3.
    Mesh mesh = make_mesh(2, {0, 0, 1, 0, 0, 1, 1, 1},
                          {{CellType::Triangle, {0, 1, 2}}, {CellType::Triangle, {1, 3, 2}}});
    EXPECT_EQ(dual_edges(mesh, 3), (EdgeSet{{0, 1}}));
}

TEST(DualGraph, OnlyTopDimensionalCellsAreVertices) {
    Mesh mesh = make_mesh(3, {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1},
                          {{CellType::Triangle, {0, 1, 2}},
                           {CellType::Line, {0, 1}},
                           {CellType::Tetrahedron, {0, 1, 2, 3}},
                           {CellType::Tetrahedron, {1, 2, 3, 4}}});
    DualGraph dual = build_dual_graph(mesh);
    EXPECT_EQ(dual.cells, (std::vector<CellId>{2, 3}));
    EXPECT_EQ(edges_of(dual.graph), (EdgeSet{{0, 1}}));
}

TEST(DualGraph, NeighboursInMetisDiscoveryOrder) {
    // Cell 1's first node (4) is in cell 2 only; its second (1) in cell 0: METIS lists 2 before 0.
    Mesh mesh = make_mesh(2, {0, 0, 1, 0, 2, 0, 0, 1, 1, 1, 2, 1},
                          {{CellType::Triangle, {0, 1, 3}},
                           {CellType::Triangle, {4, 1, 3}},
                           {CellType::Triangle, {1, 2, 4}}});
    DualGraph dual = build_dual_graph(mesh);
    const auto n = dual.graph.neighbours(1);
    EXPECT_EQ(std::vector<VertexId>(n.begin(), n.end()), (std::vector<VertexId>{2, 0}));
}

TEST(DualGraph, CentroidsAreGraphCoordinates) {
    Mesh mesh = make_mesh(2, {0, 0, 3, 0, 0, 3, 3, 3},
                          {{CellType::Triangle, {0, 1, 2}}, {CellType::Triangle, {1, 3, 2}}});
    const Graph g = build_dual_graph(mesh).graph;
    ASSERT_EQ(g.coords.dim, 2);
    EXPECT_DOUBLE_EQ(g.coords.at(0, 0), 1.0);
    EXPECT_DOUBLE_EQ(g.coords.at(0, 1), 1.0);
    EXPECT_DOUBLE_EQ(g.coords.at(1, 0), 2.0);
    EXPECT_DOUBLE_EQ(g.coords.at(1, 1), 2.0);
}

namespace {

// mixed_3d() with boundary cells between and after the volumes (a quad on the hexahedron's
// bottom, a triangle of the first tetrahedron, an edge) and a cell array numbering the cells.
Mesh mixed_3d_with_boundary() {
    const Mesh volumes = mixed_3d();
    Mesh mesh;
    mesh.dim = 3;
    mesh.points = volumes.points;
    mesh.point_count = volumes.point_count;
    mesh.add_cell(CellType::Quadrilateral, std::vector<PointId>{0, 1, 2, 3});
    for (CellId c = 0; c < volumes.num_cells(); ++c) {
        mesh.add_cell(volumes.cell_types[c], volumes.cell(c));
        if (c == 1) mesh.add_cell(CellType::Line, std::vector<PointId>{1, 8});
    }
    mesh.add_cell(CellType::Triangle, std::vector<PointId>{1, 8, 10});
    std::vector<std::int32_t> ids(std::size_t(mesh.num_cells()));
    for (std::size_t c = 0; c < ids.size(); ++c) ids[c] = std::int32_t(100 + c);
    mesh.cell_data.push_back(MeshArray::from_values("id", 1, ids));
    validate(mesh);
    return mesh;
}

// Triangles and quadrilaterals with boundary lines first.
Mesh mixed_2d_with_boundary() {
    return make_mesh(2, {0, 0, 1, 0, 2, 0, 0, 1, 1, 1, 2, 1, 0, 2, 1, 2, 2, 2},
                     {{CellType::Line, {0, 1}},
                      {CellType::Quadrilateral, {0, 1, 4, 3}},
                      {CellType::Triangle, {1, 2, 5}},
                      {CellType::Triangle, {1, 5, 4}},
                      {CellType::Line, {2, 5}},
                      {CellType::Quadrilateral, {3, 4, 7, 6}},
                      {CellType::Triangle, {4, 5, 8}},
                      {CellType::Triangle, {4, 8, 7}}});
}

// Two tetrahedra on a face and a third on an edge of the first, as in TetrahedraSharingAFace.
Mesh tetrahedra() {
    return make_mesh(3, {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1, -1, -1, 0, -1, 0, -1},
                     {{CellType::Tetrahedron, {0, 1, 2, 3}},
                      {CellType::Tetrahedron, {1, 2, 3, 4}},
                      {CellType::Tetrahedron, {0, 1, 5, 6}}});
}

} // namespace

TEST(MeshTopCells, KeepTopDimensionalCellsCompactsInOrder) {
    Mesh mesh = mixed_3d_with_boundary();
    const std::vector<CellId> top = top_dimensional_cells(mesh);
    ASSERT_EQ(top, (std::vector<CellId>{1, 2, 4, 5, 6}));
    const Mesh before = mesh;
    keep_top_dimensional_cells(mesh);
    validate(mesh);
    ASSERT_EQ(mesh.num_cells(), CellId(top.size()));
    for (std::size_t i = 0; i < top.size(); ++i) {
        EXPECT_EQ(mesh.cell_types[i], before.cell_types[std::size_t(top[i])]);
        const auto now = mesh.cell(CellId(i)), then = before.cell(top[i]);
        EXPECT_TRUE(std::equal(now.begin(), now.end(), then.begin(), then.end())) << i;
        EXPECT_EQ(mesh.cell_data[0].value(i), 100 + top[i]);
    }
    EXPECT_EQ(mesh.points, before.points);
    const Mesh compacted = mesh;
    keep_top_dimensional_cells(mesh); // nothing left to drop
    EXPECT_EQ(mesh.cell_nodes, compacted.cell_nodes);
    EXPECT_EQ(mesh.cell_offsets, compacted.cell_offsets);
}

// The streamed rows (every cell of the compacted mesh) must be exactly the rows of
// build_dual_graph (a list of top-dimensional cells), neighbour order included, for every
// element type and rule; part-convert writes the former, other callers use the latter.
TEST(DualAdjacency, RowsOfTheCompactedMeshEqualBuildDualGraph) {
    const std::vector<std::pair<std::string, Mesh>> meshes = {
        {"hexahedra", hex_grid(3, 2, 2)},
        {"hex wedge tet pyramid", mixed_3d_with_boundary()},
        {"triangles and quads", mixed_2d_with_boundary()},
        {"tetrahedra", tetrahedra()}};
    for (const auto& [name, mesh] : meshes)
        for (int ncommon : {0, 1, 2, 3, 4}) {
            SCOPED_TRACE(name + ", ncommon " + std::to_string(ncommon));
            const Graph reference = build_dual_graph(mesh, ncommon).graph;
            Mesh compacted = mesh;
            keep_top_dimensional_cells(compacted);
            const std::vector<CellId> all = all_cells(compacted);
            DualAdjacency streamed(compacted, all, ncommon);
            ASSERT_EQ(streamed.num_vertices(), reference.num_vertices());
            EXPECT_EQ(streamed.count_entries(), EdgeOffset(reference.adjncy.size()));
            for (VertexId v = 0; v < reference.num_vertices(); ++v) {
                const auto row = streamed.neighbours(v), expected = reference.neighbours(v);
                EXPECT_TRUE(std::equal(row.begin(), row.end(), expected.begin(), expected.end()))
                    << "vertex " << v;
            }
            const Coordinates centroids = cell_centroids(mesh, top_dimensional_cells(mesh));
            std::vector<double> centre(std::size_t(mesh.dim));
            for (VertexId v = 0; v < reference.num_vertices(); ++v) {
                cell_centroid(compacted, v, centre);
                for (int a = 0; a < mesh.dim; ++a) EXPECT_EQ(centre[a], centroids.at(v, a));
            }
        }
    EXPECT_GT(build_dual_graph(hex_grid(3, 2, 2)).graph.num_edges(), 0);
    const Mesh tets = tetrahedra();
    EXPECT_THROW(DualAdjacency(tets, all_cells(tets), -1), InvalidArgument);
}

// Rows are found in blocks shared among the threads: the graph must not depend on how many.
TEST(DualAdjacency, RowsDoNotDependOnTheThreadCount) {
    const Mesh mesh = hex_grid(40, 30, 20); // more cells than one block of rows
    const std::vector<CellId> all = all_cells(mesh);
    auto rows_on = [&](int threads) {
        omp_set_num_threads(threads);
        DualAdjacency adjacency(mesh, all, 0);
        std::vector<std::vector<VertexId>> rows;
        for (VertexId v = 0; v < adjacency.num_vertices(); ++v) {
            const auto row = adjacency.neighbours(v);
            rows.emplace_back(row.begin(), row.end());
        }
        return std::pair{adjacency.count_entries(), rows};
    };
    const int threads = omp_get_max_threads();
    const auto one = rows_on(1), three = rows_on(3);
    omp_set_num_threads(threads);
    EXPECT_EQ(one.first, three.first);
    EXPECT_EQ(one.first, EdgeOffset(2 * (39 * 30 * 20 + 40 * 29 * 20 + 40 * 30 * 19)));
    EXPECT_TRUE(one.second == three.second);
}

TEST(NodalGraph, PointsSharingACellAreAdjacent) {
    Mesh two = make_mesh(2, {0, 0, 1, 0, 0, 1, 1, 1},
                         {{CellType::Triangle, {0, 1, 2}}, {CellType::Triangle, {1, 3, 2}}});
    EXPECT_EQ(edges_of(build_nodal_graph(two)), (EdgeSet{{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}}));
    // METIS's nodal graph joins every pair of a cell's nodes, diagonals of a hexahedron included.
    const Graph hex = build_nodal_graph(hex_grid(1, 1, 1));
    EXPECT_EQ(edges_of(hex).size(), 28u);
    EXPECT_EQ(hex.coords.dim, 3);
}

TEST(MeshPieces, OwnedCellsThenOneGhostLayer) {
    // A strip of four quadrilaterals, parts 0 0 1 1.
    Mesh mesh = make_mesh(2, {0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 0, 1, 1, 1, 2, 1, 3, 1, 4, 1},
                          {{CellType::Quadrilateral, {0, 1, 6, 5}},
                           {CellType::Quadrilateral, {1, 2, 7, 6}},
                           {CellType::Quadrilateral, {2, 3, 8, 7}},
                           {CellType::Quadrilateral, {3, 4, 9, 8}}});
    const std::vector<CellId> cells = top_dimensional_cells(mesh);
    const std::vector<PartId> part = {0, 0, 1, 1};
    auto pieces = split_mesh(mesh, cells, part, 2, 1);
    ASSERT_EQ(pieces.size(), 2u);
    EXPECT_EQ(pieces[0].cells, (std::vector<CellId>{0, 1, 2}));
    EXPECT_EQ(pieces[0].num_owned, 2u);
    EXPECT_EQ(pieces[1].cells, (std::vector<CellId>{2, 3, 1}));
    EXPECT_EQ(pieces[0].points, (std::vector<PointId>{0, 1, 2, 3, 5, 6, 7, 8}));
    auto no_ghosts = split_mesh(mesh, cells, part, 2, 0);
    EXPECT_EQ(no_ghosts[1].cells, (std::vector<CellId>{2, 3}));
    EXPECT_EQ(no_ghosts[1].points, (std::vector<PointId>{2, 3, 4, 7, 8, 9}));
    auto two_layers = split_mesh(mesh, cells, part, 2, 2);
    EXPECT_EQ(two_layers[0].cells, (std::vector<CellId>{0, 1, 2, 3}));
    EXPECT_THROW(split_mesh(mesh, cells, std::vector<PartId>{0, 1}, 2, 0), InvalidArgument);
    EXPECT_THROW(split_mesh(mesh, cells, std::vector<PartId>{0, 1, 2, 1}, 2, 0), InvalidArgument);
}

TEST(MeshWeights, IntegerArraysBecomeWeights) {
    const auto array = MeshArray::from_values("w", 2, std::vector<double>{1, 10, 2, 20, 3, 30});
    EXPECT_EQ(weights_from_array(array), (std::vector<Weight>{1, 10, 2, 20, 3, 30}));
    EXPECT_EQ(weights_from_array(array, std::vector<CellId>{2, 0}),
              (std::vector<Weight>{3, 30, 1, 10}));
    EXPECT_THROW(weights_from_array(MeshArray::from_values("w", 1, std::vector<double>{1.5})),
                 InvalidArgument);
    EXPECT_THROW(weights_from_array(MeshArray::from_values("w", 1, std::vector<std::int32_t>{-1})),
                 InvalidArgument);
}

TEST(MeshValidate, RejectsBadMeshes) {
    Mesh mesh = make_mesh(2, {0, 0, 1, 0, 0, 1}, {{CellType::Triangle, {0, 1, 2}}});
    Mesh out_of_range = mesh;
    out_of_range.cell_nodes[2] = 3;
    EXPECT_THROW(validate(out_of_range), MeshError);
    Mesh only_points;
    only_points.dim = 2;
    only_points.point_count = 1;
    only_points.points = {0, 0};
    only_points.add_cell(CellType::Vertex, std::vector<PointId>{0});
    EXPECT_THROW(validate(only_points), MeshError);
    Mesh bad_array = mesh;
    bad_array.cell_data.push_back(MeshArray::from_values("a", 1, std::vector<float>{1, 2}));
    EXPECT_THROW(validate(bad_array), MeshError);
}

TEST(JoinPieces, OwnedCellsBackInGlobalOrderOnSharedPoints) {
    // Two pieces of a two-triangle mesh appended: piece 0 owns global cell 1 and has global
    // cell 0 as a ghost; piece 1 owns cell 0. Points are duplicated per piece.
    Mesh appended = make_mesh(2, {1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 0, 1},
                              {{CellType::Triangle, {0, 1, 2}},
                               {CellType::Triangle, {3, 0, 2}},
                               {CellType::Triangle, {3, 4, 5}}});
    appended.point_data.push_back(
        MeshArray::from_values("GlobalNodeIds", 1, std::vector<std::int64_t>{1, 3, 2, 0, 1, 2}));
    appended.cell_data.push_back(
        MeshArray::from_values("GlobalCellIds", 1, std::vector<std::int64_t>{1, 0, 0}));
    appended.cell_data.push_back(
        MeshArray::from_values("vtkGhostType", 1, std::vector<std::uint8_t>{0, 1, 0}));
    appended.cell_data.push_back(
        MeshArray::from_values("partition", 1, std::vector<std::int32_t>{0, 1, 1}));
    const Mesh joined = join_pieces(appended);
    EXPECT_EQ(joined.num_points(), 4);
    ASSERT_EQ(joined.num_cells(), 2);
    EXPECT_EQ(std::vector<PointId>(joined.cell(0).begin(), joined.cell(0).end()),
              (std::vector<PointId>{0, 1, 2}));
    EXPECT_EQ(std::vector<PointId>(joined.cell(1).begin(), joined.cell(1).end()),
              (std::vector<PointId>{1, 3, 2}));
    ASSERT_EQ(joined.cell_data.size(), 1u);
    EXPECT_EQ(joined.cell_data[0].value(0), 1);
    EXPECT_EQ(joined.points[2 * 3], 1.0); // global point 3 came from appended point 1: (1, 1)
    EXPECT_EQ(edges_of(build_dual_graph(joined).graph), (EdgeSet{{0, 1}}));

    Mesh twice = appended;
    twice.cell_data[1] =
        MeshArray::from_values("vtkGhostType", 1, std::vector<std::uint8_t>{0, 0, 0});
    EXPECT_THROW(join_pieces(twice), MeshError);
    Mesh no_ids = appended;
    no_ids.point_data.clear();
    EXPECT_THROW(join_pieces(no_ids), MeshError);
}
