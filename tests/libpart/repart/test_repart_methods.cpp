#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <numeric>
#include <random>

#include "libpart/core/graph_builder.hpp"
#include "libpart/core/metrics.hpp"
#include "libpart/core/part_components.hpp"
#include "libpart/order/locality_renumbering.hpp"
#include "libpart/plan/migration_plan.hpp"
#include "libpart/plan/plan_traffic.hpp"
#include "libpart/repart/amortization.hpp"
#include "libpart/repart/host_ranks.hpp"
#include "libpart/repart/overlap_matching.hpp"
#include "libpart/repart/repart_method.hpp"
#include "tests/support/shuffled_renumbering.hpp"

using namespace part;

namespace {

Graph grid_of_size(VertexId rows, VertexId cols) {
    std::vector<WeightedEdge> edges;
    for (VertexId r = 0; r < rows; ++r)
        for (VertexId c = 0; c < cols; ++c) {
            const VertexId v = r * cols + c;
            if (c + 1 < cols) edges.push_back({v, v + 1});
            if (r + 1 < rows) edges.push_back({v, v + cols});
        }
    return graph_from_edges(rows * cols, edges);
}

// Row blocks: part = row * k / rows.
Partition row_blocks(VertexId rows, VertexId cols, PartId k) {
    Partition p{k, {}, {}};
    for (VertexId r = 0; r < rows; ++r)
        p.part.insert(p.part.end(), std::size_t(cols), PartId(r * k / rows));
    return p;
}

RepartResult run(const std::string& method, const Graph& g, const Partition& old_p, PartId k2,
                 std::vector<double> targets = {}) {
    RepartRequest request;
    request.new_parts = k2;
    request.targets = std::move(targets);
    return repart_method(method)(g, old_p, request);
}

double max_imbalance(const Graph& g, const Partition& p) {
    return imbalance(g, p)[0];
}

} // namespace

TEST(RepartRegistry, KnowsIntervalAndScratchAndRejectsOthers) {
    const auto names = repart_method_names();
    EXPECT_NE(std::find(names.begin(), names.end(), "interval"), names.end());
    EXPECT_NE(std::find(names.begin(), names.end(), "scratch"), names.end());
    try {
        repart_method("nonesuch");
        FAIL();
    } catch (const InvalidArgument& e) {
        EXPECT_NE(
            std::string(e.what()).find("expected one of adaptive, gde, hier, interval, scratch"),
            std::string::npos)
            << e.what();
    }
}

TEST(RepartRegistry, RejectsBadRequests) {
    const Graph g = grid_of_size(4, 4);
    const Partition old_p = row_blocks(4, 4, 2);
    for (const std::string method : {"interval", "scratch"}) {
        EXPECT_THROW(run(method, g, old_p, 0), InvalidArgument);
        EXPECT_THROW(run(method, g, old_p, 17), InvalidArgument);
        EXPECT_THROW(run(method, g, old_p, 2, {0.5, 0.25, 0.25}), InvalidArgument);
        Partition short_p = old_p;
        short_p.part.pop_back();
        EXPECT_THROW(run(method, g, short_p, 2), InvalidArgument);
    }
    RepartRequest priced;
    priced.new_parts = 2;
    priced.tolerance = 0.03;
    for (const double cost : {-1.0, std::numeric_limits<double>::infinity(),
                              std::numeric_limits<double>::quiet_NaN()}) {
        priced.migration_cost = cost;
        EXPECT_THROW(repart_method("adaptive")(g, old_p, priced), InvalidArgument) << cost;
    }
}

TEST(HostRanks, ShrinkKeepsTheRanksWithMostData) {
    const std::vector<WeightSum> sizes{5, 9, 1, 9, 7};
    EXPECT_EQ(ranks_keeping_most_data(sizes, 3), (std::vector<PartId>{1, 3, 4}));
    EXPECT_EQ(ranks_keeping_most_data(sizes, 5), (std::vector<PartId>{0, 1, 2, 3, 4}));
    EXPECT_EQ(ranks_keeping_most_data(sizes, 7), (std::vector<PartId>{0, 1, 2, 3, 4, 5, 6}));
}

TEST(OverlapMatching, HungarianFindsTheMaximumOnSmallMatrices) {
    std::mt19937 rng(3);
    for (PartId n = 1; n <= 6; ++n)
        for (int trial = 0; trial < 10; ++trial) {
            std::vector<WeightSum> overlap(std::size_t(n) * n);
            for (auto& o : overlap) o = WeightSum(rng() % 50);
            const auto assignment = max_overlap_assignment(overlap, n, n);
            WeightSum got = 0;
            for (PartId q = 0; q < n; ++q) got += overlap[std::size_t(q) * n + assignment[q]];
            std::vector<PartId> perm(n);
            std::iota(perm.begin(), perm.end(), 0);
            WeightSum best = 0;
            do {
                WeightSum total = 0;
                for (PartId q = 0; q < n; ++q) total += overlap[std::size_t(q) * n + perm[q]];
                best = std::max(best, total);
            } while (std::next_permutation(perm.begin(), perm.end()));
            ASSERT_EQ(got, best);
        }
}

