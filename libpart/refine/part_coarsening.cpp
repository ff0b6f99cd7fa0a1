#include "libpart/refine/part_coarsening.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

#include <omp.h>

#include "libpart/core/saturated_weight.hpp"

namespace part::refine {

namespace {

// The visit order: blocks of 64 consecutive vertices in a fixed shuffled order (Fisher-Yates
// with a 64-bit linear congruential generator), each block in order. Random enough that the
// clustering follows no sweep direction of the numbering, local enough to stay in cache, and
// deterministic. block_order gets the blocks' order: block b holds vertices b * kVisitBlock
// up to (b + 1) * kVisitBlock - 1 (fewer in the last block).
constexpr VertexId kVisitBlock = 64;

// Levels of at least this many vertices merge their rows on all threads.
constexpr VertexId kParallelLevelSize = 4096;

void shuffle_blocks(VertexId n, unsigned seed, std::vector<VertexId>& block_order) {
    const VertexId blocks = (n + kVisitBlock - 1) / kVisitBlock;
    block_order.resize(static_cast<std::size_t>(blocks));
    std::iota(block_order.begin(), block_order.end(), 0);
    std::uint64_t state = 0x9E3779B97F4A7C15ull ^ seed;
    for (VertexId i = blocks - 1; i > 0; --i) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        std::swap(block_order[i], block_order[VertexId((state >> 33) % std::uint64_t(i + 1))]);
    }
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

// The weight cap of a cluster: the limit, but never more than a coarse vertex's 32-bit weight
// can hold (a larger cluster's weight would wrap and the balance on that level with it).
WeightSum weight_cap(ClusterLimits limits) {
    return std::min<WeightSum>(limits.weight, kMaxWeight);
}

// The clustering of the vertices in the blocks' order (see shuffle_blocks): scratch.leader[v]
// is the vertex that started v's cluster (v itself when alone); scratch.size and scratch.weight
// hold each leader's cluster size and weight. leader, size and weight must have room for n.
void cluster_within_parts(const Graph& graph, const std::vector<PartId>& part,
                          const std::vector<char>& fixed, ClusterLimits limits,
                          CoarseningScratch& scratch) {
    const VertexId n = graph.num_vertices();
    // Raw pointers: through the vectors the compiler reloaded each one's data on every edge.
    VertexId* leader = scratch.leader.data(); // -1: not in a cluster yet (see the scratch)
    VertexId* size = scratch.size.data();
    WeightSum* cluster_weight = scratch.weight.data();
    const EdgeOffset* xadj = graph.xadj.data();
    const VertexId* neighbour = graph.adjncy.data();
    const Weight* edge_weight = graph.adjwgt.empty() ? nullptr : graph.adjwgt.data();
    const PartId* part_of = part.data();
    const char* is_fixed = fixed.data();
    const WeightSum cap = weight_cap(limits);
    for (const VertexId block : scratch.block_order) {
        const VertexId block_end = std::min(n, (block + 1) * kVisitBlock);
        for (VertexId v = block * kVisitBlock; v < block_end; ++v) {
            if (leader[v] >= 0) continue;
            const Weight own = graph.vertex_weight(v);
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
                const bool fits =
                    l < 0 ? limits.members >= 2 && WeightSum(own) + graph.vertex_weight(u) <= cap
                          : size[l] < limits.members && cluster_weight[l] + own <= cap;
                if (!fits) continue;
                heaviest = w;
                best = u;
            }
            if (best < 0) continue;
            if (leader[best] < 0) { // a new pair, led by v
                leader[best] = v;
                size[v] = 2;
                cluster_weight[v] += graph.vertex_weight(best);
            } else { // v joins best's cluster
                const VertexId l = leader[best];
                leader[v] = l;
                ++size[l];
                cluster_weight[l] += own;
            }
        }
    }
}

// The clusters as number_clusters lists them.
struct Clusters {
    VertexId count;
    const VertexId* members;
    const VertexId* start;
};

// Numbers the clusters in the order of their lowest vertex (level.coarse_of) and lists their
// members, cluster after cluster and each cluster's in increasing order: those of coarse
// vertex c are members[member_start[c]] up to members[member_start[c + 1] - 1]. One ascending
// sweep: the first member met opens its cluster and reserves room for all of it (size[leader],
// spent, then holds -1 - the next member's position), and writes the cluster's coarse id at
// the leader (itself a member not met before, or this one), where later members read it.
// Restores leader to all -1, allocating nothing (an allocation that threw here would leave it
// broken for the next call): coarse_of, members and member_start must have room for n, n and
// n + 1. Returns the number of clusters.
VertexId number_clusters(VertexId n, CoarseningScratch& scratch, CoarseLevel& level) {
    VertexId* leader = scratch.leader.data();
    VertexId* size = scratch.size.data(); // as the clustering left it
    VertexId* members = scratch.members.data();
    VertexId* member_start = scratch.member_start.data();
    VertexId* coarse_of = level.coarse_of.data();
    VertexId coarse_n = 0;
    VertexId filled = 0;
    for (VertexId v = 0; v < n; ++v) {
        const VertexId l = leader[v];
        leader[v] = -1;
        VertexId at;
        if (size[l] > 0) { // a leader's size until its cluster's first member is met
            at = filled;
            filled += size[l];
            member_start[coarse_n] = at;
            coarse_of[l] = coarse_n++;
        } else {
            at = -1 - size[l];
        }
        members[at] = v;
        size[l] = -2 - at;
        coarse_of[v] = coarse_of[l];
    }
    member_start[coarse_n] = filled;
    return coarse_n;
}

// Merges the members' rows of coarse vertices [begin, end) into adjncy and adjwgt from position
// `out` on, row after row, and writes each one's weight to vwgt[cv] and the end of its row (a
// position in adjncy) to row_end[cv]. Returns the end of the last row. A coarse neighbour's
// entry is new in the row when met's row (the last row that met it; -1 for none) is not this
// one; its weight is summed in met, in the order of a sequential merge, and copied to the row
// once the row is complete: parallel edges are merged in O(degree).
EdgeOffset merge_rows(const Graph& graph, const VertexId* coarse_of, const Clusters& clusters,
                      VertexId begin, VertexId end, EdgeOffset out, NeighbourSum* const met,
                      VertexId* const adjncy, Weight* const adjwgt, Weight* vwgt,
                      EdgeOffset* row_end) {
    const EdgeOffset* const fine_xadj = graph.xadj.data();
    const VertexId* const fine_adjncy = graph.adjncy.data();
    for (VertexId cv = begin; cv < end; ++cv) {
        const EdgeOffset row_start = out;
        met[cv].row = cv; // the row's own vertex: never an entry (its sum is not read)
        WeightSum cluster_weight = 0;
        for (VertexId i = clusters.start[cv]; i < clusters.start[cv + 1]; ++i) {
            const VertexId m = clusters.members[i];
            cluster_weight += graph.vertex_weight(m);
            for (EdgeOffset e = fine_xadj[m]; e < fine_xadj[m + 1]; ++e) {
                const VertexId cu = coarse_of[fine_adjncy[e]];
                const Weight w = graph.edge_weight(e);
                if (met[cu].row != cv) {
                    met[cu] = {cv, 0};
                    adjncy[out++] = cu;
                }
                met[cu].sum = saturated_sum(met[cu].sum, w);
            }
        }
        for (EdgeOffset e = row_start; e < out; ++e) adjwgt[e] = met[adjncy[e]].sum;
        vwgt[cv] = Weight(cluster_weight);
        row_end[cv] = out;
    }
    return out;
}

// The level's rows (c.xadj[cv + 1] the end of row cv), merged in `chunks` ranges of coarse
// vertices at once: chunk t writes from where its members' fine rows would start (a coarse row
// is never longer than its members' rows together), with neighbour sums of its own, and the
// chunks' rows are then copied together. The rows do not depend on the chunks.
void merge_all_rows(const Graph& graph, const Clusters& clusters, int chunks, RowBuffers& rows,
                    CoarseLevel& level) {
    Graph& c = level.graph;
    if (rows.met.size() < std::size_t(chunks)) rows.met.resize(std::size_t(chunks));
    VertexId* const adjncy = rows.adjncy.at_least(graph.adjncy.size());
    Weight* const adjwgt = rows.adjwgt.at_least(graph.adjncy.size());
    std::vector<VertexId> first(std::size_t(chunks) + 1);
    std::vector<EdgeOffset> from(std::size_t(chunks) + 1, 0), to(std::size_t(chunks), 0);
    for (int t = 0; t <= chunks; ++t)
        first[t] = VertexId(std::int64_t(clusters.count) * t / chunks);
#pragma omp parallel for schedule(static, 1)
    for (int t = 0; t < chunks; ++t)
        for (VertexId i = clusters.start[first[t]]; i < clusters.start[first[t + 1]]; ++i)
            from[t + 1] += graph.degree(clusters.members[i]);
    std::partial_sum(from.begin(), from.end(), from.begin());
#pragma omp parallel for schedule(static, 1)
    for (int t = 0; t < chunks; ++t) {
        NeighbourSum* const met = rows.met[t].at_least(std::size_t(clusters.count));
        std::fill_n(met, clusters.count, NeighbourSum{-1, 0});
        to[t] = merge_rows(graph, level.coarse_of.data(), clusters, first[t], first[t + 1], from[t],
                           met, adjncy, adjwgt, c.vwgt.data(), c.xadj.data() + 1);
    }
    c.adjncy.clear();
    c.adjwgt.clear();
    for (int t = 0; t < chunks; ++t) {
        const EdgeOffset gap = from[t] - EdgeOffset(c.adjncy.size());
        for (VertexId cv = first[t]; cv < first[t + 1]; ++cv) c.xadj[cv + 1] -= gap;
        c.adjncy.insert(c.adjncy.end(), adjncy + from[t], adjncy + to[t]);
        c.adjwgt.insert(c.adjwgt.end(), adjwgt + from[t], adjwgt + to[t]);
    }
}

} // namespace

