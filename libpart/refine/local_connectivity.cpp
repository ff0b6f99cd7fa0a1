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
    : graph_(graph), budget_(budget), mark_(std::size_t(graph.num_vertices()), 0) {}

void LocalConnectivity::start_test(VertexId degree) {
    // A test uses the marks stamp_ + 1 .. stamp_ + 1 + degree; restart them before they wrap.
    if (std::uint64_t(stamp_) + std::uint64_t(degree) + 2 >=
        std::numeric_limits<std::uint32_t>::max()) {
        std::fill(mark_.begin(), mark_.end(), 0);
        stamp_ = 0;
    }
    // The queue holds v's neighbours, then at most budget + 1 more vertices.
    const std::size_t queue_size = std::size_t(degree) + std::size_t(budget_) + 1;
    if (queue_.size() < queue_size) queue_.resize(queue_size);
    if (root_.size() < std::size_t(degree)) {
        root_.resize(std::size_t(degree));
        pending_.resize(std::size_t(degree));
    }
}

// Marks v with `skip` and each of its distinct neighbours in its part with its own label
// (first + l, l = 0, 1, ...), queued in row order; returns how many.
VertexId LocalConnectivity::label_neighbours(const PartId* part, VertexId v, std::uint32_t skip) {
    const std::uint32_t first = skip + 1;
    mark_[v] = skip;
    VertexId labels = 0;
    for (const VertexId u : graph_.neighbours(v)) {
        if (part[u] != part[v] || mark_[u] >= skip) continue; // another part, or listed twice
        mark_[u] = first + std::uint32_t(labels);
        root_[labels] = labels;
        pending_[labels] = 1;
        queue_[labels++] = u;
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
    const VertexId degree = graph_.degree(v);
    if (degree < 2) return false;
    start_test(degree);
    // mark[v] == skip; mark[w] == first + l: w was reached with label l in this test; marks of
    // earlier tests are below skip.
    const std::uint32_t skip = stamp_ + 1, first = skip + 1;
    const VertexId labels = label_neighbours(part.data(), v, skip);
    stamp_ = skip + std::uint32_t(labels);
    if (labels <= 1) return false;

    // Past the budget at the first vertex queued beyond it, or beyond v's neighbours if they
    // alone exceed it.
    const std::size_t limit = std::size_t(std::max<VertexId>(budget_, labels));
    VertexId components = labels;
    std::size_t tail = std::size_t(labels);
    for (std::size_t head = 0; head < tail; ++head) {
        const VertexId x = queue_[head];
        VertexId label = find_root(root_.data(), VertexId(mark_[x] - first));
        std::size_t row_tail = tail; // vertices queued from here on are pending[label]'s
        for (const VertexId w : graph_.neighbours(x)) {
            if (mark_[w] < skip) { // not reached yet in this test
                if (part[w] != part[v]) continue;
                mark_[w] = first + std::uint32_t(label);
                queue_[tail++] = w;
                // Checked per vertex, not per row: an anchor of a band graph has a huge row.
                if (tail > limit) return true;
                continue;
            }
            if (w == v || mark_[w] == first + std::uint32_t(label)) continue;
            // Reached with another label: maybe two searches meet.
            const VertexId other = find_root(root_.data(), VertexId(mark_[w] - first));
            if (other == label) continue;
            const VertexId kept = std::min(label, other), joined = std::max(label, other);
            pending_[label] += VertexId(tail - row_tail);
            row_tail = tail;
            root_[joined] = kept;
            pending_[kept] += pending_[joined];
            label = kept;
            if (--components == 1) return false;
        }
        pending_[label] += VertexId(tail - row_tail);
        if (--pending_[label] == 0) return true; // x's search is enclosed: a split
    }
    return true;
}

} // namespace part::refine
