// The FM polish's and the workload adjuster's local connectivity test, against two references
// on small random graphs and partitions, for every vertex: a full search (the truth, which an
// unbounded test must give and a bounded one may only err from on the safe side), and a plain
// bounded search with the budget's exact meaning (which vertices are reached in which order),
// whose answers the test must repeat one for one, since the partitions part-refine writes
// depend on every one of them.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "libpart/core/graph_builder.hpp"
#include "libpart/refine/local_connectivity.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;
using namespace part::refine;

namespace {

// v's neighbours in part[v], each once, in row order.
std::vector<VertexId> neighbours_in_part(const Graph& g, const std::vector<PartId>& part,
                                         VertexId v) {
    std::vector<VertexId> same;
    for (VertexId u : g.neighbours(v))
        if (part[u] == part[v] && std::find(same.begin(), same.end(), u) == same.end())
            same.push_back(u);
    return same;
}

// True when v's neighbours in part[v] all lie in one component of part[v] without v (a full
// search, no budget): the ground truth.
bool neighbours_stay_connected(const Graph& g, const std::vector<PartId>& part, VertexId v) {
    const std::vector<VertexId> same = neighbours_in_part(g, part, v);
    if (same.size() <= 1) return true;
    std::vector<char> seen(std::size_t(g.num_vertices()), 0);
    seen[v] = 1;
    std::vector<VertexId> stack{same[0]};
    seen[same[0]] = 1;
    while (!stack.empty()) {
        const VertexId x = stack.back();
        stack.pop_back();
        for (VertexId y : g.neighbours(x))
            if (!seen[y] && part[y] == part[v]) {
                seen[y] = 1;
                stack.push_back(y);
            }
    }
    return std::all_of(same.begin(), same.end(), [&](VertexId u) { return seen[u] != 0; });
}

// The budget's meaning, spelt out plainly: one breadth-first search from v's neighbours in
// the part (in row order), rows scanned in order; it answers "connected" (false) as soon as
// every search has met another, and "would disconnect" (true) once more than `budget`
// vertices are queued or when the queue runs out.
bool bounded_search_says_split(const Graph& g, const std::vector<PartId>& part, VertexId v,
                               int budget) {
    const std::vector<VertexId> same = neighbours_in_part(g, part, v);
    if (same.size() <= 1) return false;
    std::vector<int> label(std::size_t(g.num_vertices()), -1);
    std::vector<int> group(same.size()); // group of each label, relabelled on every meeting
    std::iota(group.begin(), group.end(), 0);
    std::vector<VertexId> queue = same;
    for (std::size_t l = 0; l < same.size(); ++l) label[same[l]] = int(l);
    std::size_t groups = same.size();
    for (std::size_t head = 0; head < queue.size(); ++head)
        for (VertexId w : g.neighbours(queue[head])) {
            if (w == v || part[w] != part[v]) continue;
            const int a = group[label[queue[head]]];
            if (label[w] >= 0) {
                const int b = group[label[w]];
                if (a == b) continue;
                for (int& x : group)
                    if (x == b) x = a;
                if (--groups == 1) return false;
                continue;
            }
            label[w] = label[queue[head]];
            queue.push_back(w);
            if (int(queue.size()) > budget) return true;
        }
    return true;
}

// Random connected-looking pieces: parts grown breadth-first from random seeds, then a few
// vertices flipped to a random part, so that parts have thin strands, holes and fragments.
std::vector<PartId> grown_parts(const Graph& g, PartId k, std::mt19937& rng) {
    const VertexId n = g.num_vertices();
    std::vector<PartId> part(std::size_t(n), -1);
    std::vector<VertexId> queue;
    for (PartId p = 0; p < k; ++p) {
        const VertexId seed = VertexId(rng() % std::uint32_t(n));
        if (part[seed] < 0) {
            part[seed] = p;
            queue.push_back(seed);
        }
    }
    for (std::size_t head = 0; head < queue.size(); ++head)
        for (VertexId u : g.neighbours(queue[head]))
            if (part[u] < 0) {
                part[u] = part[queue[head]];
                queue.push_back(u);
            }
    for (PartId& p : part) {
        if (p < 0) p = PartId(rng() % std::uint32_t(k)); // unreached (another component)
        if (rng() % 8 == 0) p = PartId(rng() % std::uint32_t(k));
    }
    return part;
}

// A sparse random graph: a random spanning path, then random chords, some repeated (a
// neighbour listed twice must count once).
Graph random_sparse_graph(VertexId n, std::mt19937& rng) {
    std::vector<VertexId> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    std::vector<WeightedEdge> edges;
    for (VertexId i = 0; i + 1 < n; ++i) edges.push_back({order[i], order[i + 1]});
    const int chords = int(rng() % std::uint32_t(2 * n));
    for (int c = 0; c < chords; ++c) {
        const VertexId u = VertexId(rng() % std::uint32_t(n)),
                       w = VertexId(rng() % std::uint32_t(n));
        if (u != w) edges.push_back({u, w});
        if (u != w && rng() % 10 == 0) edges.push_back({w, u});
    }
    return graph_from_edges(n, edges);
}

// Every vertex of g under `part`: exact with an unbounded budget, the same answers as the
// plain bounded search with each small budget, never "connected" when v's removal splits.
void expect_connectivity_agreement(const Graph& g, const std::vector<PartId>& part, int& splits,
                                   int& budget_refusals) {
    const int n = int(g.num_vertices());
    LocalConnectivity unbounded(g, n);
    for (const int budget : {1, 2, 3, 5, 8, 13, 30}) {
        LocalConnectivity bounded(g, budget);
        for (VertexId v = 0; v < g.num_vertices(); ++v) {
            const bool truth = neighbours_stay_connected(g, part, v);
            const bool says = bounded.would_disconnect(part, v);
            ASSERT_EQ(says, bounded_search_says_split(g, part, v, budget))
                << "vertex " << v << " budget " << budget;
            if (!truth) {
                ASSERT_TRUE(says) << "vertex " << v << " budget " << budget;
            }
            budget_refusals += truth && says;
        }
    }
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        const bool truth = neighbours_stay_connected(g, part, v);
        ASSERT_EQ(unbounded.would_disconnect(part, v), !truth) << "vertex " << v;
        splits += !truth;
    }
}

} // namespace

