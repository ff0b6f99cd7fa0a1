// Issue 27, item 6: the tools say how to fix a call that hands a file to the wrong argument,
// as `error: FILE:LINE: ...` with exit 1.
#include <gtest/gtest.h>

#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

void expect_error(const CommandResult& r, const std::string& located, const std::string& hint) {
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.err.rfind("error: " + located + ": ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(hint), std::string::npos) << r.err;
}

} // namespace

TEST(MisplacedInputs, AMeshGivenToPartPartitionSaysRunPartConvertFirst) {
    const std::string mesh = source_file("data/naca0012.msh");
    expect_error(run_tool("part-partition", mesh + " -k 4 -q"), mesh + ":1",
                 "this looks like a mesh: run part-convert first");
}

TEST(MisplacedInputs, SwappedGraphAndPartitionAreNamed) {
    ScratchDir dir;
    const std::string graph = source_file("data/naca0012.graph");
    const std::string part = dir.file("naca0012.graph.part.4");
    ASSERT_EQ(run_tool("part-partition", graph + " -k 4 -q -o " + part).exit_code, 0);
    expect_error(run_tool("part-stats", part + " " + graph), part + ":1", "look swapped");
    expect_error(run_tool("part-refine", part + " " + graph + " -q -o " + dir.file("r.part")),
                 part + ":1", "look swapped");
    expect_error(
        run_tool("part-repart", part + " " + graph + " --method gde -q -o " + dir.file("n.part")),
        part + ":1", "look swapped");
    EXPECT_FALSE(file_exists(dir.file("r.part")));
    EXPECT_FALSE(file_exists(dir.file("n.part")));
}

TEST(MisplacedInputs, AnOldGmshVersionIsNamed) {
    ScratchDir dir;
    const std::string mesh = dir.write("old.msh", "$MeshFormat\n3 0 8\n$EndMeshFormat\n");
    expect_error(run_tool("part-convert", mesh + " -q -o " + dir.file("old.graph")), mesh + ":2",
                 "Gmsh .msh version 3.0 is not supported");
}
