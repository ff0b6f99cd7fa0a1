#include "libpart/gde/boundary_polish.hpp"

#include <algorithm>
#include <cmath>
#include <queue>
#include <tuple>

#include "libpart/core/metrics.hpp"
#include "libpart/gde/local_connectivity.hpp"

namespace part::gde {

namespace {

struct Move {
    WeightSum gain = 0;
    PartId to = -1;
};

class Polisher {
  public:
    Polisher(const Graph& graph, Partition& partition, double tolerance,
             const PolishOptions& options)
        : graph_(graph), part_(partition.part), origin_(options.origin),
          migration_weight_(options.migration_weight), connectivity_(graph),
          connection_(std::size_t(partition.num_parts), 0),
          locked_(options.fixed ? *options.fixed
                                : std::vector<char>(std::size_t(graph.num_vertices()), 0)),
          candidate_(std::size_t(graph.num_vertices()), 0),
          version_(std::size_t(graph.num_vertices()), 0) {
        const int ncon = graph.num_constraints();
        const auto weights = part_weights(graph, part_, partition.num_parts);
        for (PartId p = 0; p < partition.num_parts; ++p)
            weight_.push_back(weights[std::size_t(p) * ncon]);
        limit_ = part_weight_limits(graph, partition, tolerance);
        for (VertexId v = 0; v < graph.num_vertices(); ++v) add_if_boundary(v);
    }

    // One FM pass: moves the best vertex even when its gain is negative, each vertex at most
    // once, until `patience` moves in a row bring no new best cut; then undoes the moves
    // after the best point. Returns the moves kept.
    VertexId pass(WeightSum& cut_reduction) {
        log_.clear();
        queue_candidates();
        const std::size_t patience =
            std::clamp<std::size_t>(std::size_t(graph_.num_vertices()) / 1000, 64, 1024);
        WeightSum gained = 0, best = 0;
        std::size_t best_length = 0;
        while (!heap_.empty() && log_.size() - best_length < patience) {
            const auto [gain, neg_v, version] = heap_.top();
            heap_.pop();
            const VertexId v = -neg_v;
            if (locked_[v] || version != version_[v]) continue;
            const Move m = best_move(v);
            if (m.to < 0) continue;
            if (m.gain != gain) { // stale: try again with the current gain
                consider(v);
                continue;
            }
            if (connectivity_.would_disconnect(part_, v)) continue;
            log_.push_back({v, part_[v]});
            move(v, m.to);
            locked_[v] = 1;
            gained += m.gain;
            if (gained > best) {
                best = gained;
                best_length = log_.size();
            }
            for (VertexId u : graph_.neighbours(v)) consider(u);
        }
        for (const Moved& m : log_) locked_[m.vertex] = 0; // fixed vertices never moved
        while (log_.size() > best_length) {
            move(log_.back().vertex, log_.back().from);
            log_.pop_back();
        }
        // The next pass looks at the boundary only: this pass's candidates that still are on
        // it, and the neighbours of the moves kept. O(boundary) rather than O(n).
        std::size_t kept = 0;
        for (VertexId v : candidates_) {
            candidate_[v] = 0;
            if (on_boundary(v)) candidates_[kept++] = v;
        }
        candidates_.resize(kept);
        for (VertexId v : candidates_) candidate_[v] = 1;
        for (const Moved& m : log_) {
            add_if_boundary(m.vertex);
            for (VertexId u : graph_.neighbours(m.vertex)) add_if_boundary(u);
        }
        cut_reduction += best;
        return VertexId(best_length);
    }

  private:
    struct Moved {
        VertexId vertex;
        PartId from;
    };

    bool on_boundary(VertexId v) const {
        for (VertexId u : graph_.neighbours(v))
            if (part_[u] != part_[v]) return true;
        return false;
    }

    void add_if_boundary(VertexId v) {
        if (candidate_[v] || locked_[v] || !on_boundary(v)) return;
        candidate_[v] = 1;
        candidates_.push_back(v);
    }