TEST(IntervalRepart, UnchangedTargetsMoveNothing) {
    const Graph g = grid_of_size(8, 8);
    const Partition old_p = row_blocks(8, 8, 4);
    const RepartResult r = run("interval", g, old_p, 4);
    EXPECT_EQ(r.partition.part, old_p.part);
    EXPECT_EQ(r.new_part_rank, identity_ranks(4));
}

TEST(IntervalRepart, NewIntervalsFollowCapacitiesAndArePlanned) {
    const Graph g = grid_of_size(10, 10);
    const Partition old_p = row_blocks(10, 10, 5);
    const std::vector<double> targets{0.10, 0.13, 0.29, 0.24, 0.24};
    const RepartResult r = run("interval", g, old_p, 5, targets);
    const auto weights = part_weights(g, r.partition.part, 5);
    for (PartId q = 0; q < 5; ++q) EXPECT_NEAR(double(weights[q]), 100 * targets[q], 1.0);
    // Each part is one interval of the numbering.
    for (PartId q = 0; q < 5; ++q) {
        std::vector<VertexId> members;
        for (VertexId v = 0; v < 100; ++v)
            if (r.partition.part[v] == q) members.push_back(v);
        EXPECT_EQ(members.back() - members.front() + 1, VertexId(members.size()));
    }
    const MigrationPlan plan = diff(old_p, r.partition, r.new_part_rank);
    EXPECT_EQ(apply_plan(plan, old_p.part), r.partition.part);
    double identity_moved = 0;
    for (const auto& [name, value] : r.details)
        if (name == "identity_moved_size") identity_moved = value;
    EXPECT_LE(double(plan.vertices.size()), identity_moved);
}

TEST(IntervalRepart, OrderingDecidesTheIntervals) {
    const Graph g = grid_of_size(4, 4);
    const Partition old_p{2, std::vector<PartId>(16, 0), {}};
    RepartRequest request;
    request.new_parts = 2;
    request.position.resize(16);
    for (VertexId v = 0; v < 16; ++v) request.position[v] = (v % 4) * 4 + v / 4; // column-major
    const RepartResult r = repart_method("interval")(g, old_p, request);
    for (VertexId v = 0; v < 16; ++v) EXPECT_EQ(r.partition.part[v], r.partition.part[v % 4]) << v;
    EXPECT_NE(r.partition.part[0], r.partition.part[3]);
}

TEST(IntervalRepart, ShrinkAndGrowUseSkeletonAndNewRanks) {
    const Graph g = grid_of_size(12, 12);
    const Partition old_p = row_blocks(12, 12, 6);
    const RepartResult shrink = run("interval", g, old_p, 4);
    EXPECT_EQ(shrink.new_part_rank.size(), 4u);
    const MigrationPlan plan = diff(old_p, shrink.partition, shrink.new_part_rank);
    EXPECT_EQ(plan_traffic(plan).skeleton_ranks, 2);
    EXPECT_EQ(apply_plan(plan, old_p.part), shrink.partition.part);
    EXPECT_LE(max_imbalance(g, shrink.partition), 1.0 + 1e-9);

    const RepartResult grow = run("interval", g, old_p, 9);
    EXPECT_EQ(grow.new_part_rank, identity_ranks(9));
    EXPECT_LE(max_imbalance(g, grow.partition), 1.0 + 1e-9);
    const MigrationPlan grow_plan = diff(old_p, grow.partition, grow.new_part_rank);
    EXPECT_EQ(apply_plan(grow_plan, old_p.part), grow.partition.part);
}

TEST(IntervalRepart, ExhaustiveNeverMovesMoreThanMcr) {
    const Graph g = grid_of_size(20, 20);
    const Partition old_p = row_blocks(20, 20, 6);
    RepartRequest request;
    request.new_parts = 6;
    request.targets = {0.3, 0.1, 0.05, 0.25, 0.2, 0.1};
    const RepartResult mcr = repart_method("interval")(g, old_p, request);
    request.arrangement = RepartRequest::Arrangement::Exhaustive;
    const RepartResult best = repart_method("interval")(g, old_p, request);
    request.arrangement = RepartRequest::Arrangement::Identity;
    const RepartResult identity = repart_method("interval")(g, old_p, request);
    auto moved = [&](const RepartResult& r) {
        return diff(old_p, r.partition, r.new_part_rank).vertices.size();
    };
    EXPECT_LE(moved(best), moved(mcr));
    EXPECT_LE(moved(mcr), moved(identity));
}

