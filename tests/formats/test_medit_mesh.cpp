// Medit meshes: files gmsh wrote read as the same mesh as gmsh's .msh of it, METIS meshes
// under the same extension still read as METIS, prisms come out in VTK's node order, and every
// malformed file is an error naming its line.
#include <gtest/gtest.h>

#include "formats/mesh_file.hpp"
#include "libpart/mesh/mesh_graph.hpp"
#include "tests/formats/expect_mesh_error.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

// Two triangles on four vertices and a boundary edge. Line numbers: 4 Vertices, 5 its count,
// 6-9 the vertices, 10-12 Edges, 13-16 Triangles, 17 End.
const std::string kTriangles = "Triangles\n2\n1 2 3 0\n2 4 3 0\n";
const std::string kVertices = "Vertices\n4\n0 0 0\n1 0 0\n0 1 0\n1 1 0\n";
std::string small_medit(const std::string& triangles = kTriangles,
                        const std::string& vertices = kVertices, const std::string& end = "End\n") {
    return "# two triangles\nMeshVersionFormatted 2\nDimension 2\n" + vertices +
           "Edges\n1\n1 2 5\n" + triangles + end;
}

std::vector<PointId> nodes(const Mesh& mesh, CellId c) {
    return {mesh.cell(c).begin(), mesh.cell(c).end()};
}

} // namespace

TEST(MeditMesh, GmshsMeditFileReadsAsItsMsh) {
    for (const char* name : {"box3d_coarse", "mixed2d"}) {
        SCOPED_TRACE(name);
        const Mesh medit =
            formats::read_mesh(source_file(std::string("tests/data/") + name + ".mesh"));
        const Mesh msh =
            formats::read_mesh(source_file(std::string("tests/data/") + name + ".msh"));
        EXPECT_EQ(cells_and_dual_edges(medit), cells_and_dual_edges(msh));
        // gmsh writes the elements of its physical groups (mixed2d's "wall" lines) with their
        // elementary entity's tag as the Medit reference.
        EXPECT_EQ(boundary_elements_per_tag(medit),
                  boundary_elements_per_tag(msh, "gmsh:geometrical"));
        EXPECT_EQ(medit.num_points(), msh.num_points());
        EXPECT_EQ(medit.dim, msh.dim);
    }
}

TEST(MeditMesh, SmallFileKeepsTheTrianglesAndTheirReferences) {
    ScratchDir dir;
    const Mesh mesh = formats::read_mesh(
        dir.write("small.mesh", small_medit("Triangles 2 1 2 3 7\n2 4\n3 8 # split lines\n")));
    ASSERT_EQ(mesh.num_cells(), 3); // the boundary edge, then the triangles
    EXPECT_EQ(mesh.dim, 2);
    EXPECT_EQ(nodes(mesh, 0), (std::vector<PointId>{0, 1}));
    EXPECT_EQ(nodes(mesh, 2), (std::vector<PointId>{1, 3, 2}));
    const MeshArray* refs = mesh.find_cell_array(kPhysicalTagArray);
    ASSERT_NE(refs, nullptr);
    EXPECT_EQ(refs->value(0), 5);
    EXPECT_EQ(refs->value(1), 7);
    EXPECT_EQ(refs->value(2), 8);
    EXPECT_EQ(boundary_elements_per_tag(mesh), (std::map<int, std::size_t>{{5, 1}}));
}

TEST(MeditMesh, MetisMeshUnderTheSameExtensionStillReadsAsMetis) {
    ScratchDir dir;
    const Mesh mesh = formats::read_mesh(dir.write("metis.mesh", "2\n1 2 3\n2 4 3\n"));
    EXPECT_EQ(mesh.num_cells(), 2);
    EXPECT_EQ(mesh.dim, 0); // METIS meshes have no coordinates
    // A METIS mesh's error is still METIS's.
    expect_mesh_error_at(dir.write("bad.mesh", "2\n1 2 3\n"), 2, "file ends after 1 of the 2");
}

