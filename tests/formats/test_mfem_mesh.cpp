// MFEM's own meshes (.mesh): a prism and a hexahedron written as MFEM's Mesh::Print writes them
// read with VTK's node orders, their coordinates alike from a vertices section and from H1 nodes
// in either ordering, attribute sets skipped, boundary elements tagged; other MFEM kinds and
// malformed files are errors naming their line.
#include <gtest/gtest.h>

#include <map>

#include "formats/mesh_file.hpp"
#include "formats/mfem_mesh.hpp"
#include "libpart/mesh/mesh_graph.hpp"
#include "tests/formats/expect_mesh_error.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

// A unit prism over the triangle (0,0,0) (1,0,0) (0,1,0) and a hexahedron beside it sharing a
// face; the prism's two triangles are boundary elements tagged 3. Lines 1-5 the header, 6-7 the
// dimension, 9-12 the elements, 14-17 the boundary, 19 on the vertices.
const std::string kElements = "elements\n2\n1 6 0 1 2 3 4 5\n2 5 1 6 7 2 4 8 9 5\n";
const std::string kBoundary = "boundary\n2\n3 2 0 1 2\n3 2 3 4 5\n";
const std::string kCoordinates[10] = {"0 0 0", "1 0 0", "0 1 0", "0 0 1", "1 0 1",
                                      "0 1 1", "2 0 0", "2 1 0", "2 0 1", "2 1 1"};

std::string mfem_file(const std::string& elements, const std::string& vertices) {
    return "MFEM mesh v1.0\n\n# a comment\n#\n\ndimension\n3\n\n" + elements + "\n" + kBoundary +
           "\n" + vertices;
}

std::string vertices_section() {
    std::string text = "vertices\n10\n3\n";
    for (const std::string& xyz : kCoordinates) text += xyz + "\n";
    return text;
}

// The same coordinates as an H1 nodal GridFunction with two extra (edge) nodes.
std::string nodes_section(int ordering) {
    std::string text = "vertices\n10\n\nnodes\nFiniteElementSpace\nFiniteElementCollection: "
                       "H1_3D_P2\nVDim: 3\nOrdering: " +
                       std::to_string(ordering) + "\n\n";
    const std::string extra[2] = {"9 9 9", "8 8 8"};
    if (ordering == 1) {
        for (const std::string& xyz : kCoordinates) text += xyz + "\n";
        for (const std::string& xyz : extra) text += xyz + "\n";
        return text;
    }
    for (int a = 0; a < 3; ++a) {
        for (const std::string& xyz : kCoordinates) text += xyz.substr(2 * a, 1) + "\n";
        for (const std::string& xyz : extra) text += xyz.substr(2 * a, 1) + "\n";
    }
    return text;
}

} // namespace

TEST(MfemMesh, PrismAndHexahedronInVtkOrderFromVerticesOrNodes) {
    ScratchDir dir;
    const Mesh mesh =
        formats::read_mesh(dir.write("m.mesh", mfem_file(kElements, vertices_section())));
    ASSERT_EQ(mesh.num_cells(), 4);
    EXPECT_EQ(mesh.cell_types[0], CellType::Wedge);
    // MFEM turns the prism's first triangle as gmsh does: VTK's order swaps two nodes of each.
    EXPECT_EQ(std::vector<PointId>(mesh.cell(0).begin(), mesh.cell(0).end()),
              (std::vector<PointId>{0, 2, 1, 3, 5, 4}));
    EXPECT_EQ(mesh.cell_types[1], CellType::Hexahedron);
    EXPECT_EQ(std::vector<PointId>(mesh.cell(1).begin(), mesh.cell(1).end()),
              (std::vector<PointId>{1, 6, 7, 2, 4, 8, 9, 5}));
    EXPECT_EQ(build_dual_graph(mesh).graph.num_edges(), 1);
    EXPECT_EQ(boundary_elements_per_tag(mesh), (std::map<int, std::size_t>{{3, 2}}));
    EXPECT_EQ(mesh.find_cell_array(kPhysicalTagArray)->value(1), 2);
    for (int ordering : {0, 1}) {
        SCOPED_TRACE(ordering);
        const Mesh nodal =
            formats::read_mesh(dir.write("n.mesh", mfem_file(kElements, nodes_section(ordering))));
        EXPECT_EQ(nodal.points, mesh.points);
        EXPECT_EQ(nodal.cell_nodes, mesh.cell_nodes);
    }
    const Mesh with_sets = formats::read_mesh(
        dir.write("s.mesh", "MFEM mesh v1.3\ndimension\n3\n" + kElements +
                                "attribute_sets\n2\n\"A b\" 1 1\n"
                                "Both 2\n1\n2\n" +
                                kBoundary + vertices_section() + "mfem_mesh_end\n"));
    EXPECT_EQ(with_sets.cell_nodes, mesh.cell_nodes);
}

TEST(MfemMesh, OtherKindsAndMalformedFilesAreErrorsNamingTheLine) {
    ScratchDir dir;
    auto check = [&](const std::string& text, std::int64_t line, const std::string& needle) {
        expect_text_error_at(dir, "bad.mesh", text, line, needle);
    };
    check("MFEM NC mesh v1.0\n", 1, "MFEM NC meshes are not read");
    check("MFEM NURBS mesh v1.0\n", 1, "MFEM NURBS meshes are not read");
    check("MFEM mesh v2.0\n", 1, "MFEM mesh version v2.0: expected v1.0 to v1.3");
    check(mfem_file("elements\n1\n1 9 0 1 2\n", vertices_section()), 11,
          "geometry 9 of elements entry 1: expected 0 (point) to 7 (pyramid)");
    check(mfem_file(kElements, "vertices\n3\n3\n0 0 0\n1 0 0\n0 1 0\n"), 12,
          "node id 9 is out of range: vertices 3 gives ids 0..2");
    check(mfem_file(kElements, "vertices\n10\n\nnodes\nFiniteElementSpace\n"
                               "FiniteElementCollection: L2_T1_3D_P1\n"),
          24, "nodes in the L2_T1_3D_P1 collection are not read");
    check(mfem_file(kElements, "vertex\n"), 19, "unknown section 'vertex'");
    check(mfem_file(kElements, "vertices\n10\n3\n0 0 x\n"), 22,
          "expected a coordinate of vertex 0, found 'x'");
}

// The other formats under .mesh: a gmsh file (mfem's examples have some) reads as gmsh.
TEST(MfemMesh, GmshFileNamedMeshReadsAsGmsh) {
    ScratchDir dir;
    const std::string gmsh = read_text(source_file("tests/data/mixed2d.msh"));
    const Mesh as_mesh = formats::read_mesh(dir.write("gmsh.mesh", gmsh));
    const Mesh as_msh = formats::read_mesh(source_file("tests/data/mixed2d.msh"));
    EXPECT_EQ(as_mesh.cell_nodes, as_msh.cell_nodes);
    EXPECT_EQ(as_mesh.points, as_msh.points);
}
