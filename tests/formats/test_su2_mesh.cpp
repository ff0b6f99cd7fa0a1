// SU2 native meshes: files gmsh wrote read as the same mesh as gmsh's .msh of it, and every
// malformed file is an error naming its line.
#include <gtest/gtest.h>

#include <algorithm>

#include "formats/mesh_file.hpp"
#include "libpart/mesh/mesh_graph.hpp"
#include "tests/formats/expect_mesh_error.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

// Two triangles on four points, with a marker of two edges; lines 2-4 hold the elements,
// 5-9 the points, 10-15 the marker.
const std::string kSu2Elements = "NELEM= 2\n5 0 1 2 0\n5 1 3 2 1\n";
const std::string kPoints = "NPOIN= 4\n0 0 0\n1 0 1\n0 1 2\n1 1 3\n";
std::string small_su2(
    const std::string& elements = kSu2Elements, const std::string& points = kPoints,
    const std::string& markers = "NMARK= 1\nMARKER_TAG= wall\nMARKER_ELEMS= 2\n3 0 1\n3 1 3\n") {
    return "NDIME= 2\n" + elements + points + markers;
}

} // namespace

TEST(Su2Mesh, GmshsSu2FileReadsAsItsMsh) {
    for (const char* name : {"pyramids3d", "mixed2d"}) {
        SCOPED_TRACE(name);
        const Mesh su2 =
            formats::read_mesh(source_file(std::string("tests/data/") + name + ".su2"));
        const Mesh msh =
            formats::read_mesh(source_file(std::string("tests/data/") + name + ".msh"));
        EXPECT_EQ(cells_and_dual_edges(su2), cells_and_dual_edges(msh));
        // gmsh writes a marker per physical group below the top dimension, tags in order.
        EXPECT_EQ(boundary_elements_per_tag(su2), boundary_elements_per_tag(msh));
        for (const PhysicalGroup& group : su2.physical_groups) {
            EXPECT_EQ(group.dim, su2.dim - 1);
            EXPECT_NE(std::find(msh.physical_groups.begin(), msh.physical_groups.end(), group),
                      msh.physical_groups.end())
                << group.name;
        }
        EXPECT_EQ(su2.num_points(), msh.num_points());
        EXPECT_EQ(su2.dim, msh.dim);
    }
}

TEST(Su2Mesh, ReadsHandWrittenFileWithCommentsAndAnyOrder) {
    ScratchDir dir;
    const std::string text = "% a comment\nNDIME= 2\n" +
                             std::string("NPOIN= 4 4\n0 0\n1 0\n0 1\n1 1\n") +
                             "NMARK= 0\nNELEM= 2\n5 0 1 2\n9 1 3 2\n";
    // A quadrilateral with three nodes is refused; as a triangle the file reads.
    expect_mesh_error_at(dir.write("quad.su2", text), 11, "a quadrilateral has 4 node ids");
    const Mesh mesh = formats::read_mesh(dir.write(
        "two.su2", text.substr(0, text.size() - std::string("9 1 3 2\n").size()) + "5 1 3 2\n"));
    ASSERT_EQ(mesh.num_cells(), 2);
    EXPECT_EQ(mesh.num_points(), 4);
    EXPECT_EQ(mesh.dim, 2);
    EXPECT_EQ(std::vector<PointId>(mesh.cell(1).begin(), mesh.cell(1).end()),
              (std::vector<PointId>{1, 3, 2}));
    EXPECT_EQ(build_dual_graph(mesh).graph.num_edges(), 1);
}

TEST(Su2Mesh, SmallFileReads) {
    ScratchDir dir;
    const Mesh mesh = formats::read_mesh(dir.write("small.su2", small_su2()));
    EXPECT_EQ(mesh.num_cells(), 4); // the two triangles, then the marker's two lines
    EXPECT_EQ(top_dimensional_cells(mesh).size(), 2u);
    EXPECT_EQ(mesh.points[2 * 3], 1.0);
    EXPECT_EQ(boundary_elements_per_tag(mesh), (std::map<int, std::size_t>{{1, 2}}));
    EXPECT_EQ(mesh.physical_groups, (std::vector<PhysicalGroup>{{1, 1, "wall"}}));
}

