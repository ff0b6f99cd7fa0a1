#include <gtest/gtest.h>

#include <filesystem>

#include "formats/mesh_file.hpp"
#include "formats/metis_mesh.hpp"
#include "formats/vtk_mesh.hpp"
#include "libpart/mesh/mesh_graph.hpp"
#include "tests/formats/expect_mesh_error.hpp"
#include "tests/support/address_space_cap.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

// A boundary triangle and two tetrahedra, with a point array and typed cell arrays.
Mesh sample_mesh() {
    Mesh mesh;
    mesh.dim = 3;
    mesh.points = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1};
    mesh.point_count = 5;
    mesh.add_cell(CellType::Triangle, std::vector<PointId>{0, 1, 2});
    mesh.add_cell(CellType::Tetrahedron, std::vector<PointId>{0, 1, 2, 3});
    mesh.add_cell(CellType::Tetrahedron, std::vector<PointId>{1, 2, 3, 4});
    mesh.cell_data.push_back(MeshArray::from_values("tag", 1, std::vector<std::int32_t>{7, 8, 9}));
    mesh.cell_data.push_back(
        MeshArray::from_values("velocity", 3, std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8, 9}));
    mesh.point_data.push_back(
        MeshArray::from_values("pressure", 1, std::vector<double>{0.5, 1.5, 2.5, 3.5, 4.5}));
    return mesh;
}

const char* kLegacyTetra = "# vtk DataFile Version 3.0\ntest\nASCII\nDATASET UNSTRUCTURED_GRID\n"
                           "POINTS 5 double\n0 0 0 1 0 0 0 1 0 0 0 1 1 1 1\n";

} // namespace

TEST(MetisMesh, ReadsMetisExampleMesh) {
    const std::string path = "/usr/share/doc/libmetis-dev/examples/graphs/metis.mesh";
    if (!file_exists(path)) GTEST_SKIP() << "libmetis-doc not installed";
    const Mesh mesh = formats::read_mesh(path);
    EXPECT_EQ(mesh.num_cells(), 7434);
    EXPECT_EQ(mesh.cell_types[0], CellType::Triangle);
    EXPECT_EQ(mesh.dim, 0);
    EXPECT_TRUE(build_dual_graph(mesh).graph.coords.empty());
}

TEST(MetisMesh, FourNodeElementsAreTetrahedraOrQuadrilaterals) {
    ScratchDir dir;
    EXPECT_EQ(formats::read_mesh(dir.write("tets.mesh", "2\n1 2 3 4\n2 3 4 5\n")).cell_types[0],
              CellType::Tetrahedron);
    EXPECT_EQ(formats::read_mesh(dir.write("quads.mesh", "2\n1 2 5 4\n2 3 6 5\n")).cell_types[0],
              CellType::Quadrilateral);
    const Mesh mixed = formats::read_mesh(
        dir.write("mixed.mesh", "% comment\n2 1\n3 1 2 3 4\n5 2 3 4 5 6 7 8 9\n"));
    EXPECT_EQ(mixed.cell_types[0], CellType::Tetrahedron);
    EXPECT_EQ(mixed.cell_types[1], CellType::Hexahedron);
    EXPECT_EQ(mixed.num_points(), 9);
    EXPECT_EQ(mixed.find_cell_array("metis:weight")->value(1), 5);
}

TEST(MetisMesh, WriteThenReadKeepsCells) {
    ScratchDir dir;
    const Mesh mesh = sample_mesh();
    const auto cells = top_dimensional_cells(mesh);
    formats::write_metis_mesh(dir.file("out.mesh"), mesh, cells);
    EXPECT_EQ(read_text(dir.file("out.mesh")), "2\n1 2 3 4\n2 3 4 5\n");
}

TEST(MetisMeshErrors, BadInputsNameTheLine) {
    ScratchDir dir;
    expect_mesh_error(dir.write("zero.mesh", "1\n0 1 2\n"),
                      ":2: node id 0 is out of range: METIS mesh node ids start at 1");
    expect_mesh_error(dir.write("seven.mesh", "2\n1 2 3\n1 2 3 4 5 6 7\n"),
                      ":3: element 2 has 7 node ids");
    expect_mesh_error(dir.write("short.mesh", "3\n1 2 3\n2 3 4\n"),
                      ":3: file ends after 2 of the 3 elements");
    expect_mesh_error(dir.write("empty.mesh", ""), "empty mesh");
    expect_mesh_error(dir.write("none.mesh", "0\n"), ":1: empty mesh");
    expect_mesh_error(dir.write("word.mesh", "1\n1 2 x\n"), ":2: expected a node id");
}