TEST(LocalConnectivity, PathSplitsAndCycleDoesNot) {
    // A 10-vertex cycle in part 0; vertex 0 removed leaves a path: connected.
    std::vector<WeightedEdge> edges;
    for (VertexId v = 0; v < 10; ++v) edges.push_back({v, VertexId((v + 1) % 10)});
    const Graph cycle = graph_from_edges(10, edges);
    std::vector<PartId> part(10, 0);
    LocalConnectivity test(cycle);
    EXPECT_FALSE(test.would_disconnect(part, 0));
    // Vertex 5 in another part: the cycle is a path 6..9,0..4 and 0 is an inner vertex of it.
    part[5] = 1;
    EXPECT_TRUE(test.would_disconnect(part, 0));
    EXPECT_FALSE(test.would_disconnect(part, 4)); // an end of the path
    // The searches must meet beyond the budget: the answer is the safe "would disconnect".
    part[5] = 0;
    LocalConnectivity tight(cycle, 4);
    EXPECT_TRUE(tight.would_disconnect(part, 0));
    // They meet when 6's row finds 5, queued by 4: 1, 9, then 2, 8, 3, 7, 4, 5 are queued,
    // 9 vertices. The budget counts them exactly.
    LocalConnectivity short_by_one(cycle, 8);
    EXPECT_TRUE(short_by_one.would_disconnect(part, 0));
    LocalConnectivity enough(cycle, 9);
    EXPECT_FALSE(enough.would_disconnect(part, 0));
}

TEST(LocalConnectivity, AnEnclosedPieceIsASplitWhateverTheBudget) {
    // A long path in part 0 with a short spur: taking out the spur's root leaves the spur's
    // two vertices enclosed, far within any budget, while the path runs on beyond it.
    std::vector<WeightedEdge> edges;
    for (VertexId v = 0; v + 1 < 200; ++v) edges.push_back({v, v + 1});
    edges.push_back({100, 200});
    edges.push_back({200, 201});
    const Graph g = graph_from_edges(202, edges);
    const std::vector<PartId> part(202, 0);
    for (const int budget : {2, 8, 256, 1000}) {
        LocalConnectivity test(g, budget);
        EXPECT_TRUE(test.would_disconnect(part, 100)) << "budget " << budget;
        EXPECT_FALSE(test.would_disconnect(part, 0)) << "budget " << budget;   // an end
        EXPECT_FALSE(test.would_disconnect(part, 201)) << "budget " << budget; // the spur's end
    }
}

TEST(LocalConnectivity, ANeighbourListedTwiceIsOneNeighbour) {
    // 0 - 1 twice, 1 - 2: vertex 0's only neighbour in its part is 1, listed twice.
    const Graph g = graph_from_edges(3, {{0, 1}, {0, 1}, {1, 2}, {0, 2}});
    LocalConnectivity test(g, 1);
    EXPECT_FALSE(test.would_disconnect({0, 0, 1}, 0)); // no search, whatever the budget
    // 1 and 2 meet on their first step, within a budget of one vertex beyond them.
    EXPECT_FALSE(test.would_disconnect({0, 0, 0}, 0));
    EXPECT_FALSE(test.would_disconnect({0, 0, 0}, 1));
}

TEST(LocalConnectivity, AgreesWithBothReferencesOnRandomPartsOfAGrid) {
    const Graph g = part::test::grid_graph(12, 10, 3);
    std::mt19937 rng(7);
    int splits = 0, refusals = 0;
    for (int trial = 0; trial < 12; ++trial) {
        std::vector<PartId> part(std::size_t(g.num_vertices()));
        for (auto& p : part) p = PartId(rng() % 3 == 0 ? 1 : 0);
        expect_connectivity_agreement(g, part, splits, refusals);
        expect_connectivity_agreement(g, grown_parts(g, 4, rng), splits, refusals);
    }
    // The comparisons covered both real splits and safe moves refused for the budget.
    EXPECT_GT(splits, 0);
    EXPECT_GT(refusals, 0);
}

TEST(LocalConnectivity, AgreesWithBothReferencesOnRandomGraphs) {
    std::mt19937 rng(11);
    int splits = 0, refusals = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const Graph g = random_sparse_graph(VertexId(4 + rng() % 60), rng);
        const PartId k = PartId(2 + rng() % 3);
        expect_connectivity_agreement(g, grown_parts(g, k, rng), splits, refusals);
    }
    EXPECT_GT(splits, 0);
    EXPECT_GT(refusals, 0);
}
