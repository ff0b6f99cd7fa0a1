// part-convert on the formats other tools write: SU2 and Medit meshes from gmsh give the graph
// of the same mesh written as .msh, and a partition goes out as OpenFOAM's cellDecomposition.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

// The numbers of a text file, to compare coordinates that went through fewer digits.
std::vector<double> numbers_of(const std::string& path) {
    std::istringstream in(read_text(path));
    std::vector<double> values;
    for (double v; in >> v;) values.push_back(v);
    return values;
}

void expect_graph_as_from_msh(const ScratchDir& dir, const std::string& mesh,
                              const std::string& msh) {
    SCOPED_TRACE(mesh);
    auto r = run_tool("part-convert", test_data(mesh) + " -o " + dir.file("ours.graph"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = run_tool("part-convert", test_data(msh) + " -o " + dir.file("msh.graph"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(read_text(dir.file("ours.graph")), read_text(dir.file("msh.graph")));
    const auto ours = numbers_of(dir.file("ours.xyz"));
    const auto expected = numbers_of(dir.file("msh.xyz"));
    ASSERT_EQ(ours.size(), expected.size());
    for (std::size_t i = 0; i < ours.size(); ++i) EXPECT_NEAR(ours[i], expected[i], 1e-9) << i;
}

} // namespace

TEST(PartConvertFormats, Su2AndMeditMeshesGiveTheGraphOfTheirMsh) {
    ScratchDir dir;
    expect_graph_as_from_msh(dir, "pyramids3d.su2", "pyramids3d.msh");
    expect_graph_as_from_msh(dir, "mixed2d.su2", "mixed2d.msh");
    expect_graph_as_from_msh(dir, "box3d_coarse.mesh", "box3d_coarse.msh");
    expect_graph_as_from_msh(dir, "mixed2d.mesh", "mixed2d.msh");
}

TEST(PartConvertFormats, MalformedSu2IsAnErrorNamingTheLine) {
    ScratchDir dir;
    const std::string bad =
        dir.write("bad.su2", "NDIME= 2\nNELEM= 1\n5 0 1 7\nNPOIN= 3\n0 0\n1 0\n0 1\n");
    const auto r = run_tool("part-convert", bad + " -o " + dir.file("x.graph"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("error: " + bad + ":3: node id 7 is out of range: NPOIN= 3"),
              std::string::npos)
        << r.err;
    EXPECT_FALSE(file_exists(dir.file("x.graph")));
}

TEST(PartConvertFormats, UnknownExtensionListsTheFormats) {
    ScratchDir dir;
    const std::string mesh = dir.write("mesh.obj", "v 0 0 0\n");
    const auto r = run_tool("part-convert", mesh + " -o " + dir.file("x.graph"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find(".inp (Abaqus or AVS UCD), .ugrid (AFLR3), .mesh (Medit, MFEM or METIS), "
                         ".exo"),
              std::string::npos)
        << r.err;
}

TEST(PartConvertFormats, PartitionAsOpenFoamCellDecomposition) {
    ScratchDir dir;
    const std::string mesh = dir.write(
        "two.su2", "NDIME= 2\nNELEM= 2\n5 0 1 2\n5 1 3 2\nNPOIN= 4\n0 0\n1 0\n0 1\n1 1\n");
    const std::string partition = dir.write("two.part", "1\n0\n");
    const std::string header = "FoamFile\n{\n    version     2.0;\n    format      ascii;\n"
                               "    class       labelList;\n    object      ";
    auto r = run_tool("part-convert",
                      mesh + " --partition " + partition + " -o " + dir.file("cellDecomposition"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(read_text(dir.file("cellDecomposition")),
              header + "cellDecomposition;\n}\n\n2\n(\n1\n0\n)\n");
    EXPECT_NE(r.out.find("2 cells, 2 parts"), std::string::npos) << r.out;
    r = run_tool("part-convert", mesh + " --partition " + partition + " --format openfoam -o " +
                                     dir.file("decomposition"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(read_text(dir.file("decomposition")),
              header + "decomposition;\n}\n\n2\n(\n1\n0\n)\n");
}

TEST(PartConvertFormats, CellDecompositionErrors) {
    ScratchDir dir;
    const std::string mesh = test_data("mixed2d.su2");
    const std::string out = dir.file("cellDecomposition");
    EXPECT_EQ(run_tool("part-convert", mesh + " -o " + out).exit_code, 2); // needs --partition
    const std::string part = dir.write("p", "0\n1\n");
    EXPECT_EQ(
        run_tool("part-convert", mesh + " --partition " + part + " --split -o " + out).exit_code,
        2);
    EXPECT_EQ(run_tool("part-convert", mesh + " --partition " + part + " --format vtk -o " + out)
                  .exit_code,
              2);
    // A partition of the wrong length names the file and leaves no output.
    const auto r = run_tool("part-convert", mesh + " --partition " + part + " -o " + out);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("expected one part id per top-dimensional cell"), std::string::npos)
        << r.err;
    EXPECT_FALSE(file_exists(out));
}
