#include "libpart/gde/local_connectivity.hpp"

#include <algorithm>
#include <limits>

namespace part::gde {

LocalConnectivity::LocalConnectivity(const Graph& graph, int budget)
    : graph_(graph), budget_(budget), mark_(std::size_t(graph.num_vertices()), 0) {}

// One breadth-first search from all of v's neighbours in the part at once, each vertex
// labelled with the neighbour it was reached from; where two searches meet, their labels are
// joined (union-find). Two neighbours a few steps apart around v meet halfway, so the test
// visits far fewer vertices than a search from one neighbour that must reach all the others.
bool LocalConnectivity::would_disconnect(const std::vector<PartId>& part, VertexId v) {
    const PartId home = part[v];
    int to_find = 0;
    for (VertexId u : graph_.neighbours(v)) to_find += part[u] == home;
    if (to_find <= 1) return false;
    // mark_[w] - base_ is the label of w when it was reached in this test; older marks are
    // below base_. Restart the marks before they would wrap.
    if (std::uint64_t(stamp_) + std::uint64_t(graph_.degree(v)) + 1 >=
        std::numeric_limits<std::uint32_t>::max()) {
        std::fill(mark_.begin(), mark_.end(), 0);
        stamp_ = 0;
    }
    const std::uint32_t base = stamp_ + 1;
    queue_.clear();
    label_.clear();
    for (VertexId u : graph_.neighbours(v))
        if (part[u] == home && mark_[u] < base) { // a neighbour listed twice counts once
            mark_[u] = base + std::uint32_t(label_.size());
            label_.push_back(VertexId(label_.size()));
            queue_.push_back(u);
        }
    stamp_ = base + std::uint32_t(label_.size());
    int components = int(label_.size());
    if (components <= 1) return false; // one neighbour, listed more than once
    auto find = [this](VertexId l) {
        while (label_[l] != l) l = label_[l] = label_[label_[l]];
        return l;
    };
    for (std::size_t head = 0; head < queue_.size(); ++head) {
        const VertexId from = VertexId(mark_[queue_[head]] - base);
        for (VertexId w : graph_.neighbours(queue_[head])) {
            if (w == v || part[w] != home) continue;
            if (mark_[w] >= base) { // reached before: join the two searches
                const VertexId a = find(from), b = find(VertexId(mark_[w] - base));
                if (a != b) {
                    label_[std::max(a, b)] = std::min(a, b);
                    if (--components == 1) return false;
                }
                continue;
            }
            mark_[w] = base + std::uint32_t(from);
            queue_.push_back(w);
            // Checked per vertex, not per row: an anchor of a band graph has a huge row.
            if (int(queue_.size()) > budget_) return true;
        }
    }
    return true;
}

} // namespace part::gde
