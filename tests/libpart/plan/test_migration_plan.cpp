#include <gtest/gtest.h>

#include <random>

#include "libpart/plan/migration_plan.hpp"
#include "libpart/plan/partition_checksum.hpp"
#include "libpart/plan/plan_traffic.hpp"

using namespace part;

namespace {

Partition make(PartId k, std::vector<PartId> part) {
    return Partition{k, std::move(part), {}};
}

Partition random_partition(std::mt19937& rng, VertexId n, PartId k) {
    std::uniform_int_distribution<PartId> pick(0, k - 1);
    Partition p{k, std::vector<PartId>(std::size_t(n)), {}};
    for (PartId& id : p.part) id = pick(rng);
    return p;
}

std::vector<PartId> random_ranks(std::mt19937& rng, PartId new_parts, PartId old_parts) {
    std::vector<PartId> ranks(std::size_t(std::max(new_parts, old_parts)));
    for (std::size_t r = 0; r < ranks.size(); ++r) ranks[r] = PartId(r);
    std::shuffle(ranks.begin(), ranks.end(), rng);
    ranks.resize(std::size_t(new_parts));
    return ranks;
}

} // namespace

TEST(PartitionChecksum, DiffersWhenOneIdOrTheCountChanges) {
    const std::vector<PartId> a{0, 1, 2, 1}, b{0, 1, 2, 2};
    EXPECT_EQ(partition_checksum(3, a), partition_checksum(3, a));
    EXPECT_NE(partition_checksum(3, a), partition_checksum(3, b));
    EXPECT_NE(partition_checksum(3, a), partition_checksum(4, a));
}

TEST(PartitionChecksum, InPiecesEqualsWhole) {
    const std::vector<PartId> part{0, 1, 2, 1, 0, 2, 2};
    const std::span<const PartId> all(part);
    std::uint64_t hash = partition_checksum_start(3);
    hash = partition_checksum_continue(hash, all.subspan(0, 3));
    hash = partition_checksum_continue(hash, all.subspan(3, 0)); // an empty piece
    hash = partition_checksum_continue(hash, all.subspan(3));
    EXPECT_EQ(hash, partition_checksum(3, part));
    EXPECT_NE(partition_checksum_continue(partition_checksum_start(3), all.subspan(1)),
              partition_checksum(3, part));
}

TEST(MigrationPlan, DiffListsOnlyMovingVerticesSortedPerMessage) {
    const Partition old_p = make(2, {0, 0, 1, 1, 0, 1});
    const Partition new_p = make(3, {0, 2, 1, 0, 2, 2});
    const MigrationPlan plan = diff(old_p, new_p);
    // Moves: v1 0->2, v3 1->0, v4 0->2, v5 1->2.
    ASSERT_EQ(plan.messages.size(), 3u);
    EXPECT_EQ(plan.messages[0], (PlanMessage{0, 2}));
    EXPECT_EQ(plan.messages[1], (PlanMessage{1, 0}));
    EXPECT_EQ(plan.messages[2], (PlanMessage{1, 2}));
    EXPECT_EQ(
        std::vector<VertexId>(plan.message_vertices(0).begin(), plan.message_vertices(0).end()),
        (std::vector<VertexId>{1, 4}));
    EXPECT_EQ(plan.message_vertices(1)[0], 3);
    EXPECT_EQ(plan.message_vertices(2)[0], 5);
    EXPECT_EQ(plan.num_ranks(), 3);
    EXPECT_EQ(apply_plan(plan, old_p.part), new_p.part);
    EXPECT_NO_THROW(verify_plan(plan, old_p, new_p));
}

TEST(MigrationPlan, RankMapDecidesWhatStays) {
    // Shrink 4 -> 2 keeping ranks 1 and 3: new part 0 on rank 1, new part 1 on rank 3.
    const Partition old_p = make(4, {0, 1, 2, 3, 1, 3});
    const Partition new_p = make(2, {0, 0, 1, 1, 0, 1});
    const MigrationPlan plan = diff(old_p, new_p, {1, 3});
    // Vertices 1, 3, 4, 5 stay (old rank equals the new part's rank); 0 and 2 move.
    EXPECT_EQ(plan.vertices, (std::vector<VertexId>{0, 2}));
    EXPECT_EQ(apply_plan(plan, old_p.part), new_p.part);
    const PlanTraffic traffic = plan_traffic(plan);
    EXPECT_EQ(traffic.moved_vertices, 2);
    EXPECT_EQ(traffic.skeleton_ranks, 2);
    EXPECT_EQ(traffic.messages[0].destination_rank, 1);
    EXPECT_EQ(traffic.messages[1].destination_rank, 3);
}

