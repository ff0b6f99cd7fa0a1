// AVS UCD meshes (.inp, deal.II's habit): files meshio wrote from gmsh meshes read as the same
// mesh as the .msh they came from, node orders included; a hand-written file with comments,
// repeated cell ids, boundary lines and data sections reads; Abaqus files under the same
// extension still read as Abaqus; every malformed file is an error naming its line.
#include <gtest/gtest.h>

#include <map>

#include "formats/mesh_file.hpp"
#include "formats/ucd_mesh.hpp"
#include "libpart/mesh/mesh_graph.hpp"
#include "tests/formats/expect_mesh_error.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

// Two quadrilaterals over six nodes numbered from 11, a boundary line (material 7) and, when
// `data`, a cell array and a two-component point array. Lines 1-2 comments, 3 the counts, 4-9
// the nodes, 10-12 the cells.
std::string small_ucd(const std::string& cells = "1 0 quad 11 12 15 14\n1 0 quad 12 13 16 15\n"
                                                 "9 7 line 11 14\n",
                      bool data = false) {
    return "# two squares\n#\n6 3 " + std::string(data ? "1 1" : "0 0") +
           " 0\n11 0 0 0\n12 1 0 0\n13 2 0 0\n14 0 1 0\n15 1 1 0\n16 2 1 0\n" + cells +
           (data ? "1 2\nvelocity, m/s\n11 1 2\n12 3 4\n13 5 6\n14 7 8\n15 9 10\n16 11 12\n"
                   "1 1\ncost, s\n1 0.5\n2 1.5\n9 0\n"
                 : "");
}

} // namespace

TEST(UcdMesh, MeshioFilesReadAsTheirMsh) {
    for (const auto& [ucd_name, msh_name] : {std::pair{"mixed3d_ucd.inp", "mixed3d_v41.msh"},
                                             std::pair{"pyramids3d_ucd.inp", "pyramids3d.msh"}}) {
        SCOPED_TRACE(ucd_name);
        const Mesh ucd = formats::read_mesh(source_file(std::string("tests/data/") + ucd_name));
        const Mesh msh = formats::read_mesh(source_file(std::string("tests/data/") + msh_name));
        EXPECT_EQ(cells_and_dual_edges(ucd), cells_and_dual_edges(msh));
        EXPECT_EQ(cells_with_coordinates(ucd), cells_with_coordinates(msh));
        EXPECT_EQ(boundary_elements_per_tag(ucd), boundary_elements_per_tag(msh));
    }
}

TEST(UcdMesh, HandWrittenFileWithRepeatedIdsBoundaryAndData) {
    ScratchDir dir;
    const Mesh mesh = formats::read_mesh(dir.write("squares.inp", small_ucd()));
    ASSERT_EQ(mesh.num_cells(), 3);
    EXPECT_EQ(mesh.dim, 2);
    EXPECT_EQ(std::vector<PointId>(mesh.cell(1).begin(), mesh.cell(1).end()),
              (std::vector<PointId>{1, 2, 5, 4}));
    EXPECT_EQ(build_dual_graph(mesh).graph.num_edges(), 1);
    EXPECT_EQ(boundary_elements_per_tag(mesh), (std::map<int, std::size_t>{{7, 1}}));

    const std::string hexes = "1 2 hex 11 12 15 14 21 22 25 24\n";
    const Mesh cube = formats::read_mesh(dir.write(
        "cube.inp", "8 1 0 0 0\n" + std::string("21 0 0 0\n22 1 0 0\n25 1 1 0\n24 0 1 0\n") +
                        "11 0 0 1\n12 1 0 1\n15 1 1 1\n14 0 1 1\n" + hexes + ""));
    // The bottom face (z = 0) first in VTK's order: AVS lists the top first.
    ASSERT_EQ(cube.num_cells(), 1);
    EXPECT_EQ(std::vector<PointId>(cube.cell(0).begin(), cube.cell(0).end()),
              (std::vector<PointId>{0, 1, 2, 3, 4, 5, 6, 7}));

    const std::string data = small_ucd("1 0 quad 11 12 15 14\n2 0 quad 12 13 16 15\n"
                                       "9 7 line 11 14\n",
                                       true);
    const Mesh with_data = formats::read_mesh(dir.write("data.inp", data));
    const MeshArray* velocity = with_data.find_point_array("velocity");
    ASSERT_NE(velocity, nullptr);
    EXPECT_EQ(velocity->components(), 2);
    EXPECT_EQ(velocity->value(5, 1), 12);
    const MeshArray* cost = with_data.find_cell_array("cost");
    ASSERT_NE(cost, nullptr);
    EXPECT_EQ(cost->value(1), 1.5);
}

TEST(UcdMesh, AbaqusAndUcdAreToldApartByContent) {
    EXPECT_TRUE(formats::is_abaqus_input("** comment\n*Heading\n"));
    EXPECT_TRUE(formats::is_abaqus_input("\n*NODE\n1, 0, 0\n"));
    EXPECT_FALSE(formats::is_abaqus_input("# AVS\n6 3 0 0 0\n"));
    EXPECT_FALSE(formats::is_abaqus_input("6 3 0 0 0\n"));
}

TEST(UcdMeshErrors, EachMalformedCaseNamesItsLine) {
    ScratchDir dir;
    auto check = [&](const std::string& text, std::int64_t line, const std::string& needle) {
        expect_text_error_at(dir, "bad.inp", text, line, needle);
    };
    check(small_ucd("1 0 quad 11 12 15 14\n1 0 hexa 12 13 16 15\n9 7 line 11 14\n"), 11,
          "unknown cell type 'hexa': expected pt, line, tri, quad, tet, pyr, prism or hex");
    check(small_ucd("1 0 quad 11 12 15 14\n1 0 quad 12 13 16\n9 7 line 11 14\n"), 11,
          "a quad cell has 4 node ids, found 3");
    check(small_ucd("1 0 quad 11 12 15 14\n1 0 quad 12 13 16 99\n9 7 line 11 14\n"), 11,
          "cell 1 names node 99, which no node line defines");
    check(small_ucd("1 0 quad 11 12 15 14\n1 0 quad 12 13 16 15\n"), 11,
          "file ends where a cell 'id material type nodes...' was expected");
    check("2 0 0 0 0\n1 0 0 0\n1 1 0 0\n", 3, "node 1 is defined twice (lines 2 and 3)");
    check("2 0 0 0\n", 1, "expected the counts 'nodes cells node_data cell_data model_data'");
    check("-2 0 0 0 0\n", 1, "the node count -2 is out of range");
    check("1 0 0 0 0\n1 0 x 0\n", 2, "expected a coordinate, found 'x'");
    check(small_ucd("1 0 quad 11 12 15 14\n1 0 quad 12 13 16 15\n9 7 line 11 14\n", true), 11,
          "cell 1 is defined twice (lines 10 and 11)");
}