VertexId most_clustered_away(const Graph& graph, const std::vector<char>& fixed,
                             ClusterLimits limits) {
    if (limits.members < 2) return 0;
    const WeightSum cap = weight_cap(limits);
    VertexId light = 0;
    for (VertexId v = 0; v < graph.num_vertices(); ++v)
        light += !fixed[v] && 2 * WeightSum(graph.vertex_weight(v)) <= cap;
    return light;
}

void coarsen_within_parts(const Graph& graph, const std::vector<PartId>& part,
                          const std::vector<char>& fixed, ClusterLimits limits, unsigned seed,
                          CoarseLevel& level, CoarseningScratch& scratch) {
    const VertexId n = graph.num_vertices();
    // Every array the clustering and the numbering use, before leader changes.
    if (scratch.leader.size() < std::size_t(n)) scratch.leader.resize(std::size_t(n), -1);
    scratch.size.at_least(std::size_t(n));
    scratch.weight.at_least(std::size_t(n));
    scratch.members.at_least(std::size_t(n));
    scratch.member_start.at_least(std::size_t(n) + 1);
    level.coarse_of.resize(std::size_t(n));
    shuffle_blocks(n, seed, scratch.block_order);
    cluster_within_parts(graph, part, fixed, limits, scratch);
    const VertexId coarse_n = number_clusters(n, scratch, level);

    Graph& c = level.graph;
    c.ncon = 1;
    c.vwgt.resize(std::size_t(coarse_n));
    level.part.resize(std::size_t(coarse_n));
    level.fixed.resize(std::size_t(coarse_n));
    c.xadj.resize(std::size_t(coarse_n) + 1);
    c.xadj[0] = 0;
    const Clusters clusters{coarse_n, scratch.members.data(), scratch.member_start.data()};
    for (VertexId cv = 0; cv < coarse_n; ++cv) {
        const VertexId first = clusters.members[clusters.start[cv]];
        level.part[cv] = part[first];
        level.fixed[cv] = fixed[first];
    }
    // Chunks on all threads where the graph is large enough to pay for starting them.
    const int chunks = n >= kParallelLevelSize ? std::min(omp_get_max_threads(), int(coarse_n)) : 1;
    merge_all_rows(graph, clusters, std::max(chunks, 1), scratch.rows, level);
}

} // namespace part::refine
