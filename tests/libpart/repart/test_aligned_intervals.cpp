#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "libpart/core/metrics.hpp"
#include "libpart/repart/aligned_intervals.hpp"
#include "libpart/repart/interval_repart.hpp"
#include "tests/support/grid_graph.hpp"
#include "tests/support/interval_bounds.hpp"

using namespace part;

namespace {

struct Line {
    std::vector<Weight> weight, size;
    std::vector<PartId> part;
    PartId old_parts = 0;
    LineLayout layout() const { return make_line_layout(weight, size, part, old_parts); }
};

// n positions with weights 1..4, cut into `old_parts` non-empty consecutive runs.
Line random_line(std::mt19937& random, VertexId n, PartId old_parts) {
    Line line;
    line.old_parts = old_parts;
    std::vector<VertexId> cuts(std::size_t(n - 1));
    std::iota(cuts.begin(), cuts.end(), 1);
    std::shuffle(cuts.begin(), cuts.end(), random);
    cuts.resize(std::size_t(old_parts - 1));
    std::sort(cuts.begin(), cuts.end());
    for (VertexId i = 0; i < n; ++i) {
        line.weight.push_back(Weight(1 + random() % 4));
        line.size.push_back(Weight(1 + random() % 2));
        line.part.push_back(PartId(std::upper_bound(cuts.begin(), cuts.end(), i) - cuts.begin()));
    }
    return line;
}

WeightSum limit_of(const LineLayout& line, PartId parts, double tolerance) {
    return WeightSum(std::floor((1 + tolerance) * double(line.weight_prefix.back()) / parts));
}

// The most size any arrangement and non-empty boundaries within the limit keep, by trying
// them all; -1 when no boundaries fit.
WeightSum brute_force_kept(const LineLayout& line, const ArrangementEvaluator& evaluator,
                           PartId parts, WeightSum limit) {
    WeightSum best = -1;
    const std::vector<WeightSum> allowance(static_cast<std::size_t>(parts), limit);
    test::for_each_bounds(line, allowance, [&](const std::vector<VertexId>& bounds) {
        std::vector<PartId> a(static_cast<std::size_t>(parts));
        std::iota(a.begin(), a.end(), 0);
        do best = std::max(best, evaluator.cost(a, bounds).kept_size);
        while (std::next_permutation(a.begin(), a.end()));
    });
    return best;
}

void expect_valid(const AlignedIntervals& a, const LineLayout& line, PartId parts,
                  WeightSum limit) {
    std::vector<PartId> sorted = a.arrangement;
    std::sort(sorted.begin(), sorted.end());
    std::vector<PartId> all(static_cast<std::size_t>(parts));
    std::iota(all.begin(), all.end(), 0);
    EXPECT_EQ(sorted, all);
    ASSERT_EQ(a.bounds.size(), std::size_t(parts) + 1);
    EXPECT_EQ(a.bounds.front(), 0);
    EXPECT_EQ(a.bounds.back(), line.size());
    for (PartId j = 0; j < parts; ++j) {
        EXPECT_LT(a.bounds[j], a.bounds[j + 1]);
        EXPECT_LE(line.weight_prefix[a.bounds[j + 1]] - line.weight_prefix[a.bounds[j]], limit);
    }
}

} // namespace

