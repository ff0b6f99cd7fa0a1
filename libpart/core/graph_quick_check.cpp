#include "libpart/core/graph_quick_check.hpp"

#include <omp.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <vector>

// Symmetry by matching: every entry (u, v) with u < v (an upper entry) is matched to the first
// u in v's row, which must hold an equal weight and must not be matched already. Matches are
// one to one, so when the upper and lower counts agree every entry has exactly one mirror: the
// graph is symmetric and has no duplicate edges (a duplicate upper entry would match the same
// mirror twice; a duplicate lower entry would need a duplicate upper entry to be matched).
//
// Looking up v's row is a random access. On large graphs the upper entries are first
// scattered into blocks of v, each block's rows small enough to stay in a core's cache, and
// matched block by block (a one-pass radix partition), so that lookups hit the cache even when
// the vertex numbering has no locality.
namespace part {

namespace {

// Rows of at most this degree are searched linearly; longer ones in a sorted copy.
constexpr EdgeOffset kShortRow = 32;
// Bytes of rows (offsets, ids, weights, match flags) per block, and the most blocks.
constexpr double kBlockBytes = 256 * 1024;
constexpr int kMaxBlockShift = 30;
constexpr std::int64_t kMaxBlocks = 1024;
// Graphs of fewer blocks fit in a core's cache whole and are matched in place.
constexpr std::int64_t kCachedBlocks = 4;
// Fewer entries are matched on one thread: starting more would cost more than they save.
constexpr EdgeOffset kParallelCheckEntries = EdgeOffset(1) << 16;

struct Rows {
    const EdgeOffset* xadj;
    const VertexId* adjncy;
    const Weight* adjwgt; // null when unweighted
    VertexId n;
};

// Sorted copies (neighbour, position) of the long rows, at the rows' own offsets.
struct LongRows {
    struct Slot {
        VertexId neighbour;
        EdgeOffset position;
    };
    std::unique_ptr<Slot[]> slots; // only long rows' ranges are filled

