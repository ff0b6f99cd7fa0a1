// A mesh's graph and coordinates written for the partitioners (part-convert's graph output).
#include <gtest/gtest.h>

#include <filesystem>

#include "formats/chaco_graph.hpp"
#include "formats/coordinates_file.hpp"
#include "formats/mesh_graph_files.hpp"
#include "tests/support/small_mesh.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using part::test::ScratchDir;

namespace {

// Cell array "w" and point array "p".
Mesh two_triangles() {
    Mesh mesh = test::two_triangles_and_a_line();
    mesh.cell_data.push_back(MeshArray::from_values("w", 1, std::vector<double>{4, 9, 6}));
    mesh.point_data.push_back(MeshArray::from_values("p", 1, std::vector<double>{1, 2, 3, 4}));
    return mesh;
}

} // namespace

TEST(MeshGraphFiles, CoordinatesGoBesideTheGraph) {
    EXPECT_EQ(formats::coordinates_beside("out/mesh.graph"), "out/mesh.xyz");
    EXPECT_EQ(formats::coordinates_beside("mesh"), "mesh.xyz");
}

TEST(MeshGraphFiles, DualGraphOfTheTopCellsWithWeightsAndCentroids) {
    ScratchDir dir;
    const std::string out = dir.file("m.graph");
    formats::MeshGraphRequest request;
    request.weight_field = "w";
    const auto written = formats::write_mesh_graph(two_triangles(), "m.msh", request, out);
    EXPECT_FALSE(written.nodal);
    EXPECT_EQ(written.vertices, 2);
    EXPECT_EQ(written.edges, 1);
    EXPECT_EQ(written.coordinates, dir.file("m.xyz"));
    const Graph graph = formats::read_chaco_graph(out);
    EXPECT_EQ(graph.adjncy, (std::vector<VertexId>{1, 0}));
    EXPECT_EQ(graph.vwgt, (std::vector<Weight>{4, 6})); // the line's 9 is not a vertex's
    const Coordinates centres = formats::read_coordinates(written.coordinates, 2);
    EXPECT_EQ(centres.values, (std::vector<double>{1, 1, 2, 2}));
}

TEST(MeshGraphFiles, NodalGraphWithPointSizes) {
    ScratchDir dir;
    formats::MeshGraphRequest request;
    request.nodal = true;
    request.size_field = "p";
    const auto written =
        formats::write_mesh_graph(two_triangles(), "m.msh", request, dir.file("n.graph"));
    EXPECT_TRUE(written.nodal);
    EXPECT_EQ(written.vertices, 4);
    EXPECT_EQ(written.edges, 5);
    const Graph graph = formats::read_chaco_graph(written.graph);
    EXPECT_EQ(graph.vsize, (std::vector<Weight>{1, 2, 3, 4}));
    EXPECT_EQ(formats::read_coordinates(written.coordinates, 4).values, two_triangles().points);
}

TEST(MeshGraphFiles, FieldErrorsNameTheMeshFileAndWriteNothing) {
    ScratchDir dir;
    formats::MeshGraphRequest request;
    request.weight_field = "missing";
    try {
        formats::write_mesh_graph(two_triangles(), "m.msh", request, dir.file("m.graph"));
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), "m.msh");
        EXPECT_EQ(e.message(), "no cell field 'missing'; the mesh has cell fields: w");
    }
    EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

TEST(MeshGraphFiles, GraphIsRemovedWhenItsCoordinatesCannotBeWritten) {
    ScratchDir dir;
    std::filesystem::create_directory(dir.file("m.xyz")); // a folder is never a valid target
    EXPECT_THROW(formats::write_mesh_graph(two_triangles(), "m.msh", {}, dir.file("m.graph")),
                 InputError);
    EXPECT_FALSE(test::file_exists(dir.file("m.graph")));
}