TEST(Su2MeshErrors, EachMalformedCaseNamesItsLine) {
    ScratchDir dir;
    auto check = [&](const std::string& text, std::int64_t line, const std::string& needle) {
        SCOPED_TRACE(needle);
        expect_mesh_error_at(dir.write("bad.su2", text), line, needle);
    };
    check("", 0, "empty file");
    check("NELEM= 1\n", 1, "expected 'NDIME= 2' or 'NDIME= 3' first");
    check("NDIME= 4\n", 1, "NDIME= 4: expected 2 or 3");
    check("NDIME= 2\nNELEM= x\n", 2, "expected the element count after 'NELEM='");
    check(small_su2("NELEM= 2\n7 0 1 2\n5 1 3 2\n"), 3, "unknown element type 7");
    check(small_su2("NELEM= 2\n5 0 1 2\n10 0 1 2 3\n"), 4, "a tetrahedron (3D) where 2D");
    check(small_su2("NELEM= 2\n5 0 1 2\n5 1 3\n"), 4, "a triangle has 3 node ids");
    check(small_su2("NELEM= 2\n5 0 1 2\n5 1 -3 2\n"), 4, "node id -3 is out of range");
    check(small_su2("NELEM= 2\n5 0 1 2\n5 1 4 2\n"), 4, "node id 4 is out of range: NPOIN= 4");
    check(small_su2("NELEM= 3\n5 0 1 2\n5 1 3 2\n"), 5, "section 'NPOIN= 4' after 2 of the 3");
    check(small_su2("NELEM= 1\n5 0 1 2\n5 1 3 2\n"), 4, "expected a section");
    check(small_su2("NELEM= 2\n5 0 1 2\n5 1 3 2\n", "NPOIN= 4\n0 0\n1 0\n0 1\n1\n"), 9,
          "a point has 2 coordinates");
    check(small_su2("NELEM= 2\n5 0 1 2\n5 1 3 2\n", "NPOIN= 4\n0 0\n1 0\n0 1\n1 y\n"), 9,
          "expected a coordinate");
    check(small_su2("NELEM= 2\n5 0 1 2\n5 1 3 2\n", "NPOIN= 4 5\n"), 5, "domain <= n");
    check(small_su2(kSu2Elements, kPoints,
                    "NMARK= 1\nMARKER_TAG= wall\nMARKER_ELEMS= 2\n3 0 1\n5 1 3 2\n"),
          14, "a triangle (2D) where 1D elements are expected (a marker");
    check(small_su2(kSu2Elements, kPoints,
                    "NMARK= 1\nMARKER_TAG= wall\nMARKER_ELEMS= 2\n3 0 1\n3 1 9\n"),
          14, "node id 9 is out of range");
    check(small_su2(kSu2Elements, kPoints, "NMARK= 1\nMARKER_TAG= wall\nMARKER_ELEMS= 2\n3 0 1\n"),
          13, "file ends after 1 of the 2 marker elements");
    check(small_su2(kSu2Elements, kPoints, "NMARK= 2\nMARKER_TAG= wall\nMARKER_ELEMS= 1\n3 0 1\n"),
          13, "file ends after 1 of the 2 markers");
    check(small_su2(kSu2Elements, kPoints, "NMARK= 1\nMARKER_ELEMS= 1\n3 0 1\n"), 11,
          "expected 'MARKER_TAG='");
    check(small_su2(kSu2Elements, kPoints, "NMARK= 1\nMARKER_TAG= wall\n3 0 1\n"), 12,
          "expected 'MARKER_ELEMS=");
    check(small_su2(kSu2Elements, "", ""), 4, "file ends without an 'NPOIN=' section");
    check(small_su2("", kPoints, ""), 6, "file ends without an 'NELEM=' section");
    check(small_su2(kSu2Elements, kPoints, "NPOIN= 1\n0 0\n"), 10,
          "a second 'NPOIN=' section (the first is on line 5)");
    check(small_su2(kSu2Elements, kPoints, "FFD_NBOX= 1\n"), 10, "unknown section 'FFD_NBOX='");
    check("NZONE= 2\n", 1, "multizone SU2 meshes are not supported");
    check(small_su2().substr(0, small_su2().find("1 1 3")), 8, "file ends after 3 of the 4 points");
}
