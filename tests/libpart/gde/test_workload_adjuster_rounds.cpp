// The workload adjuster kept over rounds must move exactly what a plain adjuster, built afresh
// each round, moves: the same vertices in the same order, whatever the ties.
#include <gtest/gtest.h>

#include <algorithm>
#include <queue>
#include <random>

#include "libpart/core/graph_builder.hpp"
#include "libpart/core/metrics.hpp"
#include "libpart/gde/workload_adjuster.hpp"
#include "libpart/refine/local_connectivity.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;
using namespace part::gde;
using namespace part::refine;

namespace {

// The adjuster's rules in their plainest form: seeds come from a scan of every vertex that
// was in `from` when the round began (in vertex order), then from the round's arrivals in
// `from` (in arrival order); a heap with lazy deletion; centroids of the round's start.
class ReferenceAdjuster {
  public:
    ReferenceAdjuster(const Graph& g, std::vector<PartId>& part, PartId k, bool heaviest_first)
        : g_(g), part_(part), start_(part), heaviest_first_(heaviest_first), connectivity_(g),
          weight_(std::size_t(k), 0), version_(std::size_t(g.num_vertices()), 0),
          arrivals_(std::size_t(k)) {
        for (VertexId v = 0; v < g.num_vertices(); ++v) weight_[part[v]] += g.vertex_weight(v);
        if (g.coords.dim == 0) return;
        centroid_.assign(std::size_t(k) * g.coords.dim, 0.0);
        std::vector<double> count(std::size_t(k), 0.0);
        for (VertexId v = 0; v < g.num_vertices(); ++v) {
            for (int a = 0; a < g.coords.dim; ++a)
                centroid_[std::size_t(part[v]) * g.coords.dim + a] += g.coords.at(v, a);
            count[part[v]] += 1;
        }
        for (PartId p = 0; p < k; ++p)
            for (int a = 0; a < g.coords.dim; ++a)
                if (count[p] > 0) centroid_[std::size_t(p) * g.coords.dim + a] /= count[p];
    }

    Transfer send(PartId from, PartId to, WeightSum amount, bool direct) {
        Transfer t{from, to, amount, 0, 0};
        heap_ = {};
        sequence_ = 0;
        visit_candidates(from, [&](VertexId v) {
            if (part_[v] == from && touches(v, to)) push(v, from, to);
        });
        if (direct && heap_.empty())
            visit_candidates(from, [&](VertexId v) {
                if (part_[v] == from && touches_other(v)) push(v, from, to);
            });
        WeightSum remaining = amount;
        while (remaining > 0 && !heap_.empty()) {
            const Entry c = heap_.top();
            heap_.pop();
            const VertexId v = c.vertex;
            if (part_[v] != from || c.version != version_[v]) continue;
            const Weight w = g_.vertex_weight(v);
            if (w > remaining || w >= weight_[from] || connectivity_.would_disconnect(part_, v))
                continue;
            part_[v] = to;
            ++version_[v];
            arrivals_[to].push_back(v);
            weight_[from] -= w;
            weight_[to] += w;
            remaining -= w;
            t.moved_weight += w;
            ++t.moved_vertices;
            for (VertexId u : g_.neighbours(v))
                if (part_[u] == from) push(u, from, to);
        }
        return t;
    }

  private:
    struct Entry {
        Weight weight;
        WeightSum gain;
        double tie;
        VertexId vertex;
        std::uint32_t version;
    };
    struct Order {
        bool operator()(const Entry& a, const Entry& b) const {
            if (a.weight != b.weight) return a.weight < b.weight;
            if (a.gain != b.gain) return a.gain < b.gain;
            if (a.tie != b.tie) return a.tie > b.tie;
            return a.vertex > b.vertex;
        }
    };

    template <class Visit> void visit_candidates(PartId p, Visit&& visit) {
        for (VertexId v = 0; v < g_.num_vertices(); ++v)
            if (start_[v] == p) visit(v);
        for (VertexId v : arrivals_[p]) visit(v);
    }

    bool touches(VertexId v, PartId p) const {
        for (VertexId u : g_.neighbours(v))
            if (part_[u] == p) return true;
        return false;
    }
    bool touches_other(VertexId v) const { return touches_other_than(v, part_[v]); }
    bool touches_other_than(VertexId v, PartId p) const {
        for (VertexId u : g_.neighbours(v))
            if (part_[u] != p) return true;
        return false;
    }

    void push(VertexId v, PartId from, PartId to) {
        WeightSum gain = 0;
        for (EdgeOffset e = g_.xadj[v]; e < g_.xadj[v + 1]; ++e) {
            const PartId p = part_[g_.adjncy[e]];
            if (p == to) gain += g_.edge_weight(e);
            if (p == from) gain -= g_.edge_weight(e);
        }
        double tie = double(sequence_++);
        if (!centroid_.empty()) {
            tie = 0;
            for (int a = 0; a < g_.coords.dim; ++a) {
                const double d =
                    g_.coords.at(v, a) - centroid_[std::size_t(to) * g_.coords.dim + a];
                tie += d * d;
            }
        }
        heap_.push({heaviest_first_ ? g_.vertex_weight(v) : 0, gain, tie, v, ++version_[v]});
    }

