// Gmsh .msh 1.0 and 4.0 (formats/gmsh_legacy_sections.hpp): gmsh's own files read as the
// same mesh as its 4.1 file, and every malformed case named with its file and line.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "formats/gmsh_mesh.hpp"
#include "formats/mesh_file.hpp"
#include "libpart/mesh/mesh_graph.hpp"
#include "tests/formats/expect_mesh_error.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

// Per cell, in an order-free list: its type, its tags, its centroid and its nodes' coordinates
// in the cell's order (which the node numbering of each version does not change).
std::vector<std::vector<double>> sorted_cell_coordinates(const Mesh& mesh) {
    std::vector<CellId> all(std::size_t(mesh.num_cells()));
    for (CellId c = 0; c < mesh.num_cells(); ++c) all[std::size_t(c)] = c;
    const Coordinates centroids = cell_centroids(mesh, all);
    const MeshArray& physical = *mesh.find_cell_array("gmsh:physical");
    const MeshArray& entity = *mesh.find_cell_array("gmsh:geometrical");
    std::vector<std::vector<double>> rows;
    for (CellId c = 0; c < mesh.num_cells(); ++c) {
        std::vector<double> row = {double(mesh.cell_types[c]), physical.value(std::size_t(c)),
                                   entity.value(std::size_t(c))};
        for (int a = 0; a < mesh.dim; ++a) row.push_back(centroids.at(c, a));
        for (PointId p : mesh.cell(c))
            for (int a = 0; a < mesh.dim; ++a)
                row.push_back(mesh.points[std::size_t(p * mesh.dim + a)]);
        rows.push_back(std::move(row));
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

void expect_same_mesh(const Mesh& mesh, const Mesh& reference, const std::string& name) {
    EXPECT_EQ(mesh.dim, reference.dim) << name;
    EXPECT_EQ(mesh.num_points(), reference.num_points()) << name;
    EXPECT_EQ(sorted_cell_coordinates(mesh), sorted_cell_coordinates(reference)) << name;
    EXPECT_EQ(cells_and_dual_edges(mesh), cells_and_dual_edges(reference)) << name;
}

// 4.0 ASCII, two triangles on four nodes: lines 15 and 16 hold the elements.
std::string small_msh40(const std::string& block = "1 2 2 2",
                        const std::string& element2 = "2 2 4 3",
                        const std::string& node_header = "1 4") {
    return "$MeshFormat\n4 0 8\n$EndMeshFormat\n$Nodes\n" + node_header +
           "\n1 2 0 4\n1 0 0 0\n2 1 0 0\n3 0 1 0\n4 1 1 0\n$EndNodes\n$Elements\n1 2\n" + block +
           "\n1 1 2 3\n" + element2 + "\n$EndElements\n";
}

// 1.0, the same two triangles with physical region 7: lines 10 and 11 hold the elements.
std::string small_msh1(const std::string& element2 = "2 2 7 1 3 2 4 3",
                       const std::string& node_count = "4") {
    return "$NOD\n" + node_count + "\n1 0 0 0\n2 1 0 0\n3 0 1 0\n4 1 1 0\n$ENDNOD\n$ELM\n2\n" +
           "1 2 7 1 3 1 2 3\n" + element2 + "\n$ENDELM\n";
}

// A malformed file, the line its error names and what the error says.
struct BadFile {
    std::string text;
    std::int64_t line;
    std::string needle;
};

void expect_errors(const std::vector<BadFile>& cases) {
    ScratchDir dir;
    for (std::size_t i = 0; i < cases.size(); ++i)
        expect_mesh_error_at(dir.write("bad" + std::to_string(i) + ".msh", cases[i].text),
                             cases[i].line, cases[i].needle);
}

} // namespace

TEST(GmshLegacyMesh, Version40AsciiAndBinaryReadAsVersion41) {
    const Mesh reference = formats::read_mesh(test_data("mixed3d_v41.msh"));
    ASSERT_GT(top_dimensional_cells(reference).size(), 0u);
    for (const std::string name : {"mixed3d_v40.msh", "mixed3d_v40_bin.msh"}) {
        const Mesh mesh = formats::read_mesh(test_data(name));
        expect_same_mesh(mesh, reference, name);
        EXPECT_EQ(mesh.physical_groups, reference.physical_groups) << name;
    }
    const Mesh flat = formats::read_mesh(test_data("mixed2d_v40.msh"));
    const Mesh flat_reference = formats::read_mesh(test_data("mixed2d.msh"));
    expect_same_mesh(flat, flat_reference, "mixed2d_v40.msh");
    EXPECT_EQ(flat.physical_groups, flat_reference.physical_groups);
}

TEST(GmshLegacyMesh, Version1ReadsAsVersion41WithPhysicalTags) {
    const Mesh mesh = formats::read_mesh(test_data("mixed3d_v1.msh"));
    expect_same_mesh(mesh, formats::read_mesh(test_data("mixed3d_v41.msh")), "mixed3d_v1.msh");
    expect_same_mesh(formats::read_mesh(test_data("mixed2d_v1.msh")),
                     formats::read_mesh(test_data("mixed2d.msh")), "mixed2d_v1.msh");
    // mixed3d.geo: bottom faces in "bottom" (1), volumes in "fluid" (2).
    const MeshArray& physical = *mesh.find_cell_array("gmsh:physical");
    for (CellId c = 0; c < mesh.num_cells(); ++c)
        ASSERT_EQ(physical.value(std::size_t(c)), cell_dimension(mesh.cell_types[c]) == 3 ? 2 : 1);
}

TEST(GmshLegacyMesh, HandWrittenVersions) {
    ScratchDir dir;
    for (const std::string& text : {small_msh40(), small_msh1()}) {
        const Mesh mesh = formats::read_mesh(dir.write("two.msh", text));
        EXPECT_EQ(mesh.dim, 2);
        ASSERT_EQ(mesh.num_cells(), 2);
        EXPECT_EQ(std::vector<PointId>(mesh.cell(1).begin(), mesh.cell(1).end()),
                  (std::vector<PointId>{1, 3, 2}));
        EXPECT_EQ(build_dual_graph(mesh).graph.num_edges(), 1);
    }
    EXPECT_EQ(formats::read_mesh(dir.write("one.msh", small_msh1()))
                  .find_cell_array("gmsh:physical")
                  ->value(1),
              7);
}

// gmsh's own 1.0 and 4.0 files of every sample (prisms, pyramids, hexahedra, mixed 2D).
TEST(GmshLegacyMesh, GmshWrittenFilesAgreeWithVersion41) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    ScratchDir dir;
    for (const auto& [geo, dim] : {std::pair{"mixed2d", 2}, {"mixed3d", 3}, {"pyramids3d", 3}}) {
        const auto mesh_as = [&, geo = geo, dim = dim](const std::string& format) {
            const std::string out = dir.file(std::string(geo) + "_" + format + ".msh");
            const auto r = run_command("gmsh -" + std::to_string(dim) + " " +
                                       test_data(std::string(geo) + ".geo") + " -format " + format +
                                       " -o " + out);
            EXPECT_EQ(r.exit_code, 0) << r.err;
            return formats::read_mesh(out);
        };
        const Mesh reference = mesh_as("msh41");
        expect_same_mesh(mesh_as("msh40"), reference, std::string(geo) + " msh40");
        expect_same_mesh(mesh_as("msh1"), reference, std::string(geo) + " msh1");
    }
}

