#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <nlohmann/json.hpp>

#include "formats/plan_file.hpp"
#include "libpart/plan/partition_checksum.hpp"
#include "tests/support/address_space_cap.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

MigrationPlan sample_plan() {
    const Partition old_p{3, {0, 0, 1, 1, 2, 2, 0}, {}};
    const Partition new_p{2, {1, 0, 0, 1, 1, 0, 0}, {}};
    return diff(old_p, new_p, {2, 0}); // shrink 3 -> 2, rank 1 becomes a skeleton
}

std::string expect_input_error(const std::string& bytes, const std::string& name) {
    try {
        formats::parse_plan(bytes, name);
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), name);
        return e.what();
    }
    ADD_FAILURE() << "a bad plan was accepted";
    return {};
}

} // namespace

TEST(PlanFile, RoundTripsThroughAFile) {
    ScratchDir dir;
    const MigrationPlan plan = sample_plan();
    formats::write_plan(dir.file("a.plan"), plan);
    EXPECT_EQ(formats::read_plan(dir.file("a.plan")), plan);
}

TEST(PlanFile, EmptyPlanRoundTrips) {
    const Partition same{2, {0, 1, 1}, {}};
    const MigrationPlan plan = diff(same, same);
    EXPECT_TRUE(plan.messages.empty());
    EXPECT_EQ(formats::parse_plan(formats::format_plan(plan), "x.plan"), plan);
}

TEST(PlanFile, HeadIsReadableJson) {
    const std::string text = formats::format_plan(sample_plan());
    EXPECT_EQ(text.rfind("%PARTPLAN 1\n", 0), 0u);
    const std::size_t body = text.find("%%BODY ");
    ASSERT_NE(body, std::string::npos);
    const auto head = nlohmann::json::parse(text.substr(12, body - 12));
    EXPECT_EQ(head["old_parts"], 3);
    EXPECT_EQ(head["new_parts"], 2);
    EXPECT_EQ(head["logical_to_physical"], nlohmann::json::array({2, 0}));
    EXPECT_EQ(head["skeleton_ranks"], 1);
    EXPECT_EQ(head["moved_vertices"], 5);
}

TEST(PlanFile, FlippedBodyByteIsReportedAsCorruption) {
    std::string bytes = formats::format_plan(sample_plan());
    bytes[bytes.size() - 3] ^= 0x01;
    EXPECT_NE(expect_input_error(bytes, "c.plan").find("checksum does not match"),
              std::string::npos);
}

TEST(PlanFile, TruncatedFilesAreReported) {
    const std::string bytes = formats::format_plan(sample_plan());
    EXPECT_NE(expect_input_error(bytes.substr(0, bytes.size() - 4), "t.plan").find("truncated"),
              std::string::npos);
    EXPECT_NE(expect_input_error(bytes.substr(0, 40), "t.plan").find("no '%%BODY' line"),
              std::string::npos);
}

TEST(PlanFile, WrongMagicOrVersionIsReported) {
    std::string bytes = formats::format_plan(sample_plan());
    EXPECT_NE(expect_input_error("0\n1\n2\n", "p.part").find("not a migration plan"),
              std::string::npos);
    bytes[10] = '7';
    EXPECT_NE(expect_input_error(bytes, "v.plan").find("version '7' is not supported"),
              std::string::npos);
}

TEST(PlanFile, EditedSummaryIsReported) {
    std::string bytes = formats::format_plan(sample_plan());
    const std::size_t at = bytes.find("\"moved_vertices\": 5");
    ASSERT_NE(at, std::string::npos);
    bytes[at + 18] = '6';
    EXPECT_NE(
        expect_input_error(bytes, "e.plan").find("\"moved_vertices\" is 6 but the body says 5"),
        std::string::npos);
    std::string broken = formats::format_plan(sample_plan());
    broken[13] = '!';
    EXPECT_NE(expect_input_error(broken, "j.plan").find("does not parse"), std::string::npos);
}

// Replaces `from` (which must be in the head) by `to`.
std::string edited_head(const std::string& from, const std::string& to) {
    std::string bytes = formats::format_plan(sample_plan());
    const std::size_t at = bytes.find(from);
    EXPECT_LT(at, bytes.find("%%BODY")) << from;
    if (at < bytes.size()) bytes.replace(at, from.size(), to);
    return bytes;
}