    const Graph& g_;
    std::vector<PartId>& part_;
    const std::vector<PartId> start_;
    bool heaviest_first_;
    LocalConnectivity connectivity_; // checked on its own in test_local_connectivity.cpp
    std::vector<WeightSum> weight_;
    std::vector<double> centroid_;
    std::vector<std::uint32_t> version_;
    std::vector<std::vector<VertexId>> arrivals_;
    std::priority_queue<Entry, std::vector<Entry>, Order> heap_;
    std::uint64_t sequence_ = 0;
};

// What adjust_workload serves, in its order: each part's positive flows by border length.
std::vector<Transfer> reference_round(const Graph& g, std::vector<PartId>& part, PartId k,
                                      const Graph& q, const std::vector<WeightSum>& outflow,
                                      const std::vector<PartId>& order,
                                      const std::vector<PartFlow>& direct, bool heaviest_first) {
    ReferenceAdjuster adjuster(g, part, k, heaviest_first);
    std::vector<Transfer> transfers;
    for (PartId from : order) {
        std::vector<std::pair<Weight, EdgeOffset>> sends;
        for (EdgeOffset e = q.xadj[from]; e < q.xadj[from + 1]; ++e)
            if (outflow[e] > 0) sends.emplace_back(q.edge_weight(e), e);
        std::sort(sends.begin(), sends.end());
        for (auto [border, e] : sends)
            transfers.push_back(adjuster.send(from, q.adjncy[e], outflow[e], false));
    }
    for (const PartFlow& f : direct)
        transfers.push_back(adjuster.send(f.from, f.to, f.amount, true));
    return transfers;
}

// Random flows from lower to higher parts (so they are acyclic) on some quotient links, and
// now and then a direct flow between parts no border joins. `direct_only`: direct flows
// alone, between any two parts, so that a part sends several (the later ones start from the
// border its earlier moves left).
struct Flows {
    std::vector<WeightSum> outflow;
    std::vector<PartFlow> direct;
};
Flows random_flows(const Graph& q, std::mt19937& rng, bool direct_only) {
    Flows f;
    f.outflow.assign(q.adjncy.size(), 0);
    if (direct_only) {
        for (VertexId a = 0; a < q.num_vertices(); ++a)
            for (VertexId b = 0; b < q.num_vertices(); ++b)
                if (a != b && rng() % 3 == 0) f.direct.push_back({a, b, 1 + WeightSum(rng() % 8)});
        return f;
    }
    for (VertexId a = 0; a < q.num_vertices(); ++a)
        for (EdgeOffset e = q.xadj[a]; e < q.xadj[a + 1]; ++e) {
            const VertexId b = q.adjncy[e];
            if (a > b || rng() % 3 == 0) continue;
            const WeightSum amount = 1 + WeightSum(rng() % 30);
            f.outflow[e] = amount;
            for (EdgeOffset r = q.xadj[b]; r < q.xadj[b + 1]; ++r)
                if (q.adjncy[r] == a) f.outflow[r] = -amount;
        }
    for (VertexId a = 0; a < q.num_vertices(); ++a)
        for (VertexId b = 0; b < q.num_vertices(); ++b) {
            bool joined = a == b;
            for (EdgeOffset e = q.xadj[a]; e < q.xadj[a + 1]; ++e) joined |= q.adjncy[e] == b;
            if (!joined && rng() % 3 == 0) f.direct.push_back({a, b, 1 + WeightSum(rng() % 8)});
        }
    return f;
}

void expect_same_transfers(const std::vector<Transfer>& a, const std::vector<Transfer>& b,
                           const std::string& where) {
    ASSERT_EQ(a.size(), b.size()) << where;
    for (std::size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].from, b[i].from) << where << " transfer " << i;
        EXPECT_EQ(a[i].to, b[i].to) << where << " transfer " << i;
        EXPECT_EQ(a[i].moved_weight, b[i].moved_weight) << where << " transfer " << i;
        EXPECT_EQ(a[i].moved_vertices, b[i].moved_vertices) << where << " transfer " << i;
    }
}

struct Exercised {
    VertexId changed = 0;       // vertices whose part changed in a round
    VertexId short_of_flow = 0; // transfers that carried less than their flow
};