TEST(AlignedIntervals, KeepsAsMuchAsTheBestOfAllArrangementsAndBoundaries) {
    std::mt19937 random(2026);
    int solved = 0;
    for (int trial = 0; trial < 150; ++trial) {
        const auto n = VertexId(8 + random() % 6);
        const auto old_parts = PartId(2 + random() % 3);
        const Line profile = random_line(random, n, old_parts);
        const LineLayout line = profile.layout();
        // Same count, growing (new ranks hold nothing) or shrinking (some ranks retire).
        const auto parts = PartId(2 + random() % 3);
        std::vector<PartId> rank(static_cast<std::size_t>(parts));
        std::iota(rank.begin(), rank.end(), 0);
        if (parts < old_parts) {
            std::vector<PartId> ranks(static_cast<std::size_t>(old_parts));
            std::iota(ranks.begin(), ranks.end(), 0);
            std::shuffle(ranks.begin(), ranks.end(), random);
            ranks.resize(std::size_t(parts));
            std::sort(ranks.begin(), ranks.end());
            rank = ranks;
        }
        const double tolerance = 0.05 + 0.1 * double(random() % 4);
        const std::vector<double> fractions(static_cast<std::size_t>(parts), 1.0 / parts);
        const ArrangementEvaluator evaluator(line, fractions, rank, 0.0);
        const WeightSum limit = limit_of(line, parts, tolerance);
        const auto aligned = aligned_intervals(line, fractions, rank, tolerance);
        const WeightSum best = brute_force_kept(line, evaluator, parts, limit);
        if (best < 0) {
            EXPECT_FALSE(aligned.has_value()) << "trial " << trial;
            continue;
        }
        ASSERT_TRUE(aligned.has_value()) << "trial " << trial;
        expect_valid(*aligned, line, parts, limit);
        EXPECT_EQ(evaluator.cost(aligned->arrangement, aligned->bounds).kept_size, best)
            << "trial " << trial;
        ++solved;
    }
    EXPECT_GT(solved, 100);
}

TEST(AlignedIntervals, OnlyWhereTheOldPartsAreIntervalsAndTheTargetsEqual) {
    Line profile;
    profile.old_parts = 2;
    for (int i = 0; i < 12; ++i) {
        profile.weight.push_back(1);
        profile.size.push_back(1);
        profile.part.push_back(i < 6 ? 0 : 1);
    }
    const std::vector<double> half{0.5, 0.5};
    EXPECT_TRUE(aligned_intervals(profile.layout(), half, {0, 1}, 0.1).has_value());
    EXPECT_FALSE(aligned_intervals(profile.layout(), half, {0, 1}, 0.0).has_value());
    EXPECT_FALSE(aligned_intervals(profile.layout(), {0.25, 0.75}, {0, 1}, 0.1).has_value());
    profile.part[0] = 1; // part 1 is now two runs
    EXPECT_FALSE(aligned_intervals(profile.layout(), half, {0, 1}, 0.1).has_value());
    // A table larger than allowed: fall back.
    profile.part[0] = 0;
    EXPECT_FALSE(aligned_intervals(profile.layout(), half, {0, 1}, 0.1, 2).has_value());
}

TEST(AlignedIntervals, HotSpotOnALineMovesNoMoreThanMcrWithinTolerance) {
    // A 200 x 4 grid numbered along x; old: 8 equal intervals; new weights x4 in a stretch.
    Graph g = test::grid_graph(200, 4);
    std::vector<VertexId> position(std::size_t(g.num_vertices()));
    for (VertexId v = 0; v < g.num_vertices(); ++v) position[v] = (v % 200) * 4 + v / 200;
    Partition old{8, std::vector<PartId>(std::size_t(g.num_vertices())), {}};
    for (VertexId v = 0; v < g.num_vertices(); ++v) old.part[v] = PartId(position[v] / 100);
    g.ncon = 1;
    g.vwgt.assign(std::size_t(g.num_vertices()), 1);
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        if (v % 200 >= 60 && v % 200 < 110) g.vwgt[v] = 4;
    RepartRequest request;
    request.new_parts = 8;
    request.position = position;
    request.tolerance = 0.03;
    const RepartResult mcr = interval_repartition(g, old, request);
    request.arrangement = RepartRequest::Arrangement::Aligned;
    const RepartResult aligned = interval_repartition(g, old, request);
    auto moved = [&](const RepartResult& r) {
        VertexId count = 0;
        for (VertexId v = 0; v < g.num_vertices(); ++v)
            count += r.new_part_rank[r.partition.part[v]] != old.part[v];
        return count;
    };
    EXPECT_LE(imbalance(g, aligned.partition)[0], 1.03 + 1e-9);
    // MCR's intervals, relabelled, keep as much here; without the relabelling they keep less
    // (test_interval_relabelling.cpp).
    EXPECT_LE(moved(aligned), moved(mcr));
    for (VertexId c : components_per_part(g, aligned.partition.part, 8)) EXPECT_EQ(c, 1);
}
