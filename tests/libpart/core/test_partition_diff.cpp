#include <gtest/gtest.h>

#include "libpart/core/partition_diff.hpp"

using namespace part;

TEST(PartitionDiff, FlagsTheVerticesThatChangePart) {
    const std::vector<PartId> before{0, 1, 2, 1}, after{0, 2, 2, 0};
    EXPECT_EQ(moved_flags(before, after), (std::vector<std::uint8_t>{0, 1, 0, 1}));
    EXPECT_TRUE(moved_flags({}, {}).empty());
}

TEST(PartitionDiff, PartitionsOfDifferentLengthsAreRefused) {
    const std::vector<PartId> before{0, 1}, after{0};
    EXPECT_THROW(moved_flags(before, after), InvalidArgument);
}
