#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "formats/permutation_file.hpp"
#include "tests/support/naca0012.hpp"
#include "tests/support/test_files.hpp"

using namespace part::test;

namespace {

std::string order_command(const std::string& args) {
    return tool("part-order") + " " + args;
}

} // namespace

TEST(PartOrder, WritesAPermutationAndTheBlockCutTable) {
    ScratchDir dir;
    auto r = run_command(order_command(kNacaGraph + " --method hilbert --coords " + kNacaCoords +
                                       " -o " + dir.file("h.perm") + " --json"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto order = part::formats::read_permutation(dir.file("h.perm"), 19886);
    EXPECT_NO_THROW(part::validate_permutation(order, 19886));
    const auto json = nlohmann::json::parse(r.out);
    ASSERT_EQ(json["block_cuts"].size(), 8u);
    EXPECT_EQ(json["block_cuts"][0]["parts"], 2);
    EXPECT_EQ(json["block_cuts"][7]["parts"], 256);
    for (std::size_t i = 1; i < 8; ++i)
        EXPECT_GT(json["block_cuts"][i]["edge_cut"].get<long>(),
                  json["block_cuts"][i - 1]["edge_cut"].get<long>());
    // A locality ordering: 16 blocks cut well under a tenth of the 29,647 edges.
    EXPECT_LT(json["block_cuts"][3]["edge_cut"].get<long>(), 2965);
}

TEST(PartOrder, TablePrintsEveryPowerOfTwo) {
    ScratchDir dir;
    auto r = run_command(order_command(kNacaGraph + " --method rcm -o " + dir.file("r.perm")));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    for (const char* k : {"     2 ", "    16 ", "   256 "})
        EXPECT_NE(r.out.find(k), std::string::npos) << r.out;
}

TEST(PartOrder, SameSeedSameBytes) {
    ScratchDir dir;
    for (const char* name : {"a.perm", "b.perm"})
        ASSERT_EQ(run_command(order_command(kNacaGraph + " --method spectral --seed 4 -q -o " +
                                            dir.file(name)))
                      .exit_code,
                  0);
    EXPECT_EQ(read_text(dir.file("a.perm")), read_text(dir.file("b.perm")));
}

TEST(PartOrder, GeometricMethodWithoutCoordinatesSaysHowToGetThem) {
    ScratchDir dir;
    auto r = run_command(order_command(kNacaGraph + " --method morton -o " + dir.file("m.perm")));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("needs vertex coordinates"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("part-convert"), std::string::npos) << r.err;
    EXPECT_FALSE(file_exists(dir.file("m.perm")));
}

TEST(PartOrder, NonFiniteCoordinatesNameTheLine) {
    ScratchDir dir;
    const std::string graph = dir.write("p.graph", "3 2\n2\n1 3\n2\n");
    const std::string coords = dir.write("p.xyz", "0 0\nnan 1\n2 0\n");
    auto r = run_command(
        order_command(graph + " --method hilbert --coords " + coords + " -o " + dir.file("o")));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("p.xyz:2: coordinate is not finite"), std::string::npos) << r.err;
    EXPECT_FALSE(file_exists(dir.file("o")));
}

TEST(PartOrder, UnknownMethodAndOverwritingAnInputAreUsageErrors) {
    ScratchDir dir;
    const std::string graph = dir.write("p.graph", "3 2\n2\n1 3\n2\n");
    EXPECT_EQ(run_command(order_command(graph + " --method zigzag")).exit_code, 2);
    EXPECT_EQ(run_command(order_command(graph + " --method bfs -o " + graph)).exit_code, 2);
    EXPECT_EQ(read_text(graph), "3 2\n2\n1 3\n2\n");
}
