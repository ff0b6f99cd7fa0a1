// A partition written onto its mesh for ParaView (part-convert --partition).
#include <gtest/gtest.h>

#include "formats/mesh_file.hpp"
#include "formats/partitioned_mesh_output.hpp"
#include "formats/vtk_mesh.hpp"
#include "tests/support/small_mesh.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using part::test::ScratchDir;

namespace {

std::vector<double> cell_values(const Mesh& mesh, const std::string& name) {
    const MeshArray* array = mesh.find_cell_array(name);
    std::vector<double> values;
    if (array)
        for (std::size_t t = 0; t < array->num_tuples(); ++t) values.push_back(array->value(t));
    return values;
}

} // namespace

TEST(PartitionedMeshOutput, SplitOutputIsThePvtu) {
    EXPECT_EQ(formats::partitioned_mesh_path("out/m.vtu", true), "out/m.pvtu");
    EXPECT_EQ(formats::partitioned_mesh_path("out/m.vtu", false), "out/m.vtu");
}

TEST(PartitionedMeshOutput, VtuWithPartitionOldPartitionAndMoved) {
    ScratchDir dir;
    formats::PartitionedMeshRequest request;
    request.partition = dir.write("new.part", "0\n1\n");
    request.old_partition = dir.write("old.part", "0\n0\n");
    const auto written = formats::write_partitioned_mesh(test::two_triangles_and_a_line(), "m.msh",
                                                         request, dir.file("m.vtu"));
    EXPECT_EQ(written.output, dir.file("m.vtu"));
    EXPECT_EQ(written.cells, 2u);
    EXPECT_EQ(written.parts, 2);
    EXPECT_EQ(written.moved_cells, 1u);
    EXPECT_FALSE(written.pieces);
    const Mesh back = formats::read_mesh(written.output);
    EXPECT_EQ(back.num_cells(), 2); // the boundary line is left out
    EXPECT_EQ(cell_values(back, "partition"), (std::vector<double>{0, 1}));
    EXPECT_EQ(cell_values(back, "old_partition"), (std::vector<double>{0, 0}));
    EXPECT_EQ(cell_values(back, "moved"), (std::vector<double>{0, 1}));
}

TEST(PartitionedMeshOutput, SplitCountsThePiecesOfNonEmptyParts) {
    ScratchDir dir;
    formats::PartitionedMeshRequest request;
    request.partition = dir.write("p.part.2", "0\n0\n"); // part 1 empty
    request.split = true;
    const auto written = formats::write_partitioned_mesh(test::two_triangles_and_a_line(), "m.msh",
                                                         request, dir.file("m.vtu"));
    EXPECT_EQ(written.output, dir.file("m.pvtu"));
    EXPECT_EQ(written.parts, 2);
    EXPECT_EQ(written.pieces, 1u);
    EXPECT_FALSE(written.moved_cells);
    EXPECT_EQ(formats::list_pvtu_pieces(written.output).size(), 1u);
}

TEST(PartitionedMeshOutput, WrongLengthSaysWhatTheMeshExpects) {
    ScratchDir dir;
    formats::PartitionedMeshRequest request;
    request.partition = dir.write("p.part", "0\n");
    try {
        formats::write_partitioned_mesh(test::two_triangles_and_a_line(), "m.msh", request,
                                        dir.file("m.vtu"));
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), request.partition);
        EXPECT_NE(
            e.message().find("(expected one part id per top-dimensional cell of m.msh: 2 lines)"),
            std::string::npos)
            << e.what();
    }
    EXPECT_FALSE(test::file_exists(dir.file("m.vtu")));
}
