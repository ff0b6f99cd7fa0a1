#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "libpart/core/graph_builder.hpp"
#include "libpart/plan/migration_plan.hpp"
#include "libpart/repart/interval_arrangement.hpp"

using namespace part;

namespace {

// Old partition of `n` unit vertices into consecutive blocks of the given sizes.
Partition blocks(const std::vector<VertexId>& sizes) {
    Partition p{PartId(sizes.size()), {}, {}};
    for (std::size_t b = 0; b < sizes.size(); ++b)
        p.part.insert(p.part.end(), std::size_t(sizes[b]), PartId(b));
    return p;
}

// Kaddoura & Ranka 1995, 3.4: 100 elements, capacities 0.27/0.18/0.34/0.07/0.14 becoming
// 0.10/0.13/0.29/0.24/0.24.
struct PaperExample {
    Graph graph = graph_from_edges(100, {});
    Partition old_partition = blocks({27, 18, 34, 7, 14});
    LineLayout line = make_line_layout(graph, old_partition, {});
    ArrangementEvaluator evaluator{line, {0.10, 0.13, 0.29, 0.24, 0.24}, {0, 1, 2, 3, 4}, 0.0};
};

} // namespace

TEST(IntervalArrangement, MoveFollowsFigure7) {
    std::vector<PartId> list{1, 3, 5, 4, 6};
    move_in_arrangement(list, 5, 0);
    EXPECT_EQ(list, (std::vector<PartId>{5, 1, 3, 4, 6}));
    move_in_arrangement(list, 5, 3);
    EXPECT_EQ(list, (std::vector<PartId>{1, 3, 4, 5, 6}));
    move_in_arrangement(list, 4, 2);
    EXPECT_EQ(list, (std::vector<PartId>{1, 3, 4, 5, 6}));
}

TEST(IntervalArrangement, PaperExampleIdentityKeeps31WithExactBlocks) {
    PaperExample ex;
    const std::vector<PartId> identity{0, 1, 2, 3, 4};
    EXPECT_EQ(ex.evaluator.boundaries(identity), (std::vector<VertexId>{0, 10, 23, 52, 76, 100}));
    const RedistributionCost c = ex.evaluator.cost(identity);
    EXPECT_EQ(c.kept_size, 31);
    EXPECT_EQ(c.moved_size, 69);
    // By hand: 0->1, 0->2, 1->2, 2->3, 2->4, 3->4.
    EXPECT_EQ(c.messages, 6);
}

TEST(IntervalArrangement, PaperExampleBestArrangementKeeps64) {
    PaperExample ex;
    const std::vector<PartId> best{0, 3, 1, 2, 4};
    EXPECT_EQ(ex.evaluator.boundaries(best), (std::vector<VertexId>{0, 10, 34, 47, 76, 100}));
    const RedistributionCost c = ex.evaluator.cost(best);
    EXPECT_EQ(c.kept_size, 64);
    EXPECT_EQ(c.messages, 5); // 0->3, 1->3, 2->1, 2->4, 3->4
}

TEST(IntervalArrangement, PaperExampleMcrEqualsExhaustiveOptimum) {
    PaperExample ex;
    const auto initial = initial_arrangement(ex.line, std::vector<PartId>{0, 1, 2, 3, 4});
    EXPECT_EQ(initial, (std::vector<PartId>{0, 1, 2, 3, 4}));
    const auto exhaustive = exhaustive_arrangement(ex.evaluator);
    const auto mcr = minimize_cost_redistribution(ex.evaluator, initial);
    const RedistributionCost optimum = ex.evaluator.cost(exhaustive),
                             greedy = ex.evaluator.cost(mcr);
    EXPECT_EQ(optimum.kept_size, 64);
    EXPECT_EQ(greedy.kept_size, optimum.kept_size);
    EXPECT_EQ(greedy.messages, optimum.messages);
}

TEST(IntervalArrangement, MessageCostTradesDataForFewerMessages) {
    PaperExample ex;
    // With a huge per-message cost the cheapest arrangement has the fewest messages.
    ArrangementEvaluator latency_bound(ex.line, {0.10, 0.13, 0.29, 0.24, 0.24}, {0, 1, 2, 3, 4},
                                       1e6);
    const auto best = exhaustive_arrangement(latency_bound);
    const std::int64_t fewest = latency_bound.cost(best).messages;
    std::vector<PartId> arrangement{0, 1, 2, 3, 4};
    do EXPECT_GE(latency_bound.cost(arrangement).messages, fewest);
    while (std::next_permutation(arrangement.begin(), arrangement.end()));
}

TEST(IntervalArrangement, CostAgreesWithThePlanOfTheResultingPartition) {
    PaperExample ex;
    const std::vector<PartId> arrangement{2, 0, 4, 1, 3};
    const auto bounds = ex.evaluator.boundaries(arrangement);
    Partition new_p{5, std::vector<PartId>(100), {}};
    for (std::size_t j = 0; j < arrangement.size(); ++j)
        for (VertexId v = bounds[j]; v < bounds[j + 1]; ++v) new_p.part[v] = arrangement[j];
    const MigrationPlan plan = diff(ex.old_partition, new_p);
    const RedistributionCost c = ex.evaluator.cost(arrangement);
    EXPECT_EQ(std::int64_t(plan.vertices.size()), c.moved_size);
    EXPECT_EQ(std::int64_t(plan.messages.size()), c.messages);
}