// Rounds of random flows: the adjuster kept over the rounds against the reference built
// afresh each round; after each round, the same partition, transfers and part weights, and
// moved() lists every vertex whose part changed.
void check_rounds(const Graph& g, PartId k, unsigned seed, bool heaviest_first,
                  Exercised& exercised) {
    std::mt19937 rng(seed);
    std::vector<PartId> part(std::size_t(g.num_vertices()));
    // Runs along the vertex order with random part ids (a few rows of the grid each), so
    // that parts are ragged, some are split, and they have interior vertices.
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        part[v] = v > 0 && rng() % 60 ? part[v - 1] : PartId(rng() % std::uint32_t(k));
    std::vector<PartId> kept = part;
    WorkloadAdjuster adjuster(g, kept, k, heaviest_first);
    for (int round = 0; round < 4; ++round) {
        const std::string where =
            "seed " + std::to_string(seed) + " round " + std::to_string(round);
        const Graph q = quotient_graph(g, part, k);
        const Flows f = random_flows(q, rng, round % 2 == 1);
        const std::vector<PartId> order = flow_order(q, f.outflow);
        const std::vector<PartId> before = part;
        const auto expected =
            reference_round(g, part, k, q, f.outflow, order, f.direct, heaviest_first);
        const auto got = adjuster.adjust(q, f.outflow, order, f.direct);
        expect_same_transfers(expected, got, where);
        ASSERT_EQ(kept, part) << where;
        const auto weights = part_weights(g, part, k);
        for (PartId p = 0; p < k; ++p)
            EXPECT_EQ(adjuster.part_weights()[p], weights[std::size_t(p) * g.num_constraints()])
                << where;
        std::vector<VertexId> moved = adjuster.moved();
        std::sort(moved.begin(), moved.end());
        EXPECT_EQ(std::adjacent_find(moved.begin(), moved.end()), moved.end()) << where;
        for (VertexId v = 0; v < g.num_vertices(); ++v) {
            if (before[v] == part[v]) continue;
            EXPECT_TRUE(std::binary_search(moved.begin(), moved.end(), v)) << where << " " << v;
            ++exercised.changed;
        }
        for (const Transfer& t : got) exercised.short_of_flow += t.moved_weight < t.requested;
    }
}

// The cases are worth checking: many moves, and flows the borders could not carry (skipped
// candidates, direct flows growing regions).
void expect_exercised(const Exercised& exercised, VertexId vertices) {
    EXPECT_GT(exercised.changed, vertices);
    EXPECT_GT(exercised.short_of_flow, 0);
}

} // namespace

TEST(GdeWorkloadAdjusterRounds, EqualsAFreshAdjusterEachRoundWithCoordinates) {
    // Ties between equal gains go to the vertex nearest the receiver's centroid.
    Exercised exercised;
    for (unsigned seed = 1; seed <= 6; ++seed)
        check_rounds(test::grid_graph(24, 18), 6, seed, false, exercised);
    check_rounds(test::grid_graph(9, 7, 5), 5, 7, false, exercised);
    expect_exercised(exercised, 24 * 18);
}

TEST(GdeWorkloadAdjusterRounds, EqualsAFreshAdjusterEachRoundWithoutCoordinates) {
    // Ties go to the vertex queued first: the order in which seeds are visited matters.
    Exercised exercised;
    Graph g = test::grid_graph(24, 18);
    g.coords = {};
    for (unsigned seed = 11; seed <= 16; ++seed) check_rounds(g, 7, seed, false, exercised);
    expect_exercised(exercised, 24 * 18);
}

TEST(GdeWorkloadAdjusterRounds, EqualsAFreshAdjusterWithWeightsAndManyParts) {
    // Vertex and edge weights, heaviest first, and more than 64 parts (parts share the bits
    // of the adjuster's sets of neighbouring parts).
    std::mt19937 rng(21);
    Graph g = test::grid_graph(30, 30);
    g.ncon = 1;
    for (VertexId v = 0; v < g.num_vertices(); ++v) g.vwgt.push_back(Weight(1 + rng() % 3));
    for (std::size_t e = 0; e < g.adjncy.size(); ++e) g.adjwgt.push_back(1);
    for (VertexId v = 0; v < g.num_vertices(); ++v) // symmetric random edge weights
        for (EdgeOffset e = g.xadj[v]; e < g.xadj[v + 1]; ++e)
            if (v < g.adjncy[e]) {
                const Weight w = Weight(1 + rng() % 4);
                g.adjwgt[e] = w;
                const VertexId u = g.adjncy[e];
                for (EdgeOffset r = g.xadj[u]; r < g.xadj[u + 1]; ++r)
                    if (g.adjncy[r] == v) g.adjwgt[r] = w;
            }
    Exercised exercised;
    check_rounds(g, 5, 22, true, exercised);
    check_rounds(g, 5, 23, false, exercised);
    g.coords = {};
    check_rounds(g, 90, 24, false, exercised);
    check_rounds(g, 70, 25, true, exercised);
    expect_exercised(exercised, 30 * 30 / 2);
}
