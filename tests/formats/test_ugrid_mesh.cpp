// AFLR3 UGRID meshes: files meshio wrote from gmsh meshes (ASCII, C binary in both byte orders,
// Fortran unformatted) read as the same mesh as the .msh they came from, pyramids and prisms in
// VTK's node order, and every malformed file is an error naming its line or byte.
#include <gtest/gtest.h>

#include "formats/mesh_file.hpp"
#include "formats/ugrid_mesh.hpp"
#include "libpart/mesh/mesh_graph.hpp"
#include "tests/formats/expect_mesh_error.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

TEST(UgridMesh, MeshioFilesReadAsTheirMsh) {
    const std::pair<const char*, const char*> files[] = {{"mixed3d.ugrid", "mixed3d_v41.msh"},
                                                         {"mixed3d.lb8.ugrid", "mixed3d_v41.msh"},
                                                         {"mixed3d.r8.ugrid", "mixed3d_v41.msh"},
                                                         {"pyramids3d.b8.ugrid", "pyramids3d.msh"}};
    for (const auto& [ugrid_name, msh_name] : files) {
        SCOPED_TRACE(ugrid_name);
        const Mesh ugrid = formats::read_mesh(source_file(std::string("tests/data/") + ugrid_name));
        const Mesh msh = formats::read_mesh(source_file(std::string("tests/data/") + msh_name));
        EXPECT_EQ(cells_and_dual_edges(ugrid), cells_and_dual_edges(msh));
        EXPECT_EQ(ugrid.num_points(), msh.num_points());
        EXPECT_EQ(ugrid.dim, 3);
        EXPECT_EQ(cells_with_coordinates(ugrid), cells_with_coordinates(msh));
    }
    // mixed3d's tagged bottom: each boundary face beside its cell, surface id 1.
    const Mesh mixed = formats::read_mesh(source_file("tests/data/mixed3d.ugrid"));
    const auto boundary = boundary_elements_per_tag(mixed);
    ASSERT_EQ(boundary.size(), 1u);
    EXPECT_EQ(boundary.begin()->first, 1);
    EXPECT_GT(boundary.begin()->second, 0u);
}

TEST(UgridMesh, EncodingComesFromTheName) {
    EXPECT_EQ(formats::ugrid_encoding("a/wing.ugrid"), "");
    EXPECT_EQ(formats::ugrid_encoding("a/wing.b8.ugrid"), "b8");
    EXPECT_EQ(formats::ugrid_encoding("wing.lr4.ugrid"), "lr4");
    EXPECT_EQ(formats::ugrid_encoding("wing.v2.ugrid"), "");
}

TEST(UgridMeshErrors, EachMalformedCaseNamesItsLineOrByte) {
    ScratchDir dir;
    auto check = [&](const std::string& name, const std::string& text, std::int64_t line,
                     const std::string& needle) {
        expect_text_error_at(dir, name, text, line, needle);
    };
    // A tetrahedron on four nodes: line 1 the counts, 2-5 the nodes, 6 the element.
    const std::string nodes = "0 0 0\n1 0 0\n0 1 0\n0 0 1\n";
    check("a.ugrid", "4 0 0 1 0 0 0\n" + nodes + "1 2 3 5\n", 6,
          "node id 5 of tetrahedron 1 is out of range 1..4");
    check("a.ugrid", "4 0 0 1 0 0 0\n" + nodes + "1 2 3\n", 6,
          "file ends where a node id of tetrahedron 1 was expected");
    check("a.ugrid", "4 0 0 -1 0 0 0\n", 1, "the count of each tetrahedron -1 is out of range");
    check("a.ugrid", "4 0 0 99999999 0 0 0\n" + nodes, 1,
          "the element counts need 399999996 node ids and surface ids, more than the file holds");
    check("a.ugrid", "99 0 0 0 0 0 0\n" + nodes, 1,
          "the node count 99 is more than the file holds");
    check("a.ugrid", "4 0 0 1 0 0 0\n0 0 x\n1 0 0\n0 1 0\n0 0 1\n1 2 3 4\n", 2,
          "expected a coordinate of node 1, found 'x'");
    // Little-endian binary: the seven counts, then a truncated coordinate.
    std::string binary;
    for (std::int32_t n : {1, 0, 0, 0, 0, 0, 0}) binary.append(reinterpret_cast<char*>(&n), 4);
    binary += "abc";
    check("b.lb8.ugrid", binary, 0, "at byte 28:");
}