TEST(IntervalArrangement, OrderingMustBeAPermutation) {
    Graph g = graph_from_edges(3, {});
    Partition old_p{1, {0, 0, 0}, {}};
    EXPECT_THROW(make_line_layout(g, old_p, std::vector<VertexId>{0, 0, 1}), InvalidArgument);
    EXPECT_THROW(make_line_layout(g, old_p, std::vector<VertexId>{0, 1, 3}), InvalidArgument);
    EXPECT_THROW(make_line_layout(g, old_p, std::vector<VertexId>{0, 1}), InvalidArgument);
    const LineLayout line = make_line_layout(g, old_p, std::vector<VertexId>{2, 0, 1});
    EXPECT_EQ(line.vertex_at, (std::vector<VertexId>{1, 2, 0}));
}

TEST(IntervalArrangement, ExhaustiveRefusesMoreThanEightParts) {
    Graph g = graph_from_edges(9, {});
    Partition old_p{9, {0, 1, 2, 3, 4, 5, 6, 7, 8}, {}};
    LineLayout line = make_line_layout(g, old_p, {});
    ArrangementEvaluator ev(line, std::vector<double>(9, 1.0 / 9), {0, 1, 2, 3, 4, 5, 6, 7, 8}, 0);
    EXPECT_THROW(exhaustive_arrangement(ev), InvalidArgument);
}

// Property (fixed seeds): on random capacity changes of interval partitions, MCR never moves
// more than the identity arrangement, moves strictly less on a good share of them, and stays
// close to the exhaustive optimum.
TEST(IntervalArrangement, PropertyMcrBeatsIdentityOnRandomCapacityChanges) {
    std::mt19937 rng(6);
    std::uniform_real_distribution<double> capacity(0.05, 1.0);
    int strictly_better = 0, optimal = 0, trials = 0;
    for (PartId p = 2; p <= 7; ++p)
        for (int trial = 0; trial < 20; ++trial, ++trials) {
            const VertexId n = 1000;
            std::vector<double> old_c(p), new_c(p);
            for (auto& c : old_c) c = capacity(rng);
            for (auto& c : new_c) c = capacity(rng);
            const double old_sum = std::accumulate(old_c.begin(), old_c.end(), 0.0);
            const double new_sum = std::accumulate(new_c.begin(), new_c.end(), 0.0);
            for (auto& c : new_c) c /= new_sum;
            std::vector<VertexId> sizes(p);
            VertexId used = 0;
            for (PartId q = 0; q + 1 < p; ++q) used += sizes[q] = VertexId(n * old_c[q] / old_sum);
            sizes[p - 1] = n - used;
            Graph g = graph_from_edges(n, {});
            Partition old_p = blocks(sizes);
            LineLayout line = make_line_layout(g, old_p, {});
            std::vector<PartId> ranks(p);
            std::iota(ranks.begin(), ranks.end(), 0);
            ArrangementEvaluator ev(line, new_c, ranks, 0);
            const auto identity_cost = ev.cost(ranks);
            const auto mcr_cost =
                ev.cost(minimize_cost_redistribution(ev, initial_arrangement(line, ranks)));
            const auto best_cost = ev.cost(exhaustive_arrangement(ev));
            ASSERT_LE(mcr_cost.moved_size, identity_cost.moved_size);
            ASSERT_LE(best_cost.moved_size, mcr_cost.moved_size);
            strictly_better += mcr_cost.moved_size < identity_cost.moved_size;
            optimal += mcr_cost.moved_size == best_cost.moved_size;
        }
    EXPECT_GT(strictly_better, trials / 4) << strictly_better << " of " << trials;
    EXPECT_GT(optimal, trials * 3 / 4) << optimal << " of " << trials;
}

// With a scattered old partition (many runs) the evaluation skips message counting but still
// gets the moved size exactly.
TEST(IntervalArrangement, ScatteredOldPartitionCostsDataExactly) {
    std::mt19937 rng(11);
    const VertexId n = 500;
    Graph g = graph_from_edges(n, {});
    Partition old_p{4, std::vector<PartId>(std::size_t(n)), {}};
    for (PartId& p : old_p.part) p = PartId(rng() % 4);
    const LineLayout line = make_line_layout(g, old_p, {});
    const ArrangementEvaluator ev(line, {0.25, 0.25, 0.25, 0.25}, {0, 1, 2, 3}, 0.0);
    const std::vector<PartId> arrangement{3, 1, 0, 2};
    const RedistributionCost c = ev.cost(arrangement);
    EXPECT_EQ(c.messages, -1);
    const auto bounds = ev.boundaries(arrangement);
    Partition new_p{4, std::vector<PartId>(std::size_t(n)), {}};
    for (std::size_t j = 0; j < 4; ++j)
        for (VertexId v = bounds[j]; v < bounds[j + 1]; ++v) new_p.part[v] = arrangement[j];
    EXPECT_EQ(WeightSum(diff(old_p, new_p).vertices.size()), c.moved_size);
    // A message cost asks for the count.
    const ArrangementEvaluator counting(line, {0.25, 0.25, 0.25, 0.25}, {0, 1, 2, 3}, 1.0);
    EXPECT_EQ(counting.cost(arrangement).messages,
              std::int64_t(diff(old_p, new_p).messages.size()));
}
