#include "libpart/refine/local_connectivity.hpp"

#include <algorithm>
#include <limits>

namespace part::refine {

namespace {

// Root of label l, halving the path on the way (labels are few: at most v's degree).
VertexId find_root(VertexId* root, VertexId l) {
    while (root[l] != l) l = root[l] = root[root[l]];
    return l;
}

} // namespace

LocalConnectivity::LocalConnectivity(const Graph& graph, int budget)
    : graph_(graph), budget_(budget), mark_(std::size_t(graph.num_vertices()) + 1, 0) {}

void LocalConnectivity::start_test(VertexId degree) {
    // A test uses the marks stamp_ + 1 .. stamp_ + 1 + degree; restart them before they wrap.
    if (std::uint64_t(stamp_) + std::uint64_t(degree) + 2 >=
        std::numeric_limits<std::uint32_t>::max()) {
        std::fill(mark_.begin(), mark_.end(), 0);
        stamp_ = 0;
    }
    if (degree <= sized_for_) return; // the arrays are large enough already
    sized_for_ = degree;
    // The queue holds v's neighbours, then at most budget + 1 more vertices (and never more
    // than the graph has).
    const std::size_t queue_size = std::min<std::size_t>(
        std::size_t(graph_.num_vertices()), std::size_t(degree) + std::size_t(budget_) + 1);
    if (queue_.size() < queue_size) queue_.resize(queue_size);
    if (root_.size() < std::size_t(degree)) {
        root_.resize(std::size_t(degree));
        pending_.resize(std::size_t(degree));
    }
}

// Marks v with `skip` and each of its distinct neighbours in its part with its own label
// (first + l, l = 0, 1, ...), queued in row order; returns how many.
VertexId LocalConnectivity::label_neighbours(const PartId* part, VertexId v, std::uint32_t skip) {
    const VertexId* row = graph_.adjncy.data() + graph_.xadj[v];
    const VertexId* const row_end = graph_.adjncy.data() + graph_.xadj[v + 1];
    std::uint32_t* const mark = mark_.data();
    VertexId* const root = root_.data();
    VertexId* const pending = pending_.data();
    VertexId* const queue = queue_.data();
    const PartId home = part[v];
    const std::uint32_t first = skip + 1;
    mark[v] = skip;
    VertexId labels = 0;
    // Without branches (the part test mispredicted often): every neighbour is written at
    // index `labels`, which only a new one advances (indices stay below the degree). The mark
    // is selected by arithmetic: g++ turned a ?: into a branch.
    for (; row != row_end; ++row) {
        const VertexId u = *row;
        const std::uint32_t m = mark[u];
        const std::uint32_t fresh = (part[u] == home) & (m < skip); // listed twice: once
        mark[u] = m + fresh * (first + std::uint32_t(labels) - m);
        root[labels] = labels;
        pending[labels] = 1;
        queue[labels] = u;
        labels += VertexId(fresh);
    }
    return labels;
}

// One breadth-first search from all of v's neighbours in the part at once, each vertex
// labelled with the root of the neighbour's search it was reached from; where two searches
// meet, their labels are joined (union-find), and the test ends as soon as one label is
// left: two neighbours a few steps apart around v meet halfway, so the test visits far fewer
// vertices than a search from one neighbour that must reach all the others.
// A search whose queued vertices are all scanned before it met the others is enclosed: every
// neighbour in the part of its vertices (v aside) carries its label, so it can never meet
// them, and the part is split; the test says so at once instead of exploring the rest up to
// the budget (which would give the same answer, later).
// The answer depends only on the order vertices are reached in (the budget counts them), not
// on which label of a joined set a vertex carries.
bool LocalConnectivity::would_disconnect(const std::vector<PartId>& part, VertexId v) {
    const EdgeOffset* const xadj = graph_.xadj.data();
    const VertexId degree = VertexId(xadj[v + 1] - xadj[v]);
    if (degree < 2) return false;
    start_test(degree);
    // mark[v] == skip; mark[w] == first + l: w was reached with label l in this test; marks of
    // earlier tests are below skip.
    const std::uint32_t skip = stamp_ + 1, first = skip + 1;
    const PartId* const part_of = part.data();
    const VertexId labels = label_neighbours(part_of, v, skip);
    stamp_ = skip + std::uint32_t(labels);
    if (labels <= 1) return false;

    const VertexId* const adjncy = graph_.adjncy.data();
    const PartId home = part_of[v];
    std::uint32_t* const mark = mark_.data();
    const VertexId spare = graph_.num_vertices(); // mark_'s last entry, no vertex's
    VertexId* const queue = queue_.data();
    VertexId* const root = root_.data();
    VertexId* const pending = pending_.data();
    // Past the budget at the first vertex queued beyond it, or beyond v's neighbours if they
    // alone exceed it.
    const VertexId* const limit = queue + std::max<VertexId>(budget_, labels);
    const std::uint32_t count = std::uint32_t(labels);
    VertexId components = labels;
    VertexId* tail = queue + labels;
    for (const VertexId* head = queue; head < tail; ++head) {
        const VertexId x = *head;
        VertexId label = find_root(root, VertexId(mark[x] - first));
        VertexId* row_tail = tail; // vertices queued from here on are pending[label]'s
        const VertexId* e = adjncy + xadj[x];
        const VertexId* const end = adjncy + xadj[x + 1];
        for (; e != end; ++e) {
            const VertexId w = *e;
            // t: 0 for v, 1 + l for a vertex reached with label l, more than `count` for the
            // rest (earlier tests' marks lie below skip: t wraps around, see start_test).
            const std::uint32_t t = mark[w] - skip;
            // Reached with another label than x's (most reached ones are x's own search's):
            // maybe two searches meet. The one branch, rarely taken; the barrier keeps g++
            // from splitting it in two, one of which mispredicted a third of the time.
            std::uint32_t meets = (t - 1 < count) & (t != std::uint32_t(label) + 1);
            asm("" : "+r"(meets));
            if (meets) {
                const VertexId other = find_root(root, VertexId(t - 1));
                if (other == label) continue;
                const VertexId kept = std::min(label, other), joined = std::max(label, other);
                pending[label] += VertexId(tail - row_tail);
                row_tail = tail;
                root[joined] = kept;
                pending[kept] += pending[joined];
                label = kept;
                if (--components == 1) return false;
                continue;
            }
            // Without branches: a new vertex (unmarked in this test, in the part) is marked and
            // queued; otherwise the spare entry is marked and the queue slot left to the next.
            const std::uint32_t fresh = (t > count) & (part_of[w] == home);
            mark[fresh ? w : spare] = skip + std::uint32_t(label) + 1;
            *tail = w;
            tail += fresh;
            // Checked per vertex, not per row: an anchor of a band graph has a huge row.
            if (tail > limit) return true;
        }
        pending[label] += VertexId(tail - row_tail);
        if (--pending[label] == 0) return true; // x's search is enclosed: a split
    }
    return true;
}

} // namespace part::refine
