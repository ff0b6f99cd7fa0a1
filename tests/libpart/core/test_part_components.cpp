// Components of the parts: labels, counts, and compute_metrics given the counts.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "libpart/core/graph_builder.hpp"
#include "libpart/core/metrics.hpp"
#include "libpart/core/part_components.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;

namespace {

// Components per part by union-find over the edges inside parts: another method.
std::vector<VertexId> naive_components(const Graph& g, const std::vector<PartId>& part, PartId k) {
    std::vector<VertexId> parent(std::size_t(g.num_vertices()));
    for (VertexId v = 0; v < g.num_vertices(); ++v) parent[v] = v;
    auto root = [&](VertexId v) {
        while (parent[v] != v) v = parent[v] = parent[parent[v]];
        return v;
    };
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        for (VertexId u : g.neighbours(v))
            if (part[u] == part[v]) parent[root(u)] = root(v);
    std::vector<VertexId> count(std::size_t(k), 0);
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        if (root(v) == v) ++count[part[v]];
    return count;
}

std::vector<PartId> random_parts(const Graph& g, PartId k, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<PartId> part(std::size_t(g.num_vertices()));
    // Patches of a random part, so that parts have components of many sizes.
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        part[v] = v > 0 && rng() % 3 ? part[v - 1] : PartId(rng() % std::uint32_t(k));
    return part;
}

// Members as the documented search gives them: from each component's lowest vertex, a
// breadth-first search taking each row's neighbours in the part in row order.
std::vector<VertexId> breadth_first_members(const Graph& g, const std::vector<PartId>& part) {
    std::vector<char> reached(std::size_t(g.num_vertices()), 0);
    std::vector<VertexId> members;
    for (VertexId s = 0; s < g.num_vertices(); ++s) {
        if (reached[s]) continue;
        reached[s] = 1;
        std::size_t head = members.size();
        members.push_back(s);
        for (; head < members.size(); ++head)
            for (VertexId u : g.neighbours(members[head]))
                if (!reached[u] && part[u] == part[s]) {
                    reached[u] = 1;
                    members.push_back(u);
                }
    }
    return members;
}

// c is what find_part_components finds: components, numbering and members alike.
void expect_equal_to_search(const Graph& g, const std::vector<PartId>& part,
                            const PartComponents& c, unsigned seed, int round) {
    const PartComponents searched = find_part_components(g, part);
    ASSERT_EQ(c.first, searched.first) << seed << " " << round;
    EXPECT_EQ(c.label, searched.label) << seed << " " << round;
    for (VertexId i = 0; i < g.num_vertices(); ++i)
        ASSERT_EQ(c.members[i], searched.members[i]) << seed << " " << round << " " << i;
}

} // namespace

TEST(PartComponents, LabelsFollowTheLowestVertexAndCountLikeUnionFind) {
    const Graph g = test::grid_graph(17, 11);
    for (unsigned seed = 1; seed <= 20; ++seed) {
        const PartId k = PartId(2 + seed % 7);
        const std::vector<PartId> part = random_parts(g, k, seed);
        const PartComponents c = find_part_components(g, part);
        const std::vector<VertexId>& label = c.label;
        // Label c first appears at the lowest vertex of component c, in increasing order.
        VertexId next = 0;
        for (VertexId v = 0; v < g.num_vertices(); ++v) {
            ASSERT_LE(label[v], next) << seed;
            if (label[v] == next) ++next;
            for (VertexId u : g.neighbours(v))
                if (part[u] == part[v]) {
                    ASSERT_EQ(label[u], label[v]) << seed;
                }
        }
        EXPECT_EQ(next, c.num_components());
        const std::vector<VertexId> expected = naive_components(g, part, k);
        EXPECT_EQ(c.per_part(part, k), expected) << seed;
        EXPECT_EQ(components_per_part(g, part, k), expected) << seed;
    }
}

