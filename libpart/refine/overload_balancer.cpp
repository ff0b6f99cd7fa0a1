#include "libpart/refine/overload_balancer.hpp"

#include <queue>

#include "libpart/refine/boundary_polish.hpp"

namespace part::refine {

namespace {

// A vertex's best move out of its overloaded part. Moves to neighbouring parts come before
// detached ones; then the higher rate (gain per unit of weight), then the lower vertex.
struct Candidate {
    bool adjacent = false;
    double rate = 0;
    VertexId v = -1;
    PartId to = -1;

    bool same_move(const Candidate& other) const {
        return adjacent == other.adjacent && rate == other.rate && to == other.to;
    }
};

struct Worse {
    bool operator()(const Candidate& a, const Candidate& b) const {
        if (a.adjacent != b.adjacent) return b.adjacent;
        if (a.rate != b.rate) return a.rate < b.rate;
        return a.v > b.v;
    }
};

class Balancer {
  public:
    Balancer(const Graph& graph, Partition& partition, const BalanceOptions& options)
        : graph_(graph), part_(partition.part), options_(options),
          limit_(options.limits ? *options.limits
                                : part_weight_limits(graph, partition, options.tolerance)),
          weight_(std::size_t(partition.num_parts), 0),
          connection_(std::size_t(partition.num_parts), 0),
          moved_(std::size_t(graph.num_vertices()), 0) {
        for (VertexId v = 0; v < graph.num_vertices(); ++v)
            weight_[part_[v]] += graph.vertex_weight(v);
    }

    BalanceResult run() {
        for (VertexId v = 0; v < graph_.num_vertices(); ++v) offer(v);
        BalanceResult result;
        while (!queue_.empty()) {
            const Candidate queued = queue_.top();
            queue_.pop();
            if (!overloaded(part_[queued.v]) || moved_[queued.v]) continue;
            const Candidate now = best_move(queued.v);
            if (now.to < 0) continue;
            if (!now.same_move(queued)) { // the parts around it changed since it was queued
                queue_.push(now);
                continue;
            }
            move(now);
            ++result.moves;
            result.detached_moves += !now.adjacent;
            for (VertexId u : graph_.neighbours(now.v)) offer(u);
        }
        for (std::size_t p = 0; p < weight_.size(); ++p)
            result.overload_left += std::max<WeightSum>(0, weight_[p] - limit_[p]);
        return result;
    }

  private:
    bool overloaded(PartId p) const { return weight_[p] > limit_[p]; }
    bool fits(PartId q, Weight w) const { return weight_[q] + w <= limit_[q]; }

    // Queues v's best move if v may still leave an overloaded part.
    void offer(VertexId v) {
        if (moved_[v] || !overloaded(part_[v]) || graph_.vertex_weight(v) <= 0 ||
            (options_.fixed && (*options_.fixed)[v]))
            return;
        const Candidate c = best_move(v);
        if (c.to >= 0) queue_.push(c);
    }

    // Migration gain of moving v from p to q, in cut edge weight.
    double migration_gain(VertexId v, PartId p, PartId q) const {
        if (options_.origin == nullptr) return 0;
        const PartId origin = (*options_.origin)[v];
        return options_.migration_cost * double(graph_.vertex_size(v)) *
               double(int(origin == q) - int(origin == p));
    }

    // v's best move to a neighbouring part with room, else to the roomiest part, detached.
    Candidate best_move(VertexId v) {
        const PartId p = part_[v];
        const Weight w = graph_.vertex_weight(v);
        touched_.clear();
        for (EdgeOffset e = graph_.xadj[v]; e < graph_.xadj[v + 1]; ++e) {
            const PartId q = part_[graph_.adjncy[e]];
            if (connection_[q] == 0) touched_.push_back(q);
            connection_[q] += graph_.edge_weight(e);
        }
        const double own = double(connection_[p]);
        Candidate best;
        for (PartId q : touched_) {
            if (q == p || !fits(q, w)) continue;
            const double rate = (double(connection_[q]) - own + migration_gain(v, p, q)) / w;
            if (best.to < 0 || rate > best.rate || (rate == best.rate && q < best.to))
                best = {true, rate, v, q};
        }
        for (PartId q : touched_) connection_[q] = 0;
        if (best.to >= 0) return best;
        const PartId roomiest = roomiest_part_besides(p);
        if (roomiest < 0 || !fits(roomiest, w)) return best;
        return {false, (-own + migration_gain(v, p, roomiest)) / w, v, roomiest};
    }

    // The part with the most room but p, the lowest on ties; -1 when p is the only part.
    PartId roomiest_part_besides(PartId p) const {
        PartId roomiest = -1;
        for (PartId q = 0; q < PartId(weight_.size()); ++q)
            if (q != p &&
                (roomiest < 0 || limit_[q] - weight_[q] > limit_[roomiest] - weight_[roomiest]))
                roomiest = q;
        return roomiest;
    }

    void move(const Candidate& c) {
        const Weight w = graph_.vertex_weight(c.v);
        weight_[part_[c.v]] -= w;
        weight_[c.to] += w;
        part_[c.v] = c.to;
        moved_[c.v] = 1;
    }

    const Graph& graph_;
    std::vector<PartId>& part_;
    const BalanceOptions& options_;
    std::vector<WeightSum> limit_, weight_, connection_;
    std::vector<char> moved_;
    std::vector<PartId> touched_;
    std::priority_queue<Candidate, std::vector<Candidate>, Worse> queue_; // best on top
};

} // namespace

BalanceResult balance_overloaded_parts(const Graph& graph, Partition& partition,
                                       const BalanceOptions& options) {
    return Balancer(graph, partition, options).run();
}

} // namespace part::refine
