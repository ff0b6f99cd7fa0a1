// The controller's profitability decision (Kaddoura & Ranka 1995, 3.5) on hand-computed
// figures: per-part loads, the cost model on them, the horizon test and the kept partition.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "libpart/core/graph_builder.hpp"
#include "libpart/plan/migration_plan.hpp"
#include "libpart/repart/amortization.hpp"

using namespace part;

namespace {

// Two parts on ranks 0 and 1; the largest transfer of size `moved`, in one message each way.
PlanTraffic one_message(WeightSum moved) {
    PlanTraffic t;
    t.max_sent_size = t.max_received_size = moved;
    t.max_messages_per_rank = 1;
    return t;
}

const Partition kTwoEven{2, {}, {}};

} // namespace

TEST(PartLoads, WeightAndIncidentCutPerPart) {
    // Path 0-1-2-3 with edge weights 1, 5, 2 and vertex weights 1, 2, 3, 4; parts {0,0,1,1}:
    // only edge 1-2 (weight 5) is cut.
    const Graph g = [] {
        Graph path = graph_from_edges(4, {{0, 1, 1}, {1, 2, 5}, {2, 3, 2}}, true);
        path.ncon = 1;
        path.vwgt = {1, 2, 3, 4};
        return path;
    }();
    const std::vector<PartId> part{0, 0, 1, 1};
    const PartLoads loads = part_loads(g, part, 3);
    EXPECT_EQ(loads.weight, (std::vector<WeightSum>{3, 7, 0}));
    EXPECT_EQ(loads.cut, (std::vector<WeightSum>{5, 5, 0}));
}

TEST(Amortization, FromPartLoadsByTheDocumentedModel) {
    // time_per_weight 1, time_per_cut_edge 0.5, latency 2, time_per_size 1.
    const CostModel model{1.0, 0.5, 2.0, 1.0};
    const PartLoads old_loads{{80, 20}, {10, 10}}, new_loads{{50, 50}, {12, 12}};
    const Amortization a =
        amortization(old_loads, new_loads, kTwoEven, {0, 1}, one_message(30), model);
    EXPECT_DOUBLE_EQ(a.old_step, 80 + 0.5 * 10);   // 85
    EXPECT_DOUBLE_EQ(a.new_step, 50 + 0.5 * 12);   // 56
    EXPECT_DOUBLE_EQ(a.remap, 2.0 * 1 + 1.0 * 30); // 32
    EXPECT_DOUBLE_EQ(a.saved_per_step, 29);
    EXPECT_DOUBLE_EQ(a.steps, 32.0 / 29.0);
    EXPECT_TRUE(a.pays_off);

    // Targets are speeds: part 0 at 2 x 0.8 = 1.6, part 1 at 0.4.
    const Partition skewed{2, {}, {0.8, 0.2}};
    const Amortization s = amortization(old_loads, new_loads, skewed, {0, 1}, one_message(30),
                                        CostModel{1.0, 0.0, 0.0, 1.0});
    EXPECT_DOUBLE_EQ(s.old_step, std::max(80 / 1.6, 20 / 0.4)); // 50
    EXPECT_DOUBLE_EQ(s.new_step, 50 / 0.4);                     // 125: slower
    EXPECT_FALSE(s.pays_off);
    EXPECT_THROW(
        amortization(old_loads, PartLoads{{100}, {0}}, kTwoEven, {0, 1}, one_message(0), model),
        InvalidArgument);
}