TEST(ScratchRepart, RelabellingKeepsMoreThanMetisNumbering) {
    const Graph g = grid_of_size(16, 16);
    // An old partition that METIS would number differently: reversed row blocks.
    Partition old_p = row_blocks(16, 16, 4);
    for (PartId& p : old_p.part) p = 3 - p;
    const RepartResult r = run("scratch", g, old_p, 4);
    const MigrationPlan plan = diff(old_p, r.partition, r.new_part_rank);
    double unrelabelled = 0;
    for (const auto& [name, value] : r.details)
        if (name == "unrelabelled_moved_size") unrelabelled = value;
    EXPECT_LE(double(plan.vertices.size()), unrelabelled);
    EXPECT_LT(double(plan.vertices.size()), 256 * 0.75); // far better than a random labelling
    EXPECT_EQ(apply_plan(plan, old_p.part), r.partition.part);
}

TEST(ScratchRepart, HeterogeneousTargetsStayWithTheirParts) {
    const Graph g = grid_of_size(16, 16);
    const Partition old_p = row_blocks(16, 16, 3);
    const std::vector<double> targets{0.5, 0.25, 0.25};
    const RepartResult r = run("scratch", g, old_p, 3, targets);
    const auto weights = part_weights(g, r.partition.part, 3);
    EXPECT_GT(weights[0], weights[1]);
    EXPECT_GT(weights[0], weights[2]);
    EXPECT_LE(max_imbalance(g, r.partition), 1.05);
}

TEST(ScratchRepart, ShrinkAndGrow) {
    const Graph g = grid_of_size(12, 12);
    const Partition old_p = row_blocks(12, 12, 4);
    for (PartId k2 : {1, 2, 3, 6, 8}) {
        const RepartResult r = run("scratch", g, old_p, k2);
        ASSERT_EQ(r.partition.num_parts, k2);
        const MigrationPlan plan = diff(old_p, r.partition, r.new_part_rank);
        EXPECT_EQ(apply_plan(plan, old_p.part), r.partition.part) << k2;
        EXPECT_EQ(plan_traffic(plan).skeleton_ranks, std::max(0, 4 - k2));
    }
}

TEST(Amortization, FasterNewPartitionPaysOffAfterRemapOverSaving) {
    const Graph g = grid_of_size(10, 10);
    Partition old_p{2, std::vector<PartId>(100, 0), {}};
    for (VertexId v = 80; v < 100; ++v) old_p.part[v] = 1;
    const Partition new_p = row_blocks(10, 10, 2);
    const MigrationPlan plan = diff(old_p, new_p);
    const PlanTraffic traffic = plan_traffic(plan);
    CostModel model{1.0, 0.0, 0.0, 1.0};
    const Amortization a = amortization(g, old_p, new_p, plan.new_part_rank, traffic, model);
    EXPECT_DOUBLE_EQ(a.old_step, 80.0);
    EXPECT_DOUBLE_EQ(a.new_step, 50.0);
    EXPECT_DOUBLE_EQ(a.remap, 30.0); // 30 vertices leave rank 0
    EXPECT_DOUBLE_EQ(a.steps, 1.0);
    EXPECT_TRUE(a.pays_off);
    EXPECT_FALSE(a.mandatory);
}

TEST(Amortization, NoGainNeverPaysAndShrinkIsMandatory) {
    const Graph g = grid_of_size(10, 10);
    const Partition p = row_blocks(10, 10, 2);
    const MigrationPlan same = diff(p, p);
    const Amortization none =
        amortization(g, p, p, same.new_part_rank, plan_traffic(same), CostModel{});
    EXPECT_FALSE(none.pays_off);
    EXPECT_TRUE(std::isinf(none.steps));
    const Partition one{1, std::vector<PartId>(100, 0), {}};
    const MigrationPlan shrink = diff(p, one);
    const Amortization m =
        amortization(g, p, one, shrink.new_part_rank, plan_traffic(shrink), CostModel{});
    EXPECT_TRUE(m.mandatory);
    EXPECT_EQ(m.steps, 0);
    EXPECT_THROW(
        amortization(g, p, p, same.new_part_rank, plan_traffic(same), CostModel{-1, 0, 0, 0}),
        InvalidArgument);
}