// Mutation findings R4: a corrupted element count or node id sized arrays before anything
// checked it ("error: out of memory", no file named).
TEST(MetisMeshErrors, CorruptedCountsAreRefusedBeforeTheyCostMemory) {
    ScratchDir dir;
    const std::string count = dir.write("count.mesh", "1000000000\n1 2 3\n");
    const std::string node = dir.write("node.mesh", "2\n1 2 3\n2 2147483647 3\n");
    const AddressSpaceCap cap(std::size_t(512) << 20);
    expect_mesh_error(count, "count.mesh:2: file ends after 1 of the 1000000000 elements");
    expect_mesh_error(node, "node.mesh:3: node id 2147483647 but the file references at most 6 "
                            "nodes");
}

// A strip of 14 tetrahedra, each sharing a face with the next; `short_line` (1-based
// element) loses its last node.
std::string tetrahedron_strip(int short_line) {
    std::string text = "14\n";
    for (int e = 1; e <= 14; ++e) {
        const int nodes = e == short_line ? 3 : 4;
        for (int k = 0; k < nodes; ++k)
            text += std::to_string(e + k) + (k + 1 < nodes ? " " : "\n");
    }
    return text;
}

TEST(MetisMeshErrors, ElementMissingANodeAmongTetrahedra) {
    ScratchDir dir;
    EXPECT_EQ(formats::read_mesh(dir.write("strip.mesh", tetrahedron_strip(0))).num_cells(), 14);
    // Read before as 13 quadrilaterals and a triangle, a 2D mesh.
    expect_mesh_error(dir.write("short.mesh", tetrahedron_strip(7)),
                      "short.mesh:8: element 7 has 3 node ids (a triangle, 2D) but element 1 has "
                      "4 node ids (a tetrahedron, 3D) on line 2");
    // Read before as tetrahedra and a line cell the dual graph left out.
    expect_mesh_error(dir.write("line.mesh", "3\n1 2 3 4\n2 3 4 5\n% c\n4 5\n"),
                      "line.mesh:5: element 3 has 2 node ids (a line, 1D)");
}

TEST(MetisMesh, TrianglesAndQuadrilateralsMix) {
    ScratchDir dir;
    const Mesh mesh = formats::read_mesh(dir.write("mixed2d.mesh", "2\n1 2 5 4\n2 3 5\n"));
    EXPECT_EQ(mesh.cell_types[0], CellType::Quadrilateral);
    EXPECT_EQ(mesh.cell_types[1], CellType::Triangle);
}

TEST(VtkMesh, VtuRoundTripKeepsCellsAndTypedArrays) {
    ScratchDir dir;
    const Mesh mesh = sample_mesh();
    const std::vector<CellId> cells = top_dimensional_cells(mesh);
    formats::write_vtu(dir.file("out.vtu"), mesh, cells,
                       {MeshArray::from_values("partition", 1, std::vector<std::int32_t>{0, 1})});
    const Mesh back = formats::read_mesh(dir.file("out.vtu"));
    EXPECT_EQ(back.num_points(), 5);
    ASSERT_EQ(back.num_cells(), 2);
    EXPECT_EQ(back.cell_types[1], CellType::Tetrahedron);
    EXPECT_EQ(std::vector<PointId>(back.cell(1).begin(), back.cell(1).end()),
              (std::vector<PointId>{1, 2, 3, 4}));
    ASSERT_NE(back.find_cell_array("tag"), nullptr);
    EXPECT_EQ(back.find_cell_array("tag")->type(), ScalarType::Int32);
    EXPECT_EQ(back.find_cell_array("tag")->value(1), 9);
    EXPECT_EQ(back.find_cell_array("velocity")->components(), 3);
    EXPECT_EQ(back.find_cell_array("velocity")->value(1, 2), 9);
    EXPECT_EQ(back.find_cell_array("partition")->value(1), 1);
    EXPECT_EQ(back.find_point_array("pressure")->value(4), 4.5);
}