TEST(GmshLegacyMeshErrors, Version40Text) {
    const std::string text = small_msh40();
    std::string parametric = text;
    parametric.replace(parametric.find("1 2 0 4"), 7, "1 2 1 4");
    expect_errors({
        {small_msh40("1 2 20 2"), 14,
         "element type 20 (9-node third-order incomplete triangle) is not supported"},
        {small_msh40("1 2 2 2", "2 2 4 7"), 16,
         "element 2 refers to node 7, out of range: the nodes have tags 1..4"},
        {small_msh40("1 2 2 2", "2 2 4"), 16,
         "element 2 has 2 node tags but a triangle needs 3 (missing nodes)"},
        {small_msh40("1 2 2 2", "2 2 4 3", "1 5"), 10,
         "the $Nodes header announces 5 nodes but the blocks hold 4"},
        {small_msh40("1 2 2 1"), 15,
         "the $Elements header announces 2 elements but the blocks hold 1"},
        {small_msh40("1 2 2 3"), 17, "expected an element tag (an integer), found '$EndElements'"},
        {text.substr(0, text.find("3 0 1 0")), 8,
         "file ends where a node 'tag x y z' was expected"},
        {parametric, 6, "parametric node coordinates are not supported"},
    });
}

TEST(GmshLegacyMeshErrors, Version40Binary) {
    ScratchDir dir;
    const std::string whole = read_text(test_data("mixed3d_v40_bin.msh"));
    expect_mesh_error(dir.write("cut.msh", whole.substr(0, whole.size() * 2 / 3)),
                      "truncated file: the block's nodes needs");
    expect_mesh_error(dir.write("cut_nodes.msh", whole.substr(0, whole.find("$EndNodes") - 5)),
                      "in the binary $Nodes section at byte");
    // The first element block's type code (after two 8-byte counts, the entity tag and dim).
    std::string corrupt = whole;
    const std::int32_t bad = 99;
    corrupt.replace(whole.find("$Elements\n") + 10 + 16 + 8, 4, reinterpret_cast<const char*>(&bad),
                    4);
    expect_mesh_error(dir.write("type.msh", corrupt), "element type 99 is not supported");
    // A node tag of the last element far out of range.
    std::string garbage = whole;
    garbage.replace(garbage.find("$EndElements") - 5, 4, "\xff\xff\xff\x7f", 4);
    expect_mesh_error(dir.write("garbage.msh", garbage), "out of range: the nodes have tags");
    // The node total one more than the blocks hold.
    std::string total = whole;
    ++total[whole.find("$Nodes\n") + 7 + 8];
    expect_mesh_error(dir.write("total.msh", total),
                      "the $Nodes header announces 81 nodes but the blocks hold 80");
}

