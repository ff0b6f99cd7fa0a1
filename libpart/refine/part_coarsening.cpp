#include "libpart/refine/part_coarsening.hpp"

#include <algorithm>
#include <atomic>
#include <limits>
#include <numeric>
#include <thread>

#include "libpart/core/parallel.hpp"
#include "libpart/core/saturated_weight.hpp"

namespace part::refine {

namespace {

// The visit order: blocks of 64 consecutive vertices in a fixed shuffled order (Fisher-Yates
// with a 64-bit linear congruential generator), each block in order. Random enough that the
// clustering follows no sweep direction of the numbering, local enough to stay in cache, and
// deterministic. block_order gets the blocks' order: block b holds vertices b * kVisitBlock
// up to (b + 1) * kVisitBlock - 1 (fewer in the last block).
constexpr VertexId kVisitBlock = 64;

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

// The vertices one clustering task visits: those of the parts whose task_of_part entry is
// `task`, or all when task_of_part is null; tasks_in_block has bit t set for the blocks of the
// visit order (shuffle_blocks) that hold vertices of task t, so that a task skips the others'
// blocks whole. Clusters lie inside parts, so tasks over different parts never read or write
// each other's entries, and each makes the choices a single pass over all vertices would.
struct PartGroup {
    const char* task_of_part;
    const char* tasks_in_block;
    int task;
    bool visits_block(VertexId b) const {
        return !task_of_part || (tasks_in_block[b] >> task & 1) != 0;
    }
    bool holds(PartId p) const { return !task_of_part || task_of_part[p] == task; }
};
constexpr PartGroup kAllParts{nullptr, nullptr, 0};

// The clustering of the vertices of `group` in the blocks block_order[from] up to
// block_order[to - 1] (see shuffle_blocks), visited in that order: scratch.leader[v] is the
// vertex that started v's cluster (v itself when alone); scratch.size and scratch.weight hold
// each leader's cluster size and weight. leader, size and weight must have room for n.
void cluster_within_parts(const Graph& graph, const std::vector<PartId>& part,
                          const std::vector<char>& fixed, ClusterLimits limits, PartGroup group,
                          VertexId from, VertexId to, CoarseningScratch& scratch) {
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
    const VertexWeights weight_of(graph);
    const WeightSum cap = weight_cap(limits);
    for (VertexId i = from; i < to; ++i) {
        const VertexId block = scratch.block_order[std::size_t(i)];
        if (!group.visits_block(block)) continue;
        const VertexId block_end = std::min(n, (block + 1) * kVisitBlock);
        for (VertexId v = block * kVisitBlock; v < block_end; ++v) {
            if (leader[v] >= 0 || !group.holds(part_of[v])) continue;
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
                const bool fits = l < 0
                                      ? limits.members >= 2 && WeightSum(own) + weight_of(u) <= cap
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

// Neighbour sums for `coarse_n` coarse vertices, none met yet by any row (merge_rows).
NeighbourSum* unmet_sums(ScratchArray<NeighbourSum>& sums, VertexId coarse_n) {
    NeighbourSum* const met = sums.at_least(std::size_t(coarse_n));
    std::fill_n(met, coarse_n, NeighbourSum{-1, 0}); // a sum is read (and masked) before written
    return met;
}

// Room for the rows of a graph of `entries` adjacency entries contracted to `coarse_n`
// vertices, and no neighbour met yet (merge_rows).
void prepare_rows(EdgeOffset entries, VertexId coarse_n, RowBuffers& rows) {
    rows.adjncy.at_least(std::size_t(entries) + 1);
    rows.adjwgt.at_least(std::size_t(entries));
    unmet_sums(rows.met, coarse_n);
}

// Merges the members' rows of coarse vertices [begin, end) into adjncy and adjwgt from position
// `out` on (room for as many entries as the members have), row after row, and writes each
// one's weight to vwgt[cv] and the end of its row (a position in adjncy) to row_end[cv]. Returns
// the end of the last row. A coarse neighbour's entry is new in the row when met's row (the last
// row that met it; prepare_rows) is not this one; its weight is summed in met, in the order of
// a sequential merge, and copied to the row once the row is complete: parallel edges are merged in
// O(degree). No branch depends on the data (those on whether a neighbour was new in the row and
// whether it was the row's own vertex mispredicted on most edges): every edge writes a candidate
// entry at the row's end, kept (the end moves on) only when the neighbour is new, and the row's own
// vertex is marked as met before the row, its sum thrown away. Every store's address is known once
// the neighbour is (sums kept at the entries' positions, known only once the neighbour's mark was
// loaded, took more time).
template <bool kEdgeWeights>
EdgeOffset merge_rows(const Graph& graph, const VertexId* coarse_of, const Clusters& clusters,
                      VertexId begin, VertexId end, NeighbourSum* const met, VertexId* const adjncy,
                      Weight* const adjwgt, EdgeOffset out, Weight* vwgt, EdgeOffset* row_end) {
    const EdgeOffset* const fine_xadj = graph.xadj.data();
    const VertexId* const fine_adjncy = graph.adjncy.data();
    const Weight* const edge_weight = graph.adjwgt.data();
    const VertexWeights weight_of(graph);
    for (VertexId cv = begin; cv < end; ++cv) {
        const EdgeOffset row_start = out;
        met[cv].row = cv;
        WeightSum cluster_weight = 0;
        for (VertexId i = clusters.start[cv]; i < clusters.start[cv + 1]; ++i) {
            const VertexId m = clusters.members[i];
            cluster_weight += weight_of(m);
            for (EdgeOffset e = fine_xadj[m]; e < fine_xadj[m + 1]; ++e) {
                const VertexId cu = coarse_of[fine_adjncy[e]];
                const Weight w = kEdgeWeights ? edge_weight[e] : 1;
                const Weight fresh = met[cu].row != cv;        // 1 or 0; a mask, not a select,
                const Weight kept = met[cu].sum & (fresh - 1); // which GCC made a branch
                met[cu] = {cv, saturated_sum(kept, w)};
                adjncy[out] = cu;
                out += fresh;
            }
        }
        for (EdgeOffset e = row_start; e < out; ++e) adjwgt[e] = met[adjncy[e]].sum;
        vwgt[cv] = Weight(cluster_weight);
        row_end[cv] = out;
    }
    return out;
}

// Gives each part one of two clustering tasks (scratch.task_of_part), so that the tasks'
// vertices hold about as many entries (a vertex counts its degree and itself): the parts in
// decreasing order of entries, each to the task with fewer so far (a contiguous range of part
// ids left one task three quarters of a band); and marks the tasks of each block of the visit
// order (scratch.tasks_in_block). Returns false, and assigns nothing, when a part is negative.
// A few passes over the parts without chains through memory, run by the second task while the
// first clusters.
bool assign_parts_to_tasks(const Graph& graph, const std::vector<PartId>& part,
                           CoarseningScratch& scratch) {
    const VertexId n = graph.num_vertices();
    if (n == 0) return false;
    const PartId* part_of = part.data();
    PartId lowest = part_of[0], highest = part_of[0]; // values, not minmax_element's positions,
    for (VertexId v = 1; v < n; ++v) {                // so that the loop vectorises
        lowest = std::min(lowest, part_of[v]);
        highest = std::max(highest, part_of[v]);
    }
    if (lowest < 0) return false;
    const auto parts = std::size_t(highest) + 1;
    // Entries per part in four interleaved counts: one count per part waited on the previous
    // vertex's store whenever it had the same part.
    std::vector<EdgeOffset>& counts = scratch.part_load;
    counts.assign(4 * parts, 0);
    const EdgeOffset* xadj = graph.xadj.data();
    for (VertexId v = 0; v < n; ++v)
        counts[std::size_t(v & 3) * parts + std::size_t(part_of[v])] += xadj[v + 1] - xadj[v] + 1;
    const EdgeOffset* load = counts.data();
    for (std::size_t p = 0; p < parts; ++p)
        counts[p] += counts[parts + p] + counts[2 * parts + p] + counts[3 * parts + p];
    std::vector<PartId>& order = scratch.part_order;
    order.resize(parts);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(),
              [&](PartId a, PartId b) { return load[a] != load[b] ? load[a] > load[b] : a < b; });
    scratch.task_of_part.resize(parts);
    char* task_of_part = scratch.task_of_part.data();
    EdgeOffset taken[2] = {0, 0};
    for (const PartId p : order) {
        const int task = taken[1] < taken[0] ? 1 : 0;
        task_of_part[p] = char(task);
        taken[task] += load[p];
    }
    const VertexId blocks = (n + kVisitBlock - 1) / kVisitBlock;
    scratch.tasks_in_block.resize(std::size_t(blocks));
    for (VertexId b = 0; b < blocks; ++b) {
        int tasks = 0;
        const VertexId end = std::min(n, (b + 1) * kVisitBlock);
        for (VertexId v = b * kVisitBlock; v < end; ++v) tasks |= 1 << task_of_part[part_of[v]];
        scratch.tasks_in_block[std::size_t(b)] = char(tasks);
    }
    return true;
}

// Copies the entries [from, to) of `rows` to the end of the coarse graph's rows, which hold
// `before`.
void append_rows(const RowBuffers& rows, EdgeOffset from, EdgeOffset to, EdgeOffset before,
                 Graph& c) {
    c.adjncy.resize(std::size_t(before));
    c.adjwgt.resize(std::size_t(before));
    c.adjncy.insert(c.adjncy.end(), rows.adjncy.data() + from, rows.adjncy.data() + to);
    c.adjwgt.insert(c.adjwgt.end(), rows.adjwgt.data() + from, rows.adjwgt.data() + to);
}

// How two clustering tasks share the visit order. The first clusters every vertex of the
// blocks until it sees that the second has started, says where it stopped (all_until), and
// from there on clusters the vertices of task 0's parts; the second, those of task 1's parts
// from there on. Where the helper thread is busy, run_both_if runs the second task after the
// first, which has then clustered everything in one pass, as a single thread does (two passes
// over the parts' groups, one after the other, cost up to 40% more on mdual's bands).
struct ClusteringHandover {
    std::atomic<bool> second_started{false};
    std::atomic<VertexId> all_until{-1};
};

// The vertices of task `task` (assign_parts_to_tasks).
PartGroup group_of_task(int task, const CoarseningScratch& scratch) {
    return {scratch.task_of_part.data(), scratch.tasks_in_block.data(), task};
}

} // namespace

VertexId most_clustered_away(const Graph& graph, const std::vector<char>& fixed,
                             ClusterLimits limits) {
    if (limits.members < 2) return 0;
    const WeightSum cap = weight_cap(limits);
    if (cap < 0) return 0; // weights are not negative
    const VertexId n = graph.num_vertices();
    const char* is_fixed = fixed.data();
    VertexId light = 0;
    if (graph.vwgt.empty() || graph.ncon == 1) { // the usual cases, in loops that vectorise
        if (graph.vwgt.empty()) {
            if (2 > cap) return 0;
            for (VertexId v = 0; v < n; ++v) light += is_fixed[v] == 0;
            return light;
        }
        // A vertex is light when 2 x weight <= cap, i.e. weight <= cap / 2 (rounded down).
        const Weight heaviest = Weight(cap / 2);
        const Weight* weight = graph.vwgt.data();
        for (VertexId v = 0; v < n; ++v) light += (is_fixed[v] == 0) & (weight[v] <= heaviest);
        return light;
    }
    const VertexWeights weight_of(graph);
    for (VertexId v = 0; v < n; ++v) light += !is_fixed[v] && 2 * WeightSum(weight_of(v)) <= cap;
    return light;
}

bool coarsens_on_two_threads(const Graph& graph) {
    return EdgeOffset(graph.adjncy.size()) >= kTwoThreadEntries && hardware_threads() > 1;
}

void coarsen_within_parts(const Graph& graph, const std::vector<PartId>& part,
                          const std::vector<char>& fixed, ClusterLimits limits, unsigned seed,
                          CoarseLevel& level, CoarseningScratch& scratch) {
    coarsen_within_parts(graph, part, fixed, limits, seed, level, scratch,
                         coarsens_on_two_threads(graph));
}

void coarsen_within_parts(const Graph& graph, const std::vector<PartId>& part,
                          const std::vector<char>& fixed, ClusterLimits limits, unsigned seed,
                          CoarseLevel& level, CoarseningScratch& scratch, bool two_threads) {
    const VertexId n = graph.num_vertices();
    // Every array the clustering and the numbering use, before leader changes.
    if (scratch.leader.size() < std::size_t(n)) scratch.leader.resize(std::size_t(n), -1);
    scratch.size.at_least(std::size_t(n));
    scratch.weight.at_least(std::size_t(n));
    scratch.members.at_least(std::size_t(n));
    scratch.member_start.at_least(std::size_t(n) + 1);
    level.coarse_of.resize(std::size_t(n));
    shuffle_blocks(n, seed, scratch.block_order);
    const auto blocks = VertexId(scratch.block_order.size());
    auto cluster = [&](PartGroup group, VertexId from, VertexId to) {
        cluster_within_parts(graph, part, fixed, limits, group, from, to, scratch);
    };
    if (two_threads) {
        ClusteringHandover handover;
        run_both_if(
            true,
            [&] {
                VertexId i = 0;
                for (; i < blocks && !handover.second_started.load(std::memory_order_acquire); ++i)
                    cluster(kAllParts, i, i + 1);
                handover.all_until.store(i, std::memory_order_release);
                if (i < blocks) cluster(group_of_task(0, scratch), i, blocks); // after the flag
            },
            [&] {
                if (handover.all_until.load(std::memory_order_acquire) >= 0) return;
                try { // without the assignment the first task clusters everything
                    if (!assign_parts_to_tasks(graph, part, scratch)) return;
                } catch (...) {
                    return;
                }
                handover.second_started.store(true, std::memory_order_release);
                VertexId from;
                while ((from = handover.all_until.load(std::memory_order_acquire)) < 0)
                    std::this_thread::yield();
                cluster(group_of_task(1, scratch), from, blocks);
            });
    } else {
        cluster(kAllParts, 0, blocks);
    }
    const VertexId coarse_n = number_clusters(n, scratch, level);

    Graph& c = level.graph;
    c.ncon = 1;
    c.vwgt.resize(std::size_t(coarse_n));
    level.part.resize(std::size_t(coarse_n));
    level.fixed.resize(std::size_t(coarse_n));
    c.xadj.resize(std::size_t(coarse_n) + 1);
    c.xadj[0] = 0;
    const Clusters clusters{coarse_n, scratch.members.data(), scratch.member_start.data()};
    const auto entries = EdgeOffset(graph.adjncy.size());
    RowBuffers& rows = scratch.rows;
    // Coarse vertices [begin, end) into `rows` from position `out` on, with the neighbour sums
    // `met`: returns the rows' end.
    auto contract = [&](VertexId begin, VertexId end, NeighbourSum* met, EdgeOffset out) {
        for (VertexId cv = begin; cv < end; ++cv) {
            const VertexId first = clusters.members[clusters.start[cv]];
            level.part[cv] = part[first];
            level.fixed[cv] = fixed[first];
        }
        const auto merge = graph.adjwgt.empty() ? merge_rows<false> : merge_rows<true>;
        return merge(graph, level.coarse_of.data(), clusters, begin, end, met, rows.adjncy.data(),
                     rows.adjwgt.data(), out, c.vwgt.data(), c.xadj.data() + 1);
    };
    prepare_rows(entries, coarse_n, rows);
    if (!two_threads) {
        append_rows(rows, 0, contract(0, coarse_n, rows.met.data(), 0), 0, c);
        return;
    }
    // About half of the fine entries on each side: the clusters numbered before the one of the
    // vertex at the middle entry have their lowest member before it. The second half goes to
    // the task that claims it first: the first task, once done with its own, when the second
    // has not started (the helper thread is busy, or slow to start), right after the first
    // half's rows; the second task, from `room` on, the first half's members' entries (a row
    // is at most as long as its members' rows together).
    // (At most the last vertex: only a graph not symmetric could have more than half of its
    // entries in the last row.)
    const auto middle_vertex = std::min<std::ptrdiff_t>(
        std::lower_bound(graph.xadj.begin(), graph.xadj.end() - 1, entries / 2) -
            graph.xadj.begin(),
        n - 1);
    const VertexId middle = n == 0 ? 0 : level.coarse_of[std::size_t(middle_vertex)];
    EdgeOffset room = 0;
    for (VertexId i = 0; i < clusters.start[middle]; ++i) room += graph.degree(clusters.members[i]);
    enum : int { kUnclaimed, kByFirst, kBySecond };
    std::atomic<int> second_half{kUnclaimed};
    EdgeOffset out[2] = {0, 0};
    run_both_if(
        true,
        [&] {
            out[0] = contract(0, middle, rows.met.data(), 0);
            int unclaimed = kUnclaimed;
            if (second_half.compare_exchange_strong(unclaimed, kByFirst))
                out[0] = contract(middle, coarse_n, rows.met.data(), out[0]);
        },
        [&] {
            int unclaimed = kUnclaimed;
            if (!second_half.compare_exchange_strong(unclaimed, kBySecond)) return;
            out[1] = contract(middle, coarse_n, unmet_sums(scratch.second_met, coarse_n), room);
        });
    append_rows(rows, 0, out[0], 0, c);
    if (second_half.load() == kBySecond) {
        for (VertexId cv = middle; cv < coarse_n; ++cv) c.xadj[cv + 1] += out[0] - room;
        append_rows(rows, room, out[1], out[0], c);
    }
}

} // namespace part::refine