// Polygons (VTK_POLYGON): two pentagons sharing an edge and a square touching one of them at a
// corner only. Their faces are their edges, so the dual graph has the one edge; a .vtu keeps
// them; a polygon of 2 nodes is refused.
TEST(VtkMesh, PolygonsShareEdgesAndRoundTripThroughVtu) {
    Mesh mesh;
    mesh.dim = 2;
    mesh.points = {0, 0, 2, 0, 2, 2, 1, 3, 0, 2, 4, 0, 4, 2, 3, 3, 2, -1, 3, -1, 3, -2, 2, -2};
    mesh.point_count = 12;
    mesh.add_cell(CellType::Polygon, std::vector<PointId>{0, 1, 2, 3, 4});
    mesh.add_cell(CellType::Polygon, std::vector<PointId>{1, 5, 6, 7, 2});
    mesh.add_cell(CellType::Polygon, std::vector<PointId>{8, 9, 10, 11}); // apart
    validate(mesh);
    EXPECT_EQ(build_dual_graph(mesh).graph.num_edges(), 1);
    ScratchDir dir;
    formats::write_vtu(dir.file("p.vtu"), mesh, all_cells(mesh), {});
    const Mesh back = formats::read_mesh(dir.file("p.vtu"));
    EXPECT_EQ(back.cell_types, mesh.cell_types);
    EXPECT_EQ(back.cell_nodes, mesh.cell_nodes);
    EXPECT_EQ(build_dual_graph(back).graph.num_edges(), 1);
    // Sharing a corner only (the square's last corner moved onto point 5, the second pentagon's)
    // makes no edge.
    mesh.cell_nodes.back() = 5;
    EXPECT_EQ(build_dual_graph(mesh).graph.num_edges(), 1);
    Mesh line = mesh;
    line.add_cell(CellType::Polygon, std::vector<PointId>{0, 1});
    EXPECT_THROW(
        {
            try {
                validate(line);
            } catch (const MeshError& e) {
                EXPECT_NE(std::string(e.what()).find("polygon) has 2 nodes: expected 3 to 255"),
                          std::string::npos)
                    << e.what();
                throw;
            }
        },
        MeshError);
}

TEST(VtkMesh, ReadsLegacyVtk) {
    ScratchDir dir;
    const std::string text =
        std::string(kLegacyTetra) +
        "CELLS 2 10\n4 0 1 2 3\n4 1 2 3 4\nCELL_TYPES 2\n10\n10\n"
        "CELL_DATA 2\nSCALARS density double 1\nLOOKUP_TABLE default\n1.25 2.5\n";
    const Mesh mesh = formats::read_mesh(dir.write("two.vtk", text));
    EXPECT_EQ(mesh.num_cells(), 2);
    EXPECT_EQ(mesh.find_cell_array("density")->value(1), 2.5);
    EXPECT_EQ(build_dual_graph(mesh).graph.num_edges(), 1);
}

TEST(VtkMeshErrors, BadInputs) {
    ScratchDir dir;
    expect_mesh_error(
        dir.write("bezier.vtk", std::string(kLegacyTetra) +
                                    "CELLS 1 11\n10 0 1 2 3 4 0 1 2 3 4\nCELL_TYPES 1\n78\n"),
        "cell 0 has VTK cell type 78 (vtkBezierTetra), which is not supported");
    expect_mesh_error(dir.write("range.vtk", std::string(kLegacyTetra) +
                                                 "CELLS 1 5\n4 0 1 2 9\nCELL_TYPES 1\n10\n"),
                      "cell 0 refers to point 9, out of range: the grid has points 0..4");
    expect_mesh_error(dir.write("short.vtk", std::string(kLegacyTetra) +
                                                 "CELLS 1 4\n3 0 1 2\nCELL_TYPES 1\n10\n"),
                      "cell 0 (tetrahedron) has 3 points: expected 4 (missing nodes)");
    expect_mesh_error(
        dir.write("empty.vtk", std::string(kLegacyTetra) + "CELLS 0 0\nCELL_TYPES 0\n"),
        "empty mesh");
    expect_mesh_error(dir.write("garbage.vtu", "<VTKFile type=\"UnstructuredGrid\"> not xml"),
                      "not well-formed XML");
    expect_mesh_error(
        dir.write("polydata.vtk",
                  "# vtk DataFile Version 3.0\nx\nASCII\nDATASET POLYDATA\nPOINTS 0 float\n"),
        "not a legacy VTK unstructured grid");
    expect_mesh_error(dir.file("missing.vtu"), "does not exist");
    expect_mesh_error(dir.write("mesh.obj", "v 0 0 0\n"), "unknown mesh format '.obj'");
}

