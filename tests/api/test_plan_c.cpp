// The C interface's plan handle (part/part.h): what part_plan_make makes is the C++ plan,
// message for message; it survives a write and a read; bad calls give a code and a message.
#include <gtest/gtest.h>

#include <part/part.h>
#include <part/part.hpp>

#include "tests/support/test_files.hpp"

namespace {

struct Partitions {
    std::vector<std::int32_t> old_part{0, 0, 1, 1, 2, 2, 0, 1}, new_part{1, 0, 0, 1, 1, 0, 1, 0};
    std::vector<std::int32_t> rank_of_part{2, 0};
};

part_plan* made(const Partitions& p) {
    part_plan* plan = nullptr;
    EXPECT_EQ(
        part_plan_make(8, p.old_part.data(), 3, p.new_part.data(), 2, p.rank_of_part.data(), &plan),
        PART_OK)
        << part_last_error();
    return plan;
}

// The handle's plan, read back through the accessors.
part::api::Plan read_back(const part_plan* handle) {
    part::api::Plan plan;
    std::int32_t messages = 0;
    EXPECT_EQ(
        part_plan_sizes(handle, &plan.num_vertices, &plan.old_parts, &plan.new_parts, &messages),
        PART_OK);
    plan.rank_of_part.resize(std::size_t(plan.new_parts));
    EXPECT_EQ(part_plan_rank_of_part(handle, plan.rank_of_part.data()), PART_OK);
    for (std::int32_t m = 0; m < messages; ++m) {
        part::api::PlanMessage message;
        std::int32_t count = 0;
        const std::int32_t* vertices = nullptr;
        EXPECT_EQ(
            part_plan_message(handle, m, &message.source, &message.destination, &count, &vertices),
            PART_OK);
        message.vertices.assign(vertices, vertices + count);
        plan.messages.push_back(message);
    }
    return plan;
}

// The C interface does not give the checksums (part_plan_write writes them).
part::api::Plan without_checksums(part::api::Plan plan) {
    plan.old_checksum = plan.new_checksum = 0;
    return plan;
}

TEST(PublicCApiPlan, MadeReadAndWrittenPlansAreTheCppPlan) {
    const Partitions p;
    const auto expected = part::api::make_plan(p.old_part, 3, p.new_part, 2, p.rank_of_part);
    ASSERT_FALSE(expected.messages.empty());
    part_plan* plan = made(p);
    ASSERT_NE(plan, nullptr);
    EXPECT_TRUE(read_back(plan) == without_checksums(expected));

    part::test::ScratchDir dir;
    const std::string path = dir.file("c.plan");
    ASSERT_EQ(part_plan_write(plan, path.c_str()), PART_OK) << part_last_error();
    part_plan_free(plan);
    part_plan* read = nullptr;
    ASSERT_EQ(part_plan_read(path.c_str(), &read), PART_OK) << part_last_error();
    EXPECT_TRUE(read_back(read) == without_checksums(expected));
    EXPECT_TRUE(part::api::read_plan(path) == expected);
    part_plan_free(read);
}

TEST(PublicCApiPlan, BadCallsGiveACodeAndAMessage) {
    const Partitions p;
    part_plan* plan = made(p);
    EXPECT_EQ(part_plan_message(plan, 99, nullptr, nullptr, nullptr, nullptr), PART_ERROR_INPUT);
    EXPECT_NE(std::string(part_last_error()).find("message 99"), std::string::npos);
    EXPECT_EQ(part_plan_sizes(nullptr, nullptr, nullptr, nullptr, nullptr), PART_ERROR_INPUT);
    part_plan* none = nullptr;
    EXPECT_EQ(part_plan_read("/nonexistent/x.plan", &none), PART_ERROR_INPUT);
    EXPECT_NE(std::string(part_last_error()).find("x.plan"), std::string::npos);
    EXPECT_EQ(none, nullptr);
    const std::vector<std::int32_t> out_of_range(8, 7);
    EXPECT_EQ(part_plan_make(8, p.old_part.data(), 3, out_of_range.data(), 2, nullptr, &none),
              PART_ERROR_INPUT);
    part_plan_free(plan);
}

} // namespace
