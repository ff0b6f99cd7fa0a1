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

RepartRequest two_part_request() {
    RepartRequest request;
    request.new_parts = 2;
    return request;
}

} // namespace

TEST(JudgedRepart, WithoutHorizonTheCandidateIsUsed) {
    int calls = 0;
    const JudgedRepart j = judged_repartition(path8(), kOld, two_part_request(), halves(&calls),
                                              CostModel{}, std::nullopt);
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
        judged_repartition(path8(), kOld, two_part_request(), halves(&calls), CostModel{}, 6.0);
    EXPECT_TRUE(j.decision.remap);
    EXPECT_EQ(j.decision.horizon, 6.0);
    EXPECT_EQ(j.traffic.moved_vertices, 2);
}

TEST(JudgedRepart, KeepsTheOldPartitionWhenNotAmortizedInTime) {
    int calls = 0;
    const JudgedRepart j =
        judged_repartition(path8(), kOld, two_part_request(), halves(&calls), CostModel{}, 5.0);
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

// Ranks leaving, with a horizon (Ashok 1994, 13.1): not adapting folds the leaving rank's part
// whole onto a staying rank. On the path 0-...-11 in four parts of three, shrinking to three:
// the candidate (thirds of four) moves six vertices in three messages, the fold only part 3's
// three vertices onto part 0 in one, but leaves part 0 twice as heavy, so the fold costs less
// over a short horizon and more over a long one.
TEST(JudgedRepart, ShrinkingWeighsFoldingTheLeavingPartsOverTheHorizon) {
    std::vector<WeightedEdge> edges;
    for (VertexId v = 0; v + 1 < 12; ++v) edges.push_back({v, v + 1});
    const Graph path12 = graph_from_edges(12, edges);
    const Partition old{4, {0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3}, {}};
    const RepartFunction thirds = [](const Graph&, const Partition&, const RepartRequest&) {
        return RepartResult{Partition{3, {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2}, {}}, {0, 1, 2}, {}};
    };
    RepartRequest request;
    request.new_parts = 3;
    const JudgedRepart short_run =
        judged_repartition(path12, old, request, thirds, CostModel{}, 1.0);
    EXPECT_TRUE(short_run.decision.fold);
    EXPECT_LT(*short_run.decision.fold_cost, *short_run.decision.remap_cost);
    EXPECT_EQ(short_run.result.partition.part,
              (std::vector<PartId>{0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0}));
    EXPECT_EQ(short_run.traffic.moved_vertices, 3);
    const JudgedRepart long_run =
        judged_repartition(path12, old, request, thirds, CostModel{}, 100.0);
    EXPECT_FALSE(long_run.decision.fold);
    EXPECT_GT(*long_run.decision.fold_cost, *long_run.decision.remap_cost);
    EXPECT_EQ(long_run.traffic.moved_vertices, 6);
    // Without a horizon the candidate is taken unweighed.
    const JudgedRepart unweighed =
        judged_repartition(path12, old, request, thirds, CostModel{}, std::nullopt);
    EXPECT_FALSE(unweighed.decision.fold_cost);
}

// The leaving parts go heaviest first to the staying part that then carries the least weight
// per speed: parts 1 and 2 stay (as parts 0 and 1), part 3 (20) joins part 2's 30, part 0 (10)
// part 1's 40.
TEST(FoldOntoStayingRanks, HeaviestLeavingPartsFirstToTheLeastLoaded) {
    const std::vector<WeightSum> weight{10, 40, 30, 20};
    const Partition shape{2, {}, {}};
    EXPECT_EQ(fold_onto_staying_ranks(weight, shape, {1, 2}), (std::vector<PartId>{0, 0, 1, 1}));
    // With speeds 3 : 1 the faster part takes both.
    const Partition uneven{2, {}, {0.75, 0.25}};
    EXPECT_EQ(fold_onto_staying_ranks(weight, uneven, {1, 2}), (std::vector<PartId>{0, 0, 1, 0}));
}