    void move(VertexId v, PartId to) {
        const Weight w = graph_.vertex_weight(v);
        weight_[part_[v]] -= w;
        weight_[to] += w;
        part_[v] = to;
    }

    // Queues every candidate at once: one O(n) heap construction instead of a push each,
    // which dominated a pass when the boundary is large. Entries are unique (vertex,
    // version), so the heap pops them in the same order either way.
    void queue_candidates() {
        std::vector<HeapEntry> entries;
        entries.reserve(candidates_.size());
        for (VertexId v : candidates_) {
            if (locked_[v]) continue;
            const Move m = best_move(v);
            ++version_[v];
            if (m.to >= 0) entries.push_back({m.gain, -v, version_[v]});
        }
        heap_ = std::priority_queue<HeapEntry>(std::less<HeapEntry>(), std::move(entries));
    }

    // Queues v with the gain of its best feasible move, if it has one.
    void consider(VertexId v) {
        if (locked_[v]) return;
        const Move m = best_move(v);
        ++version_[v];
        if (m.to >= 0) heap_.push({m.gain, -v, version_[v]});
    }

    Move best_move(VertexId v) {
        const PartId home = part_[v];
        const Weight w = graph_.vertex_weight(v);
        Move best;
        if (w >= weight_[home]) return best;
        touched_.clear();
        WeightSum internal = 0;
        for (EdgeOffset e = graph_.xadj[v]; e < graph_.xadj[v + 1]; ++e) {
            const PartId p = part_[graph_.adjncy[e]];
            if (p == home) {
                internal += graph_.edge_weight(e);
                continue;
            }
            if (connection_[p] == 0) touched_.push_back(p);
            connection_[p] += graph_.edge_weight(e);
        }
        // Migration: leaving the origin costs the vertex's size, going back to it gains it.
        const PartId origin = origin_ != nullptr ? (*origin_)[v] : -1;
        const WeightSum migration =
            origin_ != nullptr ? migration_weight_ * graph_.vertex_size(v) : 0;
        for (PartId p : touched_) {
            const WeightSum gain = connection_[p] - internal - (origin == home ? migration : 0) +
                                   (origin == p ? migration : 0);
            if (weight_[p] + w <= limit_[p] &&
                (best.to < 0 || gain > best.gain || (gain == best.gain && p < best.to)))
                best = {gain, p};
            connection_[p] = 0;
        }
        return best;
    }

    const Graph& graph_;
    std::vector<PartId>& part_;
    const std::vector<PartId>* origin_;
    WeightSum migration_weight_;
    LocalConnectivity connectivity_;
    std::vector<WeightSum> weight_, limit_, connection_;
    std::vector<PartId> touched_;
    std::vector<char> locked_;    // fixed, or moved in the current pass
    std::vector<char> candidate_; // in candidates_
    std::vector<VertexId> candidates_;
    std::vector<Moved> log_;
    std::vector<std::uint32_t> version_;
    using HeapEntry = std::tuple<WeightSum, VertexId, std::uint32_t>; // gain, -vertex, version
    std::priority_queue<HeapEntry> heap_;
};

} // namespace

std::vector<WeightSum> part_weight_limits(const Graph& graph, const Partition& partition,
                                          double tolerance) {
    const double total = double(graph.total_vertex_weight()[0]);
    std::vector<WeightSum> limit;
    for (PartId p = 0; p < partition.num_parts; ++p)
        limit.push_back(WeightSum(std::floor(partition.target(p) * total * (1 + tolerance))));
    return limit;
}

PolishResult polish_boundary(const Graph& graph, Partition& partition, double tolerance,
                             const PolishOptions& options) {
    PolishResult result;
    Polisher polisher(graph, partition, tolerance, options);
    while (result.passes < options.max_passes) {
        ++result.passes;
        const VertexId moves = polisher.pass(result.cut_reduction);
        result.moves += moves;
        if (moves == 0) break;
    }
    return result;
}

} // namespace part::gde
