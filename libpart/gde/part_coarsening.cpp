#include "libpart/gde/part_coarsening.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

#include "libpart/core/saturated_weight.hpp"

namespace part::gde {

namespace {

// A fixed permutation of 0..n-1 (Fisher-Yates with a 64-bit linear congruential generator),
// so the matching does not follow the numbering's sweep direction but stays deterministic.
void visit_order(VertexId n, unsigned seed, std::vector<VertexId>& order,
                 std::vector<VertexId>& block_order) {
    order.resize(static_cast<std::size_t>(n));
    // Blocks of consecutive vertices in shuffled order, each block in order: random enough
    // that the matching has no sweep direction, local enough to stay in cache.
    constexpr VertexId block = 64;
    const VertexId blocks = (n + block - 1) / block;
    block_order.resize(static_cast<std::size_t>(blocks));
    std::iota(block_order.begin(), block_order.end(), 0);
    std::uint64_t state = 0x9E3779B97F4A7C15ull ^ seed;
    for (VertexId i = blocks - 1; i > 0; --i) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        std::swap(block_order[i], block_order[VertexId((state >> 33) % std::uint64_t(i + 1))]);
    }
    std::size_t out = 0;
    for (VertexId b : block_order)
        for (VertexId v = b * block; v < std::min(n, (b + 1) * block); ++v) order[out++] = v;
}

} // namespace

CoarseLevel coarsen_within_parts(const Graph& graph, const std::vector<PartId>& part,
                                 const std::vector<char>& fixed, ClusterLimits limits,
                                 unsigned seed) {
    CoarseLevel level;
    CoarseningScratch scratch;
    coarsen_within_parts(graph, part, fixed, limits, seed, level, scratch);
    return level;
}

namespace {

// Constraint 0 of each vertex (a stride of ncon), or 1 when the graph has no weights.
struct VertexWeights {
    const Weight* weight;
    std::size_t stride;
    explicit VertexWeights(const Graph& graph)
        : weight(graph.vwgt.empty() ? nullptr : graph.vwgt.data()),
          stride(std::size_t(graph.ncon)) {}
    Weight operator()(VertexId v) const { return weight ? weight[std::size_t(v) * stride] : 1; }
};

// The weight cap of a cluster: the limit, but never more than a coarse vertex's 32-bit weight
// can hold (a larger cluster's weight would wrap and the balance on that level with it).
WeightSum weight_cap(ClusterLimits limits) {
    return std::min<WeightSum>(limits.weight, kMaxWeight);
}

// The clustering: scratch.leader[v] is the vertex that started v's cluster (v itself when
// alone); scratch.size and scratch.weight hold each leader's cluster size and weight.
void cluster_within_parts(const Graph& graph, const std::vector<PartId>& part,
                          const std::vector<char>& fixed, ClusterLimits limits, unsigned seed,
                          CoarseningScratch& scratch) {
    const VertexId n = graph.num_vertices();
    scratch.leader.assign(std::size_t(n), -1);
    scratch.size.resize(std::size_t(n));
    scratch.weight.resize(std::size_t(n));
    // Raw pointers: through the vectors the compiler reloaded each one's data on every edge.
    VertexId* leader = scratch.leader.data();
    VertexId* size = scratch.size.data();
    WeightSum* cluster_weight = scratch.weight.data();
    const EdgeOffset* xadj = graph.xadj.data();
    const VertexId* neighbour = graph.adjncy.data();
    const Weight* edge_weight = graph.adjwgt.empty() ? nullptr : graph.adjwgt.data();
    const PartId* part_of = part.data();
    const char* is_fixed = fixed.data();
    const VertexWeights weight_of(graph);
    const WeightSum cap = weight_cap(limits);
    visit_order(n, seed, scratch.order, scratch.block_order);
    for (VertexId v : scratch.order) {
        if (leader[v] >= 0) continue;
        const Weight own = weight_of(v);
        leader[v] = v;
        size[v] = 1;
        cluster_weight[v] = own;
        if (is_fixed[v]) continue;
        VertexId best = -1;
        const PartId home = part_of[v];
        Weight heaviest = 0;
        for (EdgeOffset e = xadj[v]; e < xadj[v + 1]; ++e) {
            // The edge weight first: on unit weights it settles most neighbours at once.
            const Weight w = edge_weight ? edge_weight[e] : 1;
            if (w <= heaviest) continue;
            const VertexId u = neighbour[e];
            if (is_fixed[u] || part_of[u] != home) continue;
            const VertexId l = leader[u];
            const bool fits = l < 0 ? limits.members >= 2 && WeightSum(own) + weight_of(u) <= cap
                                    : size[l] < limits.members && cluster_weight[l] + own <= cap;
            if (!fits) continue;
            heaviest = w;
            best = u;
        }
        if (best < 0) continue;
        if (leader[best] < 0) { // a new pair, led by v
            leader[best] = v;
            size[v] = 2;
            cluster_weight[v] += weight_of(best);
        } else { // v joins best's cluster
            const VertexId l = leader[best];
            leader[v] = l;
            ++size[l];
            cluster_weight[l] += own;
        }
    }
}

} // namespace

