// Plans between partition files (formats/plan_partitions.hpp): errors name the file at fault.
#include <gtest/gtest.h>

#include "formats/partition_file.hpp"
#include "formats/plan_file.hpp"
#include "formats/plan_partitions.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

const Partition kOld{3, {0, 0, 1, 1, 2, 2, 0}, {}};
const Partition kNew{2, {1, 0, 0, 1, 1, 0, 0}, {}};

// Runs `body`, which must throw InputError naming `file` and saying `what`.
template <typename Body>
void expect_partitions_error(Body body, const std::string& file, const std::string& what) {
    try {
        body();
        ADD_FAILURE() << "accepted";
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), file) << e.what();
        EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
    }
}

// A folder holding old.part, new.part and the plan taking the one to the other.
struct PlanFiles {
    ScratchDir dir;
    std::string old_path = dir.file("old.part"), new_path = dir.file("new.part"),
                plan_path = dir.file("a.plan");
    PlanFiles() {
        formats::write_partition(old_path, kOld.part);
        formats::write_partition(new_path, kNew.part);
        formats::write_plan(plan_path, diff(kOld, kNew));
    }
};

} // namespace

TEST(PlanPartitions, DiffIsTheLibrarysPlan) {
    EXPECT_EQ(formats::diff_partitions(kOld, "old.part", kNew, "new.part"), diff(kOld, kNew));
}

TEST(PlanPartitions, DiffRefusesAnEmptyOldPartitionNamingIt) {
    expect_partitions_error(
        [] {
            formats::diff_partitions({1, {}, {}}, "old.part", {1, {}, {}}, "n");
        },
        "old.part", "holds no part ids: a plan needs one per vertex");
}

TEST(PlanPartitions, DiffRefusesPartitionsOfDifferentLengthsNamingTheNewOne) {
    const Partition shorter{1, {0, 0}, {}};
    expect_partitions_error(
        [&] { formats::diff_partitions(kOld, "old.part", shorter, "new.part"); }, "new.part",
        "has 2 lines but old.part has 7: both must cover the same vertices");
}

TEST(PlanPartitions, VerifyAcceptsThePlanAndRefusesOtherPartitionsNamingThePlan) {
    PlanFiles f;
    EXPECT_NO_THROW(formats::verify_plan_files(f.plan_path, f.old_path, f.new_path));
    const std::string other = f.dir.file("other.part");
    formats::write_partition(other, {1, 1, 0, 0, 1, 1, 0});
    expect_partitions_error([&] { formats::verify_plan_files(f.plan_path, f.old_path, other); },
                            f.plan_path, "the new partition's checksum differs from the plan's");
}

TEST(PlanPartitions, ApplyGivesTheNewPartitionAndRefusesAnotherOldOneNamingThePlan) {
    PlanFiles f;
    EXPECT_EQ(formats::apply_plan_file(f.plan_path, f.old_path), kNew.part);
    const std::string other = f.dir.file("other.part");
    formats::write_partition(other, {2, 0, 1, 1, 2, 2, 0});
    expect_partitions_error([&] { formats::apply_plan_file(f.plan_path, other); }, f.plan_path,
                            "the old partition's checksum differs from the plan's");
}
