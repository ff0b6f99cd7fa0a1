#include <gtest/gtest.h>

#include "formats/permutation_file.hpp"
#include "tests/support/test_files.hpp"

using namespace part;

namespace {

std::string permutation_error(const std::string& text, std::int64_t expected) {
    try {
        formats::parse_permutation(text, "order.perm", expected);
    } catch (const InputError& e) {
        return e.what();
    }
    ADD_FAILURE() << "accepted: " << text;
    return "";
}

} // namespace

TEST(PermutationFile, ReadsPositions) {
    EXPECT_EQ(formats::parse_permutation("% new position of each vertex\n2\n0\n1\n", "p", 3),
              (Permutation{2, 0, 1}));
    EXPECT_EQ(formats::parse_permutation("1\n0\n", "p", -1), (Permutation{1, 0}));
}

TEST(PermutationFile, RejectsWhatIsNotAPermutation) {
    EXPECT_NE(permutation_error("0\n1\n1\n", 3)
                  .find("order.perm:3: position 1 already given on line 2: not a permutation"),
              std::string::npos)
        << permutation_error("0\n1\n1\n", 3);
    EXPECT_NE(permutation_error("0\n3\n1\n", 3)
                  .find("order.perm:2: position 3 is out of range: expected 0..2"),
              std::string::npos);
    EXPECT_NE(permutation_error("0\n-1\n", 2).find("order.perm:2: position -1 is out of range"),
              std::string::npos);
    EXPECT_NE(permutation_error("0\n1\n", 3)
                  .find("order.perm:2: ordering has 2 lines but the graph has 3 vertices"),
              std::string::npos);
    EXPECT_NE(permutation_error("0\n1\n2\n", 2)
                  .find("order.perm:3: more lines than the graph's 2 vertices"),
              std::string::npos);
    EXPECT_NE(permutation_error("0 1\n", 2).find("order.perm:1: expected one position on the line"),
              std::string::npos);
    EXPECT_NE(permutation_error("0\nx\n", 2)
                  .find("order.perm:2: expected a position (an integer), found 'x'"),
              std::string::npos);
    EXPECT_NE(permutation_error("0\n2\n", -1).find("not a permutation"), std::string::npos);
}

TEST(PermutationFile, WithoutACountAPositionBeyondTheFileIsRejectedAtItsLine) {
    // The fuzzer's find: the reader made room for every position up to this one (16 GB).
    EXPECT_NE(permutation_error("0\n2000000000\n1\n", -1)
                  .find("order.perm:2: position 2000000000 is beyond the file's 3 lines"),
              std::string::npos)
        << permutation_error("0\n2000000000\n1\n", -1);
}

TEST(PermutationFile, WriteThenReadBack) {
    test::ScratchDir dir;
    const Permutation p{3, 1, 0, 2};
    formats::write_permutation(dir.file("o.perm"), p);
    EXPECT_EQ(test::read_text(dir.file("o.perm")), "3\n1\n0\n2\n");
    EXPECT_EQ(formats::read_permutation(dir.file("o.perm"), 4), p);
}
