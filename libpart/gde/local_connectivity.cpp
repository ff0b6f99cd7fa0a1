#include "libpart/gde/local_connectivity.hpp"

#include <algorithm>

namespace part::gde {

LocalConnectivity::LocalConnectivity(const Graph& graph, int budget)
    : graph_(graph), budget_(budget), mark_(std::size_t(graph.num_vertices()), 0) {}

bool LocalConnectivity::would_disconnect(const std::vector<PartId>& part, VertexId v) {
    const PartId home = part[v];
    VertexId first = -1;
    int to_find = 0;
    for (VertexId u : graph_.neighbours(v))
        if (part[u] == home) {
            if (first < 0) first = u;
            ++to_find;
        }
    if (to_find <= 1) return false;
    if (++stamp_ == 0) { // wrapped: clear the marks once
        std::fill(mark_.begin(), mark_.end(), 0);
        stamp_ = 1;
    }
    mark_[v] = stamp_;
    queue_.assign(1, first);
    mark_[first] = stamp_;
    int found = 1;
    for (std::size_t head = 0; head < queue_.size() && int(queue_.size()) <= budget_; ++head)
        for (VertexId w : graph_.neighbours(queue_[head])) {
            if (part[w] != home || mark_[w] == stamp_) continue;
            mark_[w] = stamp_;
            queue_.push_back(w);
            for (VertexId x : graph_.neighbours(v))
                if (x == w) {
                    if (++found == to_find) return false;
                    break;
                }
            // Checked per vertex, not per row: an anchor of a band graph has a huge row.
            if (int(queue_.size()) > budget_) return true;
        }
    return true;
}

} // namespace part::gde
