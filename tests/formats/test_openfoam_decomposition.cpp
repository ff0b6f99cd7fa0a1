// OpenFOAM's cellDecomposition: the exact layout decomposePar's manual method reads.
#include <gtest/gtest.h>

#include <vector>

#include "formats/openfoam_decomposition.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

std::string expected_text(const std::string& object) {
    return "FoamFile\n{\n    version     2.0;\n    format      ascii;\n    class       labelList;\n"
           "    object      " +
           object + ";\n}\n\n3\n(\n1\n0\n2\n)\n";
}

} // namespace

TEST(OpenFoamDecomposition, WritesTheLabelListLayout) {
    ScratchDir dir;
    const std::vector<std::int32_t> parts{1, 0, 2};
    formats::write_cell_decomposition(dir.file("cellDecomposition"), parts);
    EXPECT_EQ(read_text(dir.file("cellDecomposition")), expected_text("cellDecomposition"));
    // The object is the file's name, which the manual method's dataFile names.
    formats::write_cell_decomposition(dir.file("manualDecomp"), parts);
    EXPECT_EQ(read_text(dir.file("manualDecomp")), expected_text("manualDecomp"));
    // A name that is no OpenFOAM word gets the default object.
    formats::write_cell_decomposition(dir.file("my parts"), parts);
    EXPECT_EQ(read_text(dir.file("my parts")), expected_text("cellDecomposition"));
}

TEST(OpenFoamDecomposition, RecognisesTheDefaultName) {
    EXPECT_TRUE(formats::is_cell_decomposition_path("case/constant/cellDecomposition"));
    EXPECT_TRUE(formats::is_cell_decomposition_path("cellDecomposition"));
    EXPECT_FALSE(formats::is_cell_decomposition_path("cellDecomposition.vtu"));
    EXPECT_FALSE(formats::is_cell_decomposition_path("cellDecomposition/x.vtu"));
}