VertexId most_clustered_away(const Graph& graph, const std::vector<char>& fixed,
                             ClusterLimits limits) {
    if (limits.members < 2) return 0;
    const VertexWeights weight_of(graph);
    const WeightSum cap = weight_cap(limits);
    VertexId light = 0;
    for (VertexId v = 0; v < graph.num_vertices(); ++v)
        light += !fixed[v] && 2 * WeightSum(weight_of(v)) <= cap;
    return light;
}

void coarsen_within_parts(const Graph& graph, const std::vector<PartId>& part,
                          const std::vector<char>& fixed, ClusterLimits limits, unsigned seed,
                          CoarseLevel& level, CoarseningScratch& scratch) {
    const VertexId n = graph.num_vertices();
    cluster_within_parts(graph, part, fixed, limits, seed, scratch);
    const VertexId* leader = scratch.leader.data();

    // Coarse ids in the order of each cluster's lowest vertex, and the members of each
    // coarse vertex in increasing order (a counting sort: member[first[c]..first[c + 1])).
    level.coarse_of.assign(std::size_t(n), -1);
    VertexId* coarse_of = level.coarse_of.data();
    VertexId coarse_n = 0;
    for (VertexId v = 0; v < n; ++v) {
        const VertexId l = leader[v];
        if (coarse_of[l] < 0) coarse_of[l] = coarse_n++;
        coarse_of[v] = coarse_of[l];
    }
    std::vector<VertexId>& first = scratch.first;
    first.assign(std::size_t(coarse_n) + 1, 0);
    for (VertexId v = 0; v < n; ++v) ++first[std::size_t(coarse_of[v]) + 1];
    for (VertexId c = 0; c < coarse_n; ++c) first[c + 1] += first[c];
    std::vector<VertexId>& cursor = scratch.size; // the clustering's sizes are spent
    cursor.assign(first.begin(), first.end() - 1);
    scratch.member.resize(std::size_t(n));
    for (VertexId v = 0; v < n; ++v) scratch.member[cursor[coarse_of[v]]++] = v;

    Graph& c = level.graph;
    c.ncon = 1;
    c.vwgt.resize(std::size_t(coarse_n));
    level.part.resize(std::size_t(coarse_n));
    level.fixed.resize(std::size_t(coarse_n));
    c.xadj.assign(std::size_t(coarse_n) + 1, 0);
    // Merge the members' rows; `slot` holds the position of each coarse neighbour in the row
    // being built (reset after the row), so parallel edges are summed in O(degree). Rows are
    // written through raw pointers into arrays sized for the worst case (no edge merged):
    // push_back in this loop made the compiler reload every vector's data on each edge.
    std::vector<EdgeOffset>& slot = scratch.slot;
    slot.assign(std::size_t(coarse_n), -1);
    c.adjncy.resize(graph.adjncy.size());
    c.adjwgt.resize(graph.adjncy.size());
    const VertexId* fine_adjncy = graph.adjncy.data();
    const EdgeOffset* fine_xadj = graph.xadj.data();
    const Weight* edge_weight = graph.adjwgt.empty() ? nullptr : graph.adjwgt.data();
    const VertexId* member = scratch.member.data();
    const VertexWeights weight_of(graph);
    VertexId* adjncy = c.adjncy.data();
    Weight* adjwgt = c.adjwgt.data();
    EdgeOffset* slot_of = slot.data();
    EdgeOffset out = 0;
    for (VertexId cv = 0; cv < coarse_n; ++cv) {
        const VertexId lowest = member[first[cv]];
        level.part[cv] = part[lowest];
        level.fixed[cv] = fixed[lowest];
        WeightSum cluster_weight = 0;
        const EdgeOffset row_start = out;
        for (VertexId i = first[cv]; i < first[cv + 1]; ++i) {
            const VertexId m = member[i];
            cluster_weight += weight_of(m);
            for (EdgeOffset e = fine_xadj[m]; e < fine_xadj[m + 1]; ++e) {
                const VertexId cu = coarse_of[fine_adjncy[e]];
                if (cu == cv) continue;
                const Weight w = edge_weight ? edge_weight[e] : 1;
                if (slot_of[cu] < 0) {
                    slot_of[cu] = out;
                    adjncy[out] = cu;
                    adjwgt[out++] = w;
                } else {
                    adjwgt[slot_of[cu]] = saturated_sum(adjwgt[slot_of[cu]], w);
                }
            }
        }
        c.vwgt[cv] = Weight(cluster_weight);
        for (EdgeOffset e = row_start; e < out; ++e) slot_of[adjncy[e]] = -1;
        c.xadj[cv + 1] = out;
    }
    c.adjncy.resize(std::size_t(out));
    c.adjwgt.resize(std::size_t(out));
}

} // namespace part::gde