TEST(GmshLegacyMeshErrors, Version1) {
    const std::string text = small_msh1();
    expect_errors({
        {small_msh1("2 99 7 1 3 2 4 3"), 11, "element type 99 is not supported"},
        {small_msh1("2 2 7 1 3 2 4 9"), 11,
         "element 2 refers to node 9, out of range: the nodes have tags 1..4"},
        {small_msh1("2 2 7 1 4 2 4 3"), 11, "element 2 announces 4 nodes but the line lists 3"},
        {small_msh1("2 2 7 1 4 2 4 3 1"), 11, "element 2 has 4 node ids but a triangle needs 3"},
        {small_msh1("2 2 7 1 3 2 4 3", "3"), 6, "expected $ENDNOD, found '4 1 1 0'"},
        {small_msh1("2 2 7 1 3 2 4 3", "5"), 7, "expected a node id (an integer), found '$ENDNOD'"},
        {small_msh1("1 2 7 1 3 2 4 3"), 11, "element tag 1 is used twice"},
        {text.substr(0, text.find("$ENDELM")), 11,
         "file ends before $ENDELM: the file is truncated"},
        {"$NOD\n0\n$ENDNOD\n$FOO\n$ENDFOO\n", 4, "unexpected section $FOO in a Gmsh 1.0 file"},
        {"$ELM\n0\n$ENDELM\n", 1, "expected $MeshFormat first"},
        {"$NOD\n0\n$ENDNOD\n$NOD\n", 4, "a second $NOD section: a Gmsh 1.0 file has one"},
    });
}

TEST(GmshLegacyMeshErrors, UnknownExtensionNamesEveryGmshVersion) {
    ScratchDir dir;
    expect_mesh_error(dir.write("mesh.obj", "v 0 0 0\n"),
                      "expected .msh (gmsh 1.0, 2.x, 4.0 or 4.1)");
}