// A hot spot on a path: tolerance lets interval boundaries stay put, so less moves, while
// every part stays within (1 + tolerance) of its target.
TEST(IntervalRepart, ToleranceMovesLessWithinTheAllowedImbalance) {
    const VertexId n = 2000;
    std::vector<WeightedEdge> edges;
    for (VertexId v = 0; v + 1 < n; ++v) edges.push_back({v, v + 1});
    Graph g = graph_from_edges(n, edges);
    const Partition old_p = [&] {
        Partition p{8, std::vector<PartId>(std::size_t(n)), {}};
        for (VertexId v = 0; v < n; ++v) p.part[v] = PartId(v * 8 / n);
        return p;
    }();
    g.ncon = 1;
    g.vwgt.assign(std::size_t(n), 1);
    for (VertexId v = 900; v < 960; ++v) g.vwgt[v] = 4; // +180 weight, 8% of the total
    RepartRequest request;
    request.new_parts = 8;
    const RepartResult exact = repart_method("interval")(g, old_p, request);
    request.tolerance = 0.05;
    const RepartResult relaxed = repart_method("interval")(g, old_p, request);
    const auto moved = [&](const RepartResult& r) {
        return diff(old_p, r.partition, r.new_part_rank).vertices.size();
    };
    EXPECT_LT(moved(relaxed), moved(exact)) << moved(relaxed) << " vs " << moved(exact);
    EXPECT_LE(max_imbalance(g, relaxed.partition), 1.05 + 1e-9);
    EXPECT_LE(max_imbalance(g, exact.partition), 1.0 + 8.0 / 2180 * 2);
    // Every part is still one interval.
    for (PartId q = 0; q < 8; ++q) {
        VertexId first = n, last = -1, count = 0;
        for (VertexId v = 0; v < n; ++v)
            if (relaxed.partition.part[v] == q)
                first = std::min(first, v), last = std::max(last, v), ++count;
        EXPECT_EQ(last - first + 1, count);
    }
    request.tolerance = 1.5;
    EXPECT_THROW(repart_method("interval")(g, old_p, request), InvalidArgument);
}

TEST(RepartRegistry, NamesTheArrangements) {
    EXPECT_EQ(arrangement_names(),
              (std::vector<std::string>{"mcr", "identity", "exhaustive", "aligned"}));
    EXPECT_EQ(arrangement_named("mcr"), RepartRequest::Arrangement::Mcr);
    EXPECT_EQ(arrangement_named("identity"), RepartRequest::Arrangement::Identity);
    EXPECT_EQ(arrangement_named("exhaustive"), RepartRequest::Arrangement::Exhaustive);
    EXPECT_EQ(arrangement_named("aligned"), RepartRequest::Arrangement::Aligned);
    try {
        arrangement_named("best");
        FAIL();
    } catch (const InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find("'best': expected one of mcr, identity, exhaustive, "
                                             "aligned"),
                  std::string::npos)
            << e.what();
    }
}

// A graph large enough to be renumbered for locality and numbered at random, as a mesh
// generator's may be: the methods that renumber it give their parts in its own numbering, as
// good as on the same graph numbered row by row (which is not renumbered). Parts handed back in
// the wrong numbering would scatter over the grid and cut most of its edges.
TEST(RepartRegistry, AdaptiveAndGdeAnswerInTheNumberingOfAScatteredGraph) {
    const VertexId side = 400;
    Graph rows = grid_of_size(side, side);
    ASSERT_FALSE(scatters_neighbours(rows));
    rows.ncon = 1;
    rows.vwgt.assign(std::size_t(rows.num_vertices()), 1);
    for (VertexId v = 0; v < rows.num_vertices(); ++v) // a hot corner
        if (v / side < side / 4 && v % side < side / 4) rows.vwgt[std::size_t(v)] = 3;
    const Partition old_rows = row_blocks(side, side, 8);
    const Renumbering shuffle = test::shuffled_renumbering(rows.num_vertices());
    const Graph scattered = renumbered_graph(rows, shuffle);
    ASSERT_TRUE(scatters_neighbours(scattered));
    const Partition old_scattered{8, in_new_order(old_rows.part, shuffle), {}};
    for (const std::string method : {"adaptive", "gde"}) {
        SCOPED_TRACE(method);
        RepartRequest request;
        request.new_parts = 8;
        request.tolerance = 0.03;
        const Partition by_rows = repart_method(method)(rows, old_rows, request).partition;
        const Partition in_file =
            repart_method(method)(scattered, old_scattered, request).partition;
        EXPECT_LE(max_imbalance(scattered, in_file), 1.031);
        EXPECT_LE(edge_cut(scattered, in_file.part), edge_cut(rows, by_rows.part) * 5 / 4);
        const auto moved = [](const Partition& from, const Partition& to) {
            return std::inner_product(from.part.begin(), from.part.end(), to.part.begin(), 0,
                                      std::plus<>(), std::not_equal_to<>());
        };
        EXPECT_LE(moved(old_scattered, in_file), moved(old_rows, by_rows) * 5 / 4);
    }
}
