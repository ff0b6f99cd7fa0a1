// judged_repartition: the method's candidate, its plan and the cost model's verdict on it; kept
// partition (nothing moves) when the remap does not pay off within the horizon.
#include <gtest/gtest.h>

#include "libpart/core/graph_builder.hpp"
#include "libpart/plan/migration_plan.hpp"
#include "libpart/repart/judged_repart.hpp"

using namespace part;

namespace {

// The path 0-1-...-7, unit weights.
Graph path8() {
    std::vector<WeightedEdge> edges;
    for (VertexId v = 0; v + 1 < 8; ++v) edges.push_back({v, v + 1});
    return graph_from_edges(8, edges);
}

// Old: part 0 holds six vertices, part 1 two. The candidate halves the path: vertices 4 and 5
// move from part 0 to part 1 in one message. By the default cost model the old step is 7e-6 s
// (6 weight + 1 cut edge), the new one 5e-6 s, the remap 1e-5 + 2e-7 s: 5.1 steps to amortize.
const Partition kOld{2, {0, 0, 0, 0, 0, 0, 1, 1}, {}};

RepartFunction halves(int* calls) {
    return [calls](const Graph&, const Partition&, const RepartRequest&) {
        ++*calls;
        return RepartResult{Partition{2, {0, 0, 0, 0, 1, 1, 1, 1}, {}}, {0, 1}, {{"figure", 3}}};
    };
}

RepartRequest two_parts() {
    RepartRequest request;
    request.new_parts = 2;
    return request;
}

} // namespace

TEST(JudgedRepart, WithoutHorizonTheCandidateIsUsed) {
    int calls = 0;
    const JudgedRepart j =
        judged_repartition(path8(), kOld, two_parts(), halves(&calls), CostModel{}, std::nullopt);
    EXPECT_EQ(calls, 1);
    EXPECT_TRUE(j.decision.remap);
    EXPECT_FALSE(j.decision.horizon);
    EXPECT_EQ(j.result.partition.part, (std::vector<PartId>{0, 0, 0, 0, 1, 1, 1, 1}));
    EXPECT_EQ(j.result.details.size(), 1u);
    ASSERT_EQ(j.plan.messages.size(), 1u);
    EXPECT_EQ(j.traffic.moved_vertices, 2);
    EXPECT_NEAR(j.candidate.steps, 5.1, 1e-9);
    EXPECT_GE(j.decision_seconds, 0.0);
}

TEST(JudgedRepart, RemapsWhenAmortizedWithinTheHorizon) {
    int calls = 0;
    const JudgedRepart j =
        judged_repartition(path8(), kOld, two_parts(), halves(&calls), CostModel{}, 6.0);
    EXPECT_TRUE(j.decision.remap);
    EXPECT_EQ(j.decision.horizon, 6.0);
    EXPECT_EQ(j.traffic.moved_vertices, 2);
}

TEST(JudgedRepart, KeepsTheOldPartitionWhenNotAmortizedInTime) {
    int calls = 0;
    const JudgedRepart j =
        judged_repartition(path8(), kOld, two_parts(), halves(&calls), CostModel{}, 5.0);
    EXPECT_FALSE(j.decision.remap);
    EXPECT_EQ(j.result.partition.part, kOld.part);
    EXPECT_EQ(j.result.new_part_rank, (std::vector<PartId>{0, 1}));
    EXPECT_TRUE(j.plan.messages.empty());
    EXPECT_EQ(j.traffic.moved_vertices, 0);
    // The figures stay the candidate's: what the report explains the decision with.
    EXPECT_NEAR(j.candidate.steps, 5.1, 1e-9);
}

TEST(JudgedRepart, ShrinkingForcesTheRemap) {
    const RepartFunction to_one = [](const Graph&, const Partition&, const RepartRequest&) {
        return RepartResult{Partition{1, std::vector<PartId>(8, 0), {}}, {0}, {}};
    };
    RepartRequest request;
    request.new_parts = 1;
    const JudgedRepart j = judged_repartition(path8(), kOld, request, to_one, CostModel{}, 1.0);
    EXPECT_TRUE(j.decision.remap);
    EXPECT_TRUE(j.decision.forced);
    EXPECT_EQ(j.traffic.moved_vertices, 2);
}