TEST(PlanFile, SummaryRanksMustMatchTheBody) {
    const std::string ranks =
        expect_input_error(edited_head("\"ranks\": 3", "\"ranks\": 8"), "r.plan");
    EXPECT_NE(ranks.find("\"ranks\" is 8 but the body says 3"), std::string::npos) << ranks;
    EXPECT_NE(ranks.find("r.plan:"), std::string::npos) << ranks; // a line number follows
    const std::string skeleton =
        expect_input_error(edited_head("\"skeleton_ranks\": 1", "\"skeleton_ranks\": 0"), "s.plan");
    EXPECT_NE(skeleton.find("\"skeleton_ranks\" is 0 but the body says 1"), std::string::npos)
        << skeleton;
}

TEST(PlanFile, SummaryFormatAndVersionMustBeSupported) {
    const std::string version =
        expect_input_error(edited_head("\"version\": 1", "\"version\": 2"), "v.plan");
    EXPECT_NE(version.find("\"version\" is 2: this reader supports 1"), std::string::npos)
        << version;
    const std::string format = expect_input_error(
        edited_head("\"format\": \"part-plan\"", "\"format\": \"other\""), "f.plan");
    EXPECT_NE(format.find("\"format\" is \"other\": this reader supports \"part-plan\""),
              std::string::npos)
        << format;
}

TEST(PlanFile, SummaryErrorsNameTheKeysLine) {
    const std::string bytes = edited_head("\"ranks\": 3", "\"ranks\": 8");
    const std::size_t at = bytes.find("\"ranks\"");
    const auto line = 1 + std::count(bytes.begin(), bytes.begin() + std::ptrdiff_t(at), '\n');
    const std::string message = expect_input_error(bytes, "l.plan");
    EXPECT_NE(message.find("l.plan:" + std::to_string(line) + ":"), std::string::npos) << message;
}

namespace {

// A plan file whose body encodes `body_plan` under a correct checksum, with the head of
// `head_plan`: as a corrupted or hand-made body would arrive.
std::string plan_with_body(const MigrationPlan& head_plan, const MigrationPlan& body_plan) {
    std::string body = formats::encode_body_prefix(body_plan);
    const std::size_t at = body.size();
    body.resize(at + 4 * body_plan.vertices.size());
    std::memcpy(body.data() + at, body_plan.vertices.data(), 4 * body_plan.vertices.size());
    return formats::format_plan_head(head_plan, std::int64_t(body.size()), fnv1a64(body)) + body;
}

std::int64_t body_line(const std::string& plan) {
    return 1 + std::count(plan.begin(), plan.begin() + std::ptrdiff_t(plan.find("%%BODY")), '\n');
}

} // namespace

// Mutation finding R7: a body with a correct checksum but a rank far beyond the plan's
// ranks reached plan_summary, which indexed per-rank arrays by it (SIGSEGV).
TEST(PlanFile, BodyRankOutsideThePlansRanksIsRefusedNamingTheBodyLine) {
    const MigrationPlan valid = sample_plan();
    for (PartId rank : {PartId(3), PartId(INT32_MAX)}) {
        MigrationPlan bad = valid;
        bad.new_part_rank[0] = rank;
        // The head of the valid plan: the summary of the bad one is what used to crash.
        const std::string bytes = plan_with_body(valid, bad);
        const std::string message = expect_input_error(bytes, "r.plan");
        EXPECT_NE(
            message.find("r.plan:" + std::to_string(body_line(bytes)) + ": invalid plan body"),
            std::string::npos)
            << message;
        EXPECT_NE(message.find("on rank " + std::to_string(rank) + ", outside the ranks 0..2"),
                  std::string::npos)
            << message;
    }
}

// The old part count is not bounded by the body's size: the summary sized per-rank arrays
// by it ("error: out of memory", no file named). They are now sized by the ranks messages
// name, and the head's disagreement is reported.
TEST(PlanFile, HugeOldPartCountCostsNoMemory) {
    const MigrationPlan valid = sample_plan();
    MigrationPlan bad = valid;
    bad.old_parts = INT32_MAX;
    const std::string bytes = plan_with_body(valid, bad);
    const AddressSpaceCap cap(std::size_t(512) << 20);
    const std::string message = expect_input_error(bytes, "o.plan");
    EXPECT_NE(message.find("the summary's \"old_parts\" is 3 but the body says 2147483647"),
              std::string::npos)
        << message;
}

TEST(PlanFile, MissingFileNamesIt) {
    try {
        formats::read_plan("/nonexistent/x.plan");
        FAIL();
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent/x.plan"), std::string::npos);
    }
}
