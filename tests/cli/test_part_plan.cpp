#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/support/test_files.hpp"

using namespace part::test;

namespace {

std::string plan_tool() {
    return tool("part-plan");
}

struct PlanFixture {
    ScratchDir dir;
    std::string old_part = dir.write("old.part", "0\n0\n1\n1\n2\n2\n");
    std::string new_part = dir.write("new.part", "1\n0\n0\n1\n1\n0\n");
    std::string plan = dir.file("m.plan");
    PlanFixture() {
        auto r =
            run_command(plan_tool() + " diff " + old_part + " " + new_part + " -o " + plan + " -q");
        EXPECT_EQ(r.exit_code, 0) << r.err;
    }
};

} // namespace

TEST(PartPlan, HelpShowsExample) {
    auto r = run_command(plan_tool() + " --help");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("part-plan diff old.part new.part"), std::string::npos);
}

TEST(PartPlan, DiffShowVerifyApplyRoundTrip) {
    PlanFixture f;
    auto show = run_command(plan_tool() + " show " + f.plan);
    ASSERT_EQ(show.exit_code, 0) << show.err;
    EXPECT_NE(show.out.find("6 vertices, 3 -> 2 parts on 3 ranks (1 skeleton)"), std::string::npos)
        << show.out;
    EXPECT_NE(show.out.find("traffic (moved vertices"), std::string::npos);

    auto json = run_command(plan_tool() + " show " + f.plan + " --json");
    ASSERT_EQ(json.exit_code, 0) << json.err;
    const auto report = nlohmann::json::parse(json.out);
    // old 0 0 1 1 2 2 -> new 1 0 0 1 1 0: vertices 1, 3, 5, 6 (1-based) change rank.
    EXPECT_EQ(report["moved_vertices"], 4);
    EXPECT_EQ(report["messages"], 4);
    EXPECT_EQ(report["traffic"].size(), 4u);

    auto verify =
        run_command(plan_tool() + " verify " + f.plan + " " + f.old_part + " " + f.new_part);
    EXPECT_EQ(verify.exit_code, 0) << verify.err;

    const std::string out = f.dir.file("out.part");
    auto apply =
        run_command(plan_tool() + " apply " + f.plan + " --partition " + f.old_part + " -o " + out);
    ASSERT_EQ(apply.exit_code, 0) << apply.err;
    EXPECT_EQ(read_text(out), read_text(f.new_part));
}

TEST(PartPlan, PlanThatDoesNotMatchTheDataIsRefused) {
    PlanFixture f;
    const std::string other = f.dir.write("other.part", "0\n1\n1\n1\n2\n2\n");
    auto verify = run_command(plan_tool() + " verify " + f.plan + " " + other + " " + f.new_part);
    EXPECT_EQ(verify.exit_code, 1);
    EXPECT_NE(verify.err.find("error: " + f.plan + ": the old partition's checksum differs"),
              std::string::npos)
        << verify.err;
    const std::string out = f.dir.file("out.part");
    auto apply =
        run_command(plan_tool() + " apply " + f.plan + " --partition " + other + " -o " + out);
    EXPECT_EQ(apply.exit_code, 1);
    EXPECT_NE(apply.err.find("checksum"), std::string::npos) << apply.err;
    EXPECT_FALSE(file_exists(out));
    const std::string shorter = f.dir.write("short.part", "0\n1\n");
    auto wrong_length =
        run_command(plan_tool() + " apply " + f.plan + " --partition " + shorter + " -o " + out);
    EXPECT_EQ(wrong_length.exit_code, 1);
    EXPECT_NE(wrong_length.err.find("partition has 2 lines but the graph has 6 vertices"),
              std::string::npos)
        << wrong_length.err;
}

TEST(PartPlan, CorruptedPlanIsRefusedAndNothingWritten) {
    PlanFixture f;
    std::string bytes = read_text(f.plan);
    bytes[bytes.size() - 2] ^= 0x10;
    const std::string bad = f.dir.write("bad.plan", bytes);
    const std::string out = f.dir.file("out.part");
    auto r =
        run_command(plan_tool() + " apply " + bad + " --partition " + f.old_part + " -o " + out);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find(bad + ":"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("corrupted"), std::string::npos) << r.err;
    EXPECT_FALSE(file_exists(out));
    EXPECT_EQ(run_command(plan_tool() + " show " + bad).exit_code, 1);
}

TEST(PartPlan, RefusesToOverwriteInputs) {
    PlanFixture f;
    const std::string before = read_text(f.old_part);
    auto r = run_command(plan_tool() + " apply " + f.plan + " --partition " + f.old_part + " -o " +
                         f.old_part);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(read_text(f.old_part), before);
    EXPECT_EQ(
        run_command(plan_tool() + " diff " + f.old_part + " " + f.new_part + " -o " + f.new_part)
            .exit_code,
        2);
    EXPECT_EQ(run_command(plan_tool() + " show " + f.plan + " -o " + f.plan).exit_code, 2);
}

TEST(PartPlan, UsageErrors) {
    PlanFixture f;
    EXPECT_EQ(run_command(plan_tool()).exit_code, 2);
    EXPECT_EQ(run_command(plan_tool() + " diff " + f.old_part + " " + f.new_part).exit_code,
              2);                                                          // no -o
    EXPECT_EQ(run_command(plan_tool() + " apply " + f.plan).exit_code, 2); // no --partition
    auto mismatch = run_command(plan_tool() + " diff " + f.old_part + " " +
                                f.dir.write("s.part", "0\n") + " -o " + f.dir.file("x.plan"));
    EXPECT_EQ(mismatch.exit_code, 1);
    EXPECT_NE(mismatch.err.find("both must cover the same vertices"), std::string::npos)
        << mismatch.err;
    EXPECT_FALSE(file_exists(f.dir.file("x.plan")));
}

// Found by scripts/mutation_run.py: an empty partition file reached the plan library, whose
// "the old partition has 0 parts" named no file.
TEST(PartPlan, DiffOfAnEmptyPartitionNamesTheFile) {
    PlanFixture f;
    const std::string empty = f.dir.write("empty.part", "");
    const std::string plan = f.dir.file("x.plan");
    auto r = run_command(plan_tool() + " diff " + empty + " " + empty + " -o " + plan);
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("error: " + empty + ": holds no part ids"), std::string::npos) << r.err;
    EXPECT_FALSE(file_exists(plan));
}
