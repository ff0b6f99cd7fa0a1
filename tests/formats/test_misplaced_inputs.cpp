// Issue 27, item 6: a file handed to the wrong argument gets an error that says how to fix the
// call, in the usual file:line form.
#include <gtest/gtest.h>

#include "formats/chaco_graph.hpp"
#include "formats/graph_inputs.hpp"
#include "formats/metis_mesh.hpp"
#include "formats/vtk_mesh.hpp"
#include "tests/formats/expect_mesh_error.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

// The error reading `path` as a graph; fails the test when it reads.
InputError graph_error(const std::string& path) {
    try {
        formats::read_chaco_graph(path);
    } catch (const InputError& e) {
        return e;
    }
    ADD_FAILURE() << "read " << path << " as a graph";
    return InputError(path, 0, "");
}

constexpr const char* kMeshHint = "this looks like a mesh: run part-convert first";

Mesh two_triangle_mesh() {
    Mesh mesh;
    mesh.dim = 2;
    mesh.points = {0, 0, 1, 0, 1, 1, 0, 1};
    mesh.point_count = 4;
    mesh.add_cell(CellType::Triangle, std::vector<PointId>{0, 1, 2});
    mesh.add_cell(CellType::Triangle, std::vector<PointId>{0, 2, 3});
    return mesh;
}

} // namespace

TEST(MisplacedInputs, MeshWhereAGraphIsExpectedSaysRunPartConvertFirst) {
    ScratchDir dir;
    const Mesh mesh = two_triangle_mesh();
    const std::vector<CellId> cells{0, 1};
    formats::write_vtu(dir.file("m.vtu"), mesh, cells, {});
    formats::write_metis_mesh(dir.file("m.mesh"), mesh, cells);
    const std::vector<std::string> meshes{
        source_file("data/naca0012.msh"), dir.file("m.vtu"), dir.file("m.mesh"),
        source_file("tests/data/legacy_vtk_repeated_cells.vtk"),
        dir.write("medit.mesh", "MeshVersionFormatted 2\nDimension 2\nVertices\n3\n0 0 1\n1 0 1\n"
                                "0 1 1\nTriangles\n1\n1 2 3 1\nEnd\n")};
    for (const std::string& path : meshes) {
        const InputError e = graph_error(path);
        EXPECT_EQ(e.file(), path);
        EXPECT_GE(e.line(), 1) << e.what();
        EXPECT_NE(e.message().find(kMeshHint), std::string::npos) << e.what();
    }
}

TEST(MisplacedInputs, ABrokenGraphIsNotCalledAMesh) {
    ScratchDir dir;
    // Numbers in a file named .mesh, but not a mesh's: one element line of one node.
    for (const auto& [name, text] : {std::pair{"g.mesh", "2\n1\n"}, {"g.graph", "$MeshFormat\n"}}) {
        const std::string path = dir.write(name, text);
        const InputError e = graph_error(path);
        if (std::string(name) == "g.mesh")
            EXPECT_EQ(e.message().find(kMeshHint), std::string::npos) << e.what();
        else // the signature counts whatever the name
            EXPECT_NE(e.message().find(kMeshHint), std::string::npos) << e.what();
    }
}

TEST(MisplacedInputs, SwappedGraphAndPartitionAreNamedAsSuch) {
    ScratchDir dir;
    const std::string graph = dir.write("g.graph", "3 2\n2\n1 3\n2\n");
    const std::string part = dir.write("g.part", "0\n0\n1\n");
    try {
        formats::read_graph_and_partition(part, "", graph, 0, "");
        ADD_FAILURE() << "swapped arguments accepted";
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), part);
        EXPECT_EQ(e.line(), 1);
        EXPECT_NE(e.message().find("swapped"), std::string::npos) << e.what();
        EXPECT_NE(e.message().find(graph), std::string::npos) << e.what();
    }
    // In the right order they read; a broken graph beside a partition keeps its own error.
    EXPECT_EQ(formats::read_graph_and_partition(graph, "", part, 0, "").graph.num_vertices(), 3);
    const std::string broken = dir.write("broken.graph", "3\n");
    try {
        formats::read_graph_and_partition(broken, "", part, 0, "");
        ADD_FAILURE() << "broken graph accepted";
    } catch (const InputError& e) {
        EXPECT_EQ(e.message().find("swapped"), std::string::npos) << e.what();
        EXPECT_NE(e.message().find("edge count m"), std::string::npos) << e.what();
    }
}

// 1.0 and 4.0, once refused, are read (test_gmsh_legacy_mesh.cpp); a version gmsh never
// wrote is named, with those it did.
TEST(MisplacedInputs, UnknownGmshVersionsAreNamedAsUnsupported) {
    ScratchDir dir;
    const std::string v30 = dir.write("v30.msh", "$MeshFormat\n3 0 8\n$EndMeshFormat\n");
    expect_mesh_error_at(v30, 2,
                         "Gmsh .msh version 3.0 is not supported: expected version 1.0, 2.0, "
                         "2.1, 2.2, 4.0 or 4.1");
    const std::string v10 =
        dir.write("v10.msh", "$NOD\n3\n1 0 0 0\n2 1 0 0\n3 0 1 0\n$ENDNOD\n$ELM\n1\n"
                             "1 2 1 1 3 1 2 3\n$ENDELM\n");
    EXPECT_EQ(formats::read_mesh(v10).num_cells(), 1);
}
