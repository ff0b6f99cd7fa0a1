// Abaqus .inp meshes: gmsh's exports read as the same mesh as gmsh's .msh (cells, graph and
// tagged boundary), a hand-written file with the keyword habits of Abaqus/CAE and Cubit reads,
// and every malformed file is an error naming its line.
#include <gtest/gtest.h>

#include <map>

#include "formats/mesh_file.hpp"
#include "libpart/mesh/mesh_graph.hpp"
#include "tests/formats/expect_mesh_error.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

// Boundary elements per physical group name: equal for one mesh read from two formats.
std::map<std::string, std::size_t> boundary_elements_per_name(const Mesh& mesh) {
    std::map<std::string, std::size_t> per_name;
    for (const auto& [tag, count] : boundary_elements_per_tag(mesh))
        for (const PhysicalGroup& group : mesh.physical_groups)
            if (group.tag == tag) per_name[group.name] += count;
    return per_name;
}

// Two quadrilateral shells (S4R) over six nodes numbered from 10, and a line on the left edge.
// Lines 1-4 header and nodes keyword, 5-10 the nodes, 11 *Element, 12-13 the elements, 14-15
// the line, 16 *End Part.
std::string small_inp(const std::string& elements =
                          "*Element, type=S4R, elset=plate\n1, 10, 11, 14, 13\n2, 11, 12, 15, 14\n",
                      const std::string& rest = "*Element, type=T3D2, elset=left\n7, 10, 13\n") {
    return "*Heading\n** a comment\n*Part, name=P\n*Node\n"
           "10, 0., 0.\n11, 1., 0.\n12, 2., 0.\n13, 0., 1.\n14, 1., 1.\n15, 2., 1.\n" +
           elements + rest + "*End Part\n";
}

} // namespace

TEST(AbaqusMesh, GmshsInpFileReadsAsItsMsh) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    for (const auto& [geo, dim] : {std::pair{"mixed2d", 2}, std::pair{"mixed3d", 3}}) {
        SCOPED_TRACE(geo);
        ScratchDir dir;
        for (const char* ext : {".inp", ".msh"}) {
            const auto r = run_command("gmsh -" + std::to_string(dim) + " " +
                                       source_file(std::string("tests/data/") + geo + ".geo") +
                                       " -v 0 -o " + dir.file(std::string("m") + ext));
            ASSERT_EQ(r.exit_code, 0) << r.err;
        }
        const Mesh inp = formats::read_mesh(dir.file("m.inp"));
        const Mesh msh = formats::read_mesh(dir.file("m.msh"));
        EXPECT_EQ(cells_and_dual_edges(inp), cells_and_dual_edges(msh));
        EXPECT_EQ(inp.num_points(), msh.num_points());
        EXPECT_EQ(inp.dim, msh.dim);
        // gmsh writes each physical group as an *ELSET named as the group.
        const auto boundary = boundary_elements_per_name(inp);
        EXPECT_FALSE(boundary.empty());
        EXPECT_EQ(boundary, boundary_elements_per_name(msh));
    }
}

TEST(AbaqusMesh, HandWrittenFileWithPartsSetsAndContinuationLines) {
    ScratchDir dir;
    const Mesh mesh = formats::read_mesh(dir.write(
        "plate.inp",
        small_inp("*ELEMENT, TYPE=S4R, ELSET=plate\n1, 10, 11,\n 14, 13\n2, 11, 12, 15, 14\n",
                  "*Element, type=T3D2\n7, 10, 13\n9, 12, 15\n*Elset, elset=left\n7\n"
                  "*Elset, elset=edges, generate\n7, 9, 2\n*Material, name=steel\n*Density\n"
                  "7800.,\n*Surface, name=s, type=element\nplate, S1\n")));
    ASSERT_EQ(mesh.num_cells(), 4);
    EXPECT_EQ(mesh.dim, 2); // every z is 0
    EXPECT_EQ(mesh.num_points(), 6);
    EXPECT_EQ(mesh.cell_types[0], CellType::Quadrilateral);
    EXPECT_EQ(std::vector<PointId>(mesh.cell(0).begin(), mesh.cell(0).end()),
              (std::vector<PointId>{0, 1, 4, 3}));
    EXPECT_EQ(mesh.cell_types[2], CellType::Line);
    EXPECT_EQ(build_dual_graph(mesh).graph.num_edges(), 1);
    // "left" lists line 7 first; "edges" gives line 9 its tag.
    EXPECT_EQ(boundary_elements_per_name(mesh),
              (std::map<std::string, std::size_t>{{"left", 1}, {"edges", 1}}));
    const MeshArray* tags = mesh.find_cell_array(kPhysicalTagArray);
    ASSERT_NE(tags, nullptr);
    EXPECT_EQ(tags->value(0), tags->value(1)); // both in "plate"
    EXPECT_NE(tags->value(0), 0);
}

TEST(AbaqusMeshErrors, EachMalformedCaseNamesItsLine) {
    ScratchDir dir;
    auto check = [&](const std::string& text, std::int64_t line, const std::string& needle) {
        expect_text_error_at(dir, "bad.inp", text, line, needle);
    };
    check(small_inp("*Element, type=C3D27\n"), 11, "element type C3D27 is not read");
    check(small_inp("*Element\n"), 11, "*ELEMENT without TYPE=");
    check(small_inp("*Element, type=S4\n1, 10, 11, 14\n"), 12,
          "a quadrilateral element has 4 node ids, found 3");
    check(small_inp("*Element, type=S4\n1, 10, 11, 14, 13, 12\n"), 12, "found more");
    check(small_inp("*Element, type=S4\n1, 10, 11, 14, 99\n"), 12,
          "element 1 names node 99, which no *NODE defines");
    check(small_inp("*Element, type=S4\n1, 10, 11, 14, 13\n1, 11, 12, 15, 14\n"), 13,
          "element 1 is defined twice (lines 12 and 13)");
    check(small_inp("*Element, type=S4\n1, 10, 11, 14, x\n"), 12, "expected a node id, found 'x'");
    check(small_inp("*Element, type=S4\n1, 10, 11,\n*Elset, elset=a\n"), 13,
          "*ELSET inside an element");
    check("*Node\n1, 0, 0\n1, 1, 0\n*Element, type=T2D2\n1, 1, 1\n", 3, "node 1 is defined twice");
    check("*Node\n1, 0, y\n", 2, "expected a coordinate, found 'y'");
    check("*Node\n1, 0\n", 2, "expected a node 'id, x, y[, z]', found 2 fields");
    check("*Node\n1, 0, 0\n", 2, "file ends without *ELEMENT data");
    check(small_inp(std::string("*Element, type=S4, elset=plate\n1, 10, 11, 14, 13\n"),
                    "*Elset, elset=s\n1, nowhere\n"),
          14, "set member nowhere: expected an element id or the name of a set defined before");
    check(small_inp(std::string("*Element, type=S4, elset=plate\n1, 10, 11, 14, 13\n"),
                    "*Elset, elset=s\n1, 5\n"),
          13, "set s names element 5, which no *ELEMENT defines");
    check(small_inp() + "*Part, name=Q\n", 17, "a second *PART");
    check("*Include, input=mesh.inp\n", 1, "*INCLUDE is not read");
}