// A .vtu whose inline base64 connectivity held a stray character read as a mesh whose later
// cells VTK left at point 0: every such cell shared that point and building the dual graph
// took quadratic time. A cell collapsed to one point is now refused, naming the file.
TEST(VtkMeshErrors, CellCollapsedToAPointIsRefused) {
    ScratchDir dir;
    const std::string vtu =
        "<VTKFile type=\"UnstructuredGrid\" version=\"1.0\" byte_order=\"LittleEndian\">\n"
        "<UnstructuredGrid><Piece NumberOfPoints=\"4\" NumberOfCells=\"3\">\n"
        "<Points><DataArray type=\"Float64\" NumberOfComponents=\"3\" format=\"ascii\">\n"
        "0 0 0 1 0 0 0 1 0 1 1 0</DataArray></Points>\n<Cells>\n"
        "<DataArray type=\"Int32\" Name=\"connectivity\" format=\"ascii\">0 1 2 1 3 2 "
        "0 0 0</DataArray>\n"
        "<DataArray type=\"Int32\" Name=\"offsets\" format=\"ascii\">3 6 9</DataArray>\n"
        "<DataArray type=\"UInt8\" Name=\"types\" format=\"ascii\">5 5 5</DataArray>\n"
        "</Cells></Piece></UnstructuredGrid></VTKFile>\n";
    expect_mesh_error(dir.write("collapsed.vtu", vtu),
                      "cell 3 (triangle) has all its 3 nodes at point 0 of the 4 points");
    expect_mesh_error(dir.write("collapsed.mesh", "2\n1 2 3\n4 4 4\n"),
                      "cell 2 (triangle) has all its 3 nodes at point 3");
}

TEST(VtkMesh, PvtuPiecesCarryGlobalIdsAndGhosts) {
    ScratchDir dir;
    const Mesh mesh = sample_mesh();
    const std::vector<CellId> cells = top_dimensional_cells(mesh);
    const std::vector<PartId> part = {0, 1};
    const auto pieces = split_mesh(mesh, cells, part, 2, 1);
    formats::write_pvtu(dir.file("out.pvtu"), mesh, cells, pieces,
                        {MeshArray::from_values("partition", 1, part)}, 1);
    EXPECT_TRUE(file_exists(dir.file("out_0.vtu")));
    EXPECT_TRUE(file_exists(dir.file("out_1.vtu")));
    const Mesh piece = formats::read_mesh(dir.file("out_1.vtu"));
    ASSERT_EQ(piece.num_cells(), 2); // owned cell 1, ghost cell 0
    EXPECT_EQ(piece.find_cell_array("GlobalCellIds")->value(0), 1);
    EXPECT_EQ(piece.find_cell_array("GlobalCellIds")->value(1), 0);
    EXPECT_EQ(piece.find_cell_array("vtkGhostType")->value(0), 0);
    EXPECT_EQ(piece.find_cell_array("vtkGhostType")->value(1), 1);
    EXPECT_EQ(piece.find_cell_array("partition")->value(1), 0);
    EXPECT_EQ(piece.find_cell_array("tag")->value(0), 9);
    EXPECT_EQ(piece.find_point_array("GlobalNodeIds")->value(4), 4);
    EXPECT_EQ(piece.find_point_array("pressure")->value(4), 4.5);
    // Nothing but the outputs is left in the folder.
    int files = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path())) ++files;
    EXPECT_EQ(files, 3);
}

TEST(VtkMesh, EmptyPartsWriteNoPiece) {
    ScratchDir dir;
    const Mesh mesh = sample_mesh();
    const std::vector<CellId> cells = top_dimensional_cells(mesh);
    const std::vector<PartId> part = {0, 2}; // part 1 is empty
    const auto pieces = split_mesh(mesh, cells, part, 3, 1);
    formats::write_pvtu(dir.file("out.pvtu"), mesh, cells, pieces,
                        {MeshArray::from_values("partition", 1, part)}, 1);
    // VTK's parallel writer leaves empty pieces out of the folder and of the summary.
    EXPECT_FALSE(file_exists(dir.file("out_1.vtu")));
    const std::string summary = read_text(dir.file("out.pvtu"));
    EXPECT_EQ(summary.find("out_1.vtu"), std::string::npos) << summary;
    EXPECT_NE(summary.find("out_2.vtu"), std::string::npos) << summary;
    const Mesh piece = formats::read_mesh(dir.file("out_2.vtu"));
    EXPECT_EQ(piece.num_cells(), 2); // owned cell 1 and its ghost
    EXPECT_EQ(piece.find_cell_array("partition")->value(0), 2);
    EXPECT_EQ(piece.num_points(), 5);
}