TEST(RemapDecision, RemapsOnlyWhenAmortizedWithinTheHorizon) {
    const CostModel model{1.0, 0.0, 0.0, 1.0};
    // Old step 80, new 50: 30 saved per step; remap 45 (size 45): amortized after 1.5 steps.
    const Amortization a = amortization(PartLoads{{80, 20}, {0, 0}}, PartLoads{{50, 50}, {0, 0}},
                                        kTwoEven, {0, 1}, one_message(45), model);
    ASSERT_DOUBLE_EQ(a.steps, 1.5);
    EXPECT_FALSE(decide_remap(a, 1.0, 2, 2).remap); // 45 > 1 x 30
    EXPECT_TRUE(decide_remap(a, 1.5, 2, 2).remap);  // 45 <= 1.5 x 30: at most the horizon
    EXPECT_TRUE(decide_remap(a, 2.0, 2, 2).remap);
    EXPECT_FALSE(decide_remap(a, 2.0, 2, 2).forced);
    EXPECT_TRUE(decide_remap(a, std::nullopt, 2, 2).remap); // no horizon: always
    EXPECT_EQ(decide_remap(a, 2.0, 2, 2).horizon, 2.0);

    // A candidate that is not faster is never worth it, however long the horizon.
    const Amortization same = amortization(PartLoads{{50, 50}, {0, 0}}, PartLoads{{50, 50}, {0, 0}},
                                           kTwoEven, {0, 1}, one_message(0), model);
    EXPECT_FALSE(decide_remap(same, 1e9, 2, 2).remap);
    EXPECT_TRUE(decide_remap(same, std::nullopt, 2, 2).remap);
}

TEST(RemapDecision, LeavingRanksForceTheRemap) {
    const CostModel model{1.0, 0.0, 0.0, 1.0};
    // Shrinking 2 -> 1 on rank 0: rank 1 leaves with weight 20, so the old partition cannot run.
    const Amortization shrink = amortization(PartLoads{{80, 20}, {0, 0}}, PartLoads{{100}, {0}},
                                             Partition{1, {}, {}}, {0}, one_message(1000), model);
    EXPECT_TRUE(shrink.mandatory);
    EXPECT_TRUE(decide_remap(shrink, 1.0, 2, 1).remap);
    EXPECT_TRUE(decide_remap(shrink, 1.0, 2, 1).forced);
    // An empty leaving part does not make the remap mandatory, but K2 < K parts cannot keep
    // the old partition either.
    const Amortization empty_leaves =
        amortization(PartLoads{{100, 0}, {0, 0}}, PartLoads{{100}, {0}}, Partition{1, {}, {}}, {0},
                     one_message(0), model);
    EXPECT_FALSE(empty_leaves.mandatory);
    EXPECT_TRUE(decide_remap(empty_leaves, 1.0, 2, 1).remap);
    EXPECT_TRUE(decide_remap(empty_leaves, 1.0, 2, 1).forced);
}

TEST(RemapDecision, HorizonMustBeAPositiveNumberOfSteps) {
    const Amortization a = amortization(PartLoads{{80, 20}, {0, 0}}, PartLoads{{50, 50}, {0, 0}},
                                        kTwoEven, {0, 1}, one_message(45), CostModel{});
    for (double bad : {0.0, -1.0, std::numeric_limits<double>::infinity(), std::nan("")}) {
        EXPECT_THROW(validate_horizon(bad), InvalidArgument) << bad;
        EXPECT_THROW(decide_remap(a, bad, 2, 2), InvalidArgument) << bad;
    }
    EXPECT_NO_THROW(validate_horizon(10));
}

TEST(KeptPartition, IsTheOldOneAndMovesNothing) {
    const Partition old_p{2, {0, 1, 1, 0}, {}};
    const Partition kept = kept_partition(old_p, 3, {0.5, 0.25, 0.25});
    EXPECT_EQ(kept.num_parts, 3);
    EXPECT_EQ(kept.part, old_p.part);
    EXPECT_DOUBLE_EQ(kept.target(0), 0.5);
    const MigrationPlan plan = diff(old_p, kept, identity_ranks(3));
    EXPECT_TRUE(plan.messages.empty());
    EXPECT_THROW(kept_partition(old_p, 1, {}), InvalidArgument);
}

TEST(Amortization, MigrationCostIsSizeTimeOverCutTimeAcrossTheHorizon) {
    const CostModel model; // 1e-7 s per unit of size moved, 1e-6 s per cut edge per step
    EXPECT_DOUBLE_EQ(migration_cost(model, 10), 0.01);
    EXPECT_DOUBLE_EQ(migration_cost({.time_per_cut_edge = 2e-6, .time_per_size = 4e-5}, 5), 4);
    EXPECT_THROW(migration_cost(model, 0), InvalidArgument);
}
