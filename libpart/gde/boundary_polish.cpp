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
    Polisher(const Graph& graph, Partition& partition, double tolerance)
        : graph_(graph), part_(partition.part), connectivity_(graph),
          connection_(std::size_t(partition.num_parts), 0),
          locked_(std::size_t(graph.num_vertices()), 0),
          version_(std::size_t(graph.num_vertices()), 0) {
        listed_.assign(locked_.size(), 0);
        for (VertexId v = 0; v < graph.num_vertices(); ++v)
            if (on_boundary(v)) candidates_.push_back(v);
        const int ncon = graph.num_constraints();
        const auto weights = part_weights(graph, part_, partition.num_parts);
        WeightSum total = 0;
        for (PartId p = 0; p < partition.num_parts; ++p) {
            weight_.push_back(weights[std::size_t(p) * ncon]);
            total += weight_.back();
        }
        for (PartId p = 0; p < partition.num_parts; ++p)
            limit_.push_back(
                WeightSum(std::floor(partition.target(p) * double(total) * (1 + tolerance))));
    }

    // One FM pass: moves the best vertex even when its gain is negative, each vertex at most
    // once, until `patience` moves in a row bring no new best cut; then undoes the moves
    // after the best point. Returns the moves kept.
    VertexId pass(WeightSum& cut_reduction) {
        std::fill(locked_.begin(), locked_.end(), 0);
        heap_ = {};
        log_.clear();
        for (VertexId v : candidates_) consider(v);
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
        while (log_.size() > best_length) {
            move(log_.back().vertex, log_.back().from);
            log_.pop_back();
        }
        cut_reduction += best;
        update_candidates();
        return VertexId(best_length);
    }

  private:
    bool on_boundary(VertexId v) const {
        for (VertexId u : graph_.neighbours(v))
            if (part_[u] != part_[v]) return true;
        return false;
    }

    // Only the kept moves change the partition, so the next pass's boundary lies among this
    // pass's boundary and the moved vertices with their neighbours: passes after the first
    // cost O(boundary), not O(edges).
    void update_candidates() {
        std::vector<VertexId> listed;
        auto add = [&](VertexId v) {
            if (listed_[v]) return;
            listed_[v] = 1;
            listed.push_back(v);
        };
        for (VertexId v : candidates_) add(v);
        for (const Moved& m : log_) {
            add(m.vertex);
            for (VertexId u : graph_.neighbours(m.vertex)) add(u);
        }
        std::sort(listed.begin(), listed.end());
        candidates_.clear();
        for (VertexId v : listed) {
            listed_[v] = 0;
            if (on_boundary(v)) candidates_.push_back(v);
        }
    }

    struct Moved {
        VertexId vertex;
        PartId from;
    };

    void move(VertexId v, PartId to) {
        const Weight w = graph_.vertex_weight(v);
        weight_[part_[v]] -= w;
        weight_[to] += w;
        part_[v] = to;
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
        for (PartId p : touched_) {
            const WeightSum gain = connection_[p] - internal;
            if (weight_[p] + w <= limit_[p] &&
                (best.to < 0 || gain > best.gain || (gain == best.gain && p < best.to)))
                best = {gain, p};
            connection_[p] = 0;
        }
        return best;
    }

    const Graph& graph_;
    std::vector<PartId>& part_;
    LocalConnectivity connectivity_;
    std::vector<WeightSum> weight_, limit_, connection_;
    std::vector<PartId> touched_;
    std::vector<VertexId> candidates_; // ascending; every boundary vertex is among them
    std::vector<char> listed_;
    std::vector<char> locked_;
    std::vector<Moved> log_;
    std::vector<std::uint32_t> version_;
    std::priority_queue<std::tuple<WeightSum, VertexId, std::uint32_t>> heap_;
};

} // namespace

PolishResult polish_boundary(const Graph& graph, Partition& partition, double tolerance,
                             int max_passes) {
    PolishResult result;
    Polisher polisher(graph, partition, tolerance);
    while (result.passes < max_passes) {
        ++result.passes;
        const VertexId moves = polisher.pass(result.cut_reduction);
        result.moves += moves;
        if (moves == 0) break;
    }
    return result;
}

} // namespace part::gde