TEST(MigrationPlan, TrafficTotalsUseVertexSizes) {
    const Partition old_p = make(2, {0, 0, 0, 1});
    const Partition new_p = make(2, {1, 1, 0, 0});
    const MigrationPlan plan = diff(old_p, new_p);
    const std::vector<Weight> sizes{5, 7, 1, 2};
    const PlanTraffic t = plan_traffic(plan, sizes);
    EXPECT_EQ(t.moved_vertices, 3);
    EXPECT_EQ(t.moved_size, 14);
    EXPECT_EQ(t.max_sent_size, 12);
    EXPECT_EQ(t.max_received_size, 12);
    EXPECT_EQ(t.max_sent_vertices, 2);
    EXPECT_EQ(t.max_messages_per_rank, 2);
    EXPECT_THROW(plan_traffic(plan, std::vector<Weight>{1, 2}), PlanError);

    // From message sizes alone, without the vertex lists (a plan spread over ranks).
    MigrationPlan outline = plan;
    outline.vertices.clear();
    std::vector<WeightSum> message_size;
    for (const MessageTraffic& m : t.messages) message_size.push_back(m.size);
    const PlanTraffic u = message_traffic(outline, message_size);
    EXPECT_EQ(u.moved_vertices, t.moved_vertices);
    EXPECT_EQ(u.moved_size, t.moved_size);
    EXPECT_EQ(u.max_sent_size, t.max_sent_size);
    EXPECT_EQ(u.max_received_vertices, t.max_received_vertices);
    EXPECT_EQ(u.max_messages_per_rank, t.max_messages_per_rank);
}

TEST(MigrationPlan, ApplyRejectsTheWrongOldPartition) {
    const Partition old_p = make(2, {0, 0, 1, 1});
    const Partition new_p = make(2, {0, 1, 1, 0});
    const MigrationPlan plan = diff(old_p, new_p);
    EXPECT_THROW(apply_plan(plan, std::vector<PartId>{0, 0, 1}), PlanError);
    try {
        apply_plan(plan, std::vector<PartId>{0, 1, 1, 1});
        FAIL() << "a different old partition was accepted";
    } catch (const PlanError& e) {
        EXPECT_NE(std::string(e.what()).find("checksum"), std::string::npos) << e.what();
    }
}

TEST(MigrationPlan, VerifyNamesTheDifference) {
    const Partition old_p = make(2, {0, 0, 1, 1});
    const Partition new_p = make(2, {0, 1, 1, 0});
    const MigrationPlan plan = diff(old_p, new_p);
    EXPECT_THROW(verify_plan(plan, old_p, make(2, {0, 1, 1, 1})), PlanError);
    EXPECT_THROW(verify_plan(plan, old_p, make(3, {0, 1, 1, 0})), PlanError);
    // A tampered plan with consistent checksums but a different message list.
    MigrationPlan tampered = plan;
    tampered.vertices[0] = 0; // vertex 1 stays in part 0 but the plan claims it moves
    EXPECT_THROW(verify_plan(tampered, old_p, new_p), PlanError);
}

TEST(MigrationPlan, ValidateRejectsBrokenPlans) {
    const Partition old_p = make(2, {0, 0, 1, 1});
    const MigrationPlan plan = diff(old_p, make(2, {1, 1, 0, 0}));
    MigrationPlan p = plan;
    p.new_part_rank = {0, 0};
    EXPECT_THROW(validate(p), PlanError);
    p = plan;
    std::swap(p.vertices[0], p.vertices[1]);
    EXPECT_THROW(validate(p), PlanError);
    p = plan;
    p.vertices[2] = 0; // moved twice
    EXPECT_THROW(validate(p), PlanError);
    p = plan;
    p.messages[0].destination = 0; // would stay on rank 0
    EXPECT_THROW(validate(p), PlanError);
    p = plan;
    p.offsets.back() = 3;
    EXPECT_THROW(validate(p), PlanError);
}

TEST(MigrationPlan, ApplyRejectsAVertexLeftOnASkeletonRank) {
    const Partition old_p = make(3, {0, 1, 2});
    MigrationPlan plan = diff(old_p, make(2, {0, 1, 1}));
    // Drop the message that empties rank 2.
    plan.messages.clear();
    plan.vertices.clear();
    plan.offsets = {0};
    EXPECT_THROW(apply_plan(plan, old_p.part), PlanError);
}

TEST(MigrationPlan, DiffRejectsMismatchedInputs) {
    EXPECT_THROW(diff(make(2, {0, 1}), make(2, {0, 1, 1})), PlanError);
    EXPECT_THROW(diff(make(2, {0, 2}), make(2, {0, 1})), PlanError);
    EXPECT_THROW(diff(make(2, {0, 1}), make(2, {0, 1}), {0}), PlanError);
}

// Property: for every P, P' in 1..8 and random rank maps, the plan reproduces the new
// partition, verifies, and moves exactly the vertices whose rank changes.
TEST(MigrationPlan, PropertyPlanReproducesNewPartition) {
    std::mt19937 rng(20261121);
    for (PartId p = 1; p <= 8; ++p)
        for (PartId q = 1; q <= 8; ++q)
            for (int trial = 0; trial < 3; ++trial) {
                const VertexId n = VertexId(rng() % 200);
                const Partition old_p = random_partition(rng, n, p);
                const Partition new_p = random_partition(rng, n, q);
                const std::vector<PartId> ranks = random_ranks(rng, q, p);
                const MigrationPlan plan = diff(old_p, new_p, ranks);
                ASSERT_NO_THROW(validate(plan));
                ASSERT_EQ(apply_plan(plan, old_p.part), new_p.part) << "P=" << p << " P'=" << q;
                ASSERT_NO_THROW(verify_plan(plan, old_p, new_p));
                VertexId moving = 0;
                for (VertexId v = 0; v < n; ++v) moving += ranks[new_p.part[v]] != old_p.part[v];
                ASSERT_EQ(plan_traffic(plan).moved_vertices, moving);
            }
}