TEST(PartComponents, MetricsCountTheComponentsTheSearchFinds) {
    const Graph g = test::grid_graph(20, 14);
    const Partition p{6, random_parts(g, 6, 99), {}};
    const PartitionMetrics searched = compute_metrics(g, p);
    const std::vector<VertexId> components = components_per_part(g, p.part, 6);
    EXPECT_EQ(searched.total_components,
              std::accumulate(components.begin(), components.end(), VertexId(0)));
    EXPECT_EQ(searched.empty_parts, std::count(components.begin(), components.end(), 0));
    EXPECT_GT(searched.disconnected_parts, 0);
}

TEST(PartComponents, MembersAreGroupedByComponentFromTheLowestVertex) {
    const Graph g = test::grid_graph(15, 13);
    for (unsigned seed = 30; seed < 36; ++seed) {
        const PartId k = PartId(2 + seed % 5);
        const std::vector<PartId> part = random_parts(g, k, seed);
        const PartComponents c = find_part_components(g, part);
        const VertexId count = c.num_components();
        ASSERT_EQ(c.first.front(), 0);
        ASSERT_EQ(c.first.back(), g.num_vertices());
        std::vector<char> seen(std::size_t(g.num_vertices()), 0);
        for (VertexId comp = 0; comp < count; ++comp) {
            ASSERT_LT(c.first[comp], c.first[comp + 1]) << seed;
            const VertexId lowest = c.members[c.first[comp]];
            for (VertexId i = c.first[comp]; i < c.first[comp + 1]; ++i) {
                const VertexId v = c.members[i];
                EXPECT_EQ(c.label[v], comp) << seed;
                EXPECT_LE(lowest, v) << seed;
                EXPECT_FALSE(seen[v]) << seed;
                seen[v] = 1;
            }
        }
        EXPECT_EQ(c.per_part(part, k), naive_components(g, part, k)) << seed;
        const std::vector<VertexId> expected = breadth_first_members(g, part);
        for (VertexId i = 0; i < g.num_vertices(); ++i)
            ASSERT_EQ(c.members[i], expected[i]) << seed << " " << i;
    }
}

TEST(PartComponents, ScatteredLargeGraphListsMembersInIncreasingOrder) {
    // A grid of 144,000 vertices numbered at random: its rows scatter, so the components come
    // from a union-find, each component's members in increasing order.
    const Graph grid = test::grid_graph(60, 60, 40);
    const VertexId n = grid.num_vertices();
    std::vector<VertexId> label(static_cast<std::size_t>(n));
    std::iota(label.begin(), label.end(), 0);
    std::shuffle(label.begin(), label.end(), std::mt19937(5));
    std::vector<WeightedEdge> edges;
    for (VertexId u = 0; u < n; ++u)
        for (VertexId v : grid.neighbours(u))
            if (u < v) edges.push_back({label[u], label[v], 1});
    const Graph g = graph_from_edges(n, edges, false);
    std::vector<PartId> part(static_cast<std::size_t>(n));
    for (VertexId v = 0; v < n; ++v) part[label[v]] = PartId(v / 9000 + (v % 97 == 0 ? 3 : 0)) % 16;
    PartComponents c = find_part_components(g, part);
    EXPECT_EQ(c.per_part(part, 16), naive_components(g, part, 16));
    EXPECT_EQ(components_per_part(g, part, 16), naive_components(g, part, 16));
    EXPECT_GT(c.num_components(), 16);
    VertexId next = 0;
    for (VertexId comp = 0; comp < c.num_components(); ++comp)
        for (VertexId i = c.first[comp]; i < c.first[comp + 1]; ++i) {
            ASSERT_EQ(c.label[c.members[i]], comp);
            if (i > c.first[comp]) {
                ASSERT_LT(c.members[i - 1], c.members[i]);
            }
        }
    for (VertexId v = 0; v < n; ++v) { // labels first appear in order
        ASSERT_LE(c.label[v], next);
        next += c.label[v] == next;
    }
    // Part 0's vertices go to part 1: the update equals a new search.
    std::vector<char> changed(16, 0);
    changed[1] = 1;
    for (PartId& p : part)
        if (p == 0) p = 1;
    c = update_part_components(g, part, std::move(c), changed);
    expect_equal_to_search(g, part, c, 0, 0);
}