// INRIA's reference prism (0,0,-1) (1,0,-1) (0,1,-1) below (0,0,1) (1,0,1) (0,1,1): its first
// triangle counter-clockwise seen from the second. VTK's prism turns the other way.
TEST(MeditMesh, PrismsAndPyramidsComeOutInVtkOrder) {
    ScratchDir dir;
    const Mesh mesh = formats::read_mesh(dir.write(
        "prism.mesh", "MeshVersionFormatted 1\nDimension 3\nVertices 7\n"
                      "0 0 -1 0\n1 0 -1 0\n0 1 -1 0\n0 0 1 0\n1 0 1 0\n0 1 1 0\n1 1 -1 0\n"
                      "Prisms 1\n1 2 3 4 5 6 1\nPyramids 1\n1 7 2 3 4 2\nEnd\n"));
    ASSERT_EQ(mesh.num_cells(), 2);
    EXPECT_EQ(mesh.cell_types[0], CellType::Wedge);
    EXPECT_EQ(nodes(mesh, 0), (std::vector<PointId>{0, 2, 1, 3, 5, 4}));
    EXPECT_EQ(mesh.cell_types[1], CellType::Pyramid);
    EXPECT_EQ(nodes(mesh, 1), (std::vector<PointId>{0, 6, 1, 2, 3}));
}

TEST(MeditMeshErrors, EachMalformedCaseNamesItsLine) {
    ScratchDir dir;
    auto check = [&](const std::string& text, std::int64_t line, const std::string& needle) {
        SCOPED_TRACE(needle);
        expect_mesh_error_at(dir.write("bad.mesh", text), line, needle);
    };
    check("MeshVersionFormatted x\n", 1, "expected the version after MeshVersionFormatted");
    check("MeshVersionFormatted 9\n", 1, "MeshVersionFormatted 9: expected 1 to 4");
    check("MeshVersionFormatted 2\nDimension 4\n", 2, "Dimension 4: expected 2 or 3");
    check("MeshVersionFormatted 2\nVertices 0\n", 2, "'Vertices' before 'Dimension'");
    check(small_medit("Triangles\n2\n1 2 3 0\n2 5 3 0\n"), 16,
          "node id 5 is out of range: Vertices 4 (line 4) gives ids 1..4");
    check(small_medit("Triangles\n2\n1 2 3 0\n2 0 3 0\n"), 16, "vertex id 0 is out of range");
    check(small_medit("Triangles\n2\n1 2 3 0\n2 4 3\n"), 17,
          "expected its reference (entry 2 of Triangles), found 'End'");
    check(small_medit("Triangles\n2\n1 2 3 0\n"), 16,
          "expected a vertex id (entry 2 of Triangles)");
    check(small_medit(kTriangles, "Vertices\n4\n0 0 0\n1 0 0\n0 1 0\n1 1\n"), 10,
          "expected its reference (entry 4 of Vertices), found 'Edges'");
    check(small_medit(kTriangles, kVertices, ""), 16, "file ends without 'End': truncated?");
    check(small_medit(kTriangles, kVertices, "Tetrahedra\n2\n1 2 3 4 0\n"), 19,
          "file ends where a vertex id (entry 2 of Tetrahedra) was expected");
    check(small_medit("Triangles\n2\n1 2 3 0\n2 4 3 0\nEdges 0\n"), 17,
          "a second 'Edges' section (the first is on line 10)");
    check(small_medit("Trianglez\n"), 13, "unknown keyword 'Trianglez'");
    check(small_medit(kTriangles, "Vertices\n-1\n"), 5, "Vertices count -1 is out of range");
    check("MeshVersionFormatted 2\nDimension 2\nEnd\n", 3, "'End' without a 'Vertices' section");
    check("MeshVersionFormatted 2\nDimension 2\nVertices 0\nEnd\n", 4, "'End' without elements");
    check("MeshVersionFormatted 2\nEnd\n", 2, "'End' without a 'Dimension' section");
    check(small_medit("Triangles\n2\n1 2 3 0\n2 4 3 0\nCorners 1 1\nRidges 2 1\n"), 19,
          "expected a number (entry 2 of Ridges), found 'End'");
}