    void sort_rows(const Rows& g) {
        for (VertexId v = 0; v < g.n; ++v) {
            if (g.xadj[v + 1] - g.xadj[v] <= kShortRow) continue;
            for (EdgeOffset e = g.xadj[v]; e < g.xadj[v + 1]; ++e) slots[e] = {g.adjncy[e], e};
            std::sort(slots.get() + g.xadj[v], slots.get() + g.xadj[v + 1],
                      [](const Slot& a, const Slot& b) {
                          return a.neighbour != b.neighbour ? a.neighbour < b.neighbour
                                                            : a.position < b.position;
                      });
        }
    }
};

// Position of the first u in v's row, or -1.
EdgeOffset find_in_row(const Rows& g, const LongRows& long_rows, VertexId v, VertexId u) {
    const EdgeOffset begin = g.xadj[v], end = g.xadj[v + 1];
    if (end - begin <= kShortRow) {
        for (EdgeOffset e = begin; e < end; ++e)
            if (g.adjncy[e] == u) return e;
        return -1;
    }
    const auto* first = long_rows.slots.get() + begin;
    const auto* last = long_rows.slots.get() + end;
    const auto* it = std::lower_bound(
        first, last, u, [](const LongRows::Slot& s, VertexId id) { return s.neighbour < id; });
    return it != last && it->neighbour == u ? it->position : -1;
}

// Matches the upper entry (u, v) of weight w; false when it has no free mirror of equal weight.
bool match(const Rows& g, const LongRows& long_rows, VertexId u, VertexId v, Weight w,
           std::uint8_t* matched) {
    const EdgeOffset mirror = find_in_row(g, long_rows, v, u);
    if (mirror < 0 || matched[mirror]) return false;
    matched[mirror] = 1;
    return !g.adjwgt || g.adjwgt[mirror] == w;
}

// A chunk of rows' entries above the diagonal, and whether all its entries were valid.
struct Tally {
    EdgeOffset upper = 0;
    bool ok = true;
};

// An upper entry waiting in its block (its weight, if any, waits in a parallel array).
struct PendingUpperEntry {
    VertexId u;
    VertexId v;
};

// Vertices per block as a shift: blocks of rows of about kBlockBytes.
int block_shift(const Rows& g, EdgeOffset entries) {
    const double bytes_per_entry = sizeof(VertexId) + 1 + (g.adjwgt ? sizeof(Weight) : 0);
    const double bytes_per_vertex =
        sizeof(EdgeOffset) + bytes_per_entry * double(entries) / std::max<VertexId>(g.n, 1);
    int shift = 0;
    while (shift < kMaxBlockShift &&
           double(std::int64_t(2) << shift) * bytes_per_vertex <= kBlockBytes)
        ++shift;
    while (shift < kMaxBlockShift && (std::int64_t(g.n) >> shift) + 1 > kMaxBlocks) ++shift;
    return shift;
}

// True when most entries join vertices less than four blocks apart, as in a mesh numbered
// along space: the rows those entries look up were read recently and are still in the core's
// cache, and the few others are cheaper to miss than to scatter. The 40% bound sits between
// copter2 (32% far, faster in place) and mdual (52% far, faster by blocks).
bool numbering_is_local(const Rows& g, int shift) {
    const EdgeOffset entries = g.xadj[g.n];
    const EdgeOffset stride = std::max<EdgeOffset>(1, entries / 4096);
    EdgeOffset far = 0, sampled = 0;
    VertexId u = 0;
    for (EdgeOffset e = 0; e < entries; e += stride, ++sampled) {
        while (g.xadj[u + 1] <= e) ++u;
        far += std::abs(std::int64_t(g.adjncy[e]) - u) > (std::int64_t(4) << shift);
    }
    return far * 5 <= sampled * 2;
}

// Checks ids, self loops and weights of the rows [begin, end) and counts their upper entries
// per block of v into `per_block`. Whether an entry is upper is a coin toss on a numbering
// without locality, so it is added, not branched on.
void tally_by_block(const Rows& g, int shift, VertexId begin, VertexId end, EdgeOffset* per_block,
                    Tally& t) {
    EdgeOffset upper = 0;
    for (VertexId u = begin; u < end; ++u)
        for (EdgeOffset e = g.xadj[u]; e < g.xadj[u + 1]; ++e) {
            const VertexId v = g.adjncy[e];
            if (std::uint32_t(v) >= std::uint32_t(g.n) || v == u || (g.adjwgt && g.adjwgt[e] < 0)) {
                t.ok = false;
                return;
            }
            per_block[v >> shift] += v > u;
            upper += v > u;
        }
    t.upper = upper;
}

// Writes the upper entries of the rows [begin, end) at their blocks' cursors.
void scatter_by_block(const Rows& g, int shift, VertexId begin, VertexId end, EdgeOffset* cursor,
                      PendingUpperEntry* entries, Weight* weights) {
    for (VertexId u = begin; u < end; ++u)
        for (EdgeOffset e = g.xadj[u]; e < g.xadj[u + 1]; ++e) {
            const VertexId v = g.adjncy[e];
            if (v < u) continue;
            const EdgeOffset slot = cursor[v >> shift]++;
            entries[slot] = {u, v};
            if (weights) weights[slot] = g.adjwgt[e];
        }
}

// Scatters the upper entries into blocks of v, then matches each block's entries. The rows
// are cut into chunks, each with its own cursors per block; a block holds the chunks' entries
// in the chunks' order, so in the rows' order, as on one thread.
bool match_by_blocks(const Rows& g, const LongRows& long_rows, int shift, std::uint8_t* matched,
                     EdgeOffset& upper, EdgeOffset& lower) {
    const std::int64_t blocks = (std::int64_t(g.n) >> shift) + 1;
    // Four chunks per thread, taken as threads come free.
    const int chunks = g.xadj[g.n] >= kParallelCheckEntries ? 4 * omp_get_max_threads() : 1;
    auto first_row = [&](int c) { return VertexId(std::int64_t(g.n) * c / chunks); };
    std::vector<EdgeOffset> cursor(std::size_t(chunks * blocks), 0); // [chunk * blocks + block]
    std::vector<Tally> tallies(static_cast<std::size_t>(chunks));
#pragma omp parallel for schedule(dynamic, 1)
    for (int c = 0; c < chunks; ++c)
        tally_by_block(g, shift, first_row(c), first_row(c + 1), cursor.data() + c * blocks,
                       tallies[std::size_t(c)]);
    bool ok = true;
    upper = 0;
    for (const Tally& t : tallies) {
        ok = ok && t.ok;
        upper += t.upper;
    }
    lower = g.xadj[g.n] - upper;
    if (!ok || upper != lower) return false;
    EdgeOffset running = 0;
    for (std::int64_t b = 0; b < blocks; ++b)
        for (int c = 0; c < chunks; ++c) {
            EdgeOffset& at = cursor[std::size_t(c * blocks + b)];
            const EdgeOffset count = at;
            at = running;
            running += count;
        }
    std::unique_ptr<PendingUpperEntry[]> entries(new PendingUpperEntry[std::size_t(running)]);
    std::unique_ptr<Weight[]> weights(g.adjwgt ? new Weight[std::size_t(running)] : nullptr);
#pragma omp parallel for schedule(dynamic, 1)
    for (int c = 0; c < chunks; ++c)
        scatter_by_block(g, shift, first_row(c), first_row(c + 1), cursor.data() + c * blocks,
                         entries.get(), weights.get());
    // A block's entries claim mirrors in the block's own rows only: blocks are matched on
    // several threads at once, each flag written by one. Block b ends where the last chunk's
    // cursor stopped.
    const EdgeOffset* const end = cursor.data() + (chunks - 1) * blocks;
#pragma omp parallel for if (chunks > 1) schedule(dynamic, 8) reduction(&& : ok)
    for (std::int64_t b = 0; b < blocks; ++b)
        for (EdgeOffset i = b == 0 ? 0 : end[b - 1]; ok && i < end[b]; ++i) {
            const PendingUpperEntry& x = entries[std::size_t(i)];
            ok = match(g, long_rows, x.u, x.v, weights ? weights[i] : 1, matched);
        }
    return ok;
}

// Matches each upper entry straight from the rows, after checking ids, self loops and
// weights: small graphs, whose rows fit in cache.
bool match_in_place(const Rows& g, const LongRows& long_rows, std::uint8_t* matched,
                    EdgeOffset& upper, EdgeOffset& lower) {
    for (VertexId u = 0; u < g.n; ++u)
        for (EdgeOffset e = g.xadj[u]; e < g.xadj[u + 1]; ++e) {
            const VertexId v = g.adjncy[e];
            const Weight w = g.adjwgt ? g.adjwgt[e] : 1;
            if (std::uint32_t(v) >= std::uint32_t(g.n) || v == u || w < 0) return false;
            if (v < u) {
                ++lower;
                continue;
            }
            ++upper;
            if (!match(g, long_rows, u, v, w, matched)) return false;
        }
    return true;
}

} // namespace

bool passes_quick_check(const Graph& graph) {
    auto negative = [](Weight w) { return w < 0; };
    if (std::ranges::any_of(graph.vwgt, negative) || std::ranges::any_of(graph.vsize, negative))
        return false;
    const Rows g{graph.xadj.data(), graph.adjncy.data(),
                 graph.has_edge_weights() ? graph.adjwgt.data() : nullptr, graph.num_vertices()};
    const EdgeOffset entries = EdgeOffset(graph.adjncy.size());
    LongRows long_rows;
    bool any_long = false;
    for (VertexId v = 0; v < g.n && !any_long; ++v)
        any_long = g.xadj[v + 1] - g.xadj[v] > kShortRow;
    if (any_long) {
        long_rows.slots.reset(new LongRows::Slot[std::size_t(entries)]);
        long_rows.sort_rows(g);
    }
    std::vector<std::uint8_t> matched(std::size_t(entries), 0);
    const int shift = block_shift(g, entries);
    EdgeOffset upper = 0, lower = 0;
    const bool ok = (std::int64_t(g.n) >> shift) < kCachedBlocks || numbering_is_local(g, shift)
                        ? match_in_place(g, long_rows, matched.data(), upper, lower)
                        : match_by_blocks(g, long_rows, shift, matched.data(), upper, lower);
    return ok && upper == lower;
}

} // namespace part