// Parts are searched on all threads: on one thread and on two, the order is the search's.
TEST(PartComponents, BreadthFirstOrderIsTheDocumentedSearch) {
    const Graph g = test::grid_graph(15, 13);
    const int threads = omp_get_max_threads();
    for (int t : {1, 2}) {
        omp_set_num_threads(t);
        for (unsigned seed = 40; seed < 46; ++seed) {
            const std::vector<PartId> part = random_parts(g, PartId(2 + seed % 5), seed);
            EXPECT_EQ(breadth_first_part_order(g, part), breadth_first_members(g, part))
                << seed << " on " << t << " threads";
        }
    }
    omp_set_num_threads(threads);
}

TEST(PartComponents, UpdatedAfterMovesBetweenMarkedPartsEqualsASearch) {
    // Vertices move among a few marked parts (merging and splitting their components, emptying
    // one); the update must give the search's components, numbering and members alike.
    const Graph g = test::grid_graph(19, 14);
    std::mt19937 rng(51);
    for (unsigned seed = 60; seed < 72; ++seed) {
        const PartId k = PartId(3 + seed % 6);
        std::vector<PartId> part = random_parts(g, k, seed);
        PartComponents c = find_part_components(g, part);
        for (int round = 0; round < 4; ++round) {
            std::vector<char> changed(std::size_t(k), 0);
            const PartId a = PartId(rng() % std::uint32_t(k)), b = PartId(rng() % std::uint32_t(k));
            changed[a] = changed[b] = 1;
            for (VertexId v = 0; v < g.num_vertices(); ++v)
                if ((part[v] == a || part[v] == b) && rng() % (round == 3 ? 1 : 5) == 0)
                    part[v] = part[v] == a ? b : a; // round 3: a and b swap all their vertices
            c = update_part_components(g, part, std::move(c), changed);
            expect_equal_to_search(g, part, c, seed, round);
        }
    }
}

TEST(PartComponents, UpdatedAfterWholeComponentsMovedToMarkedPartsEqualsASearch) {
    // As fragment absorption moves them: whole components go to marked parts, and the parts
    // that only sent stay unmarked (their other components are as they were).
    const Graph g = test::grid_graph(23, 16);
    std::mt19937 rng(7);
    for (unsigned seed = 80; seed < 92; ++seed) {
        const PartId k = PartId(3 + seed % 6);
        std::vector<PartId> part = random_parts(g, k, seed);
        PartComponents c = find_part_components(g, part);
        for (int round = 0; round < 3 && c.num_components() > k; ++round) {
            std::vector<char> changed(std::size_t(k), 0);
            VertexId unmarked_senders = 0;
            std::vector<char> sent(std::size_t(k), 0);
            for (VertexId comp = 0; comp < c.num_components(); ++comp) {
                if (rng() % 3 != 0) continue;
                const PartId from = part[c.members[c.first[comp]]];
                const PartId to = PartId(rng() % std::uint32_t(k));
                if (changed[from] || from == to) continue; // a receiver sends nothing more
                for (VertexId i = c.first[comp]; i < c.first[comp + 1]; ++i)
                    part[c.members[i]] = to;
                changed[to] = 1;
                sent[from] = 1;
            }
            for (PartId p = 0; p < k; ++p) unmarked_senders += sent[p] && !changed[p];
            c = update_part_components(g, part, std::move(c), changed);
            expect_equal_to_search(g, part, c, seed, round);
            if (round == 0) {
                EXPECT_GT(unmarked_senders, 0) << seed;
            }
        }
    }
}
