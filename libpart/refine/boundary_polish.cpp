#include "libpart/refine/boundary_polish.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>

#include "libpart/refine/local_connectivity.hpp"

namespace part::refine {

std::vector<WeightSum> part_weight_limits(const Partition& partition, WeightSum total,
                                          double tolerance) {
    std::vector<WeightSum> limit;
    for (PartId p = 0; p < partition.num_parts; ++p)
        limit.push_back(
            WeightSum(std::floor(partition.target(p) * double(total) * (1 + tolerance))));
    return limit;
}

namespace {

struct Move {
    WeightSum gain = 0;
    PartId to = -1;
    bool boundary = true; // false: v has no neighbour in another part
};

// The FM pass's queue: Fiduccia & Mattheyses's gain buckets, one doubly linked list of
// vertices per gain value, so that inserting, removing and re-keying a vertex cost O(1)
// (a binary heap spent most of the pass in its O(log n) pushes and in popping stale
// entries). Lists are LIFO, the choice Hagen, Huang & Kahng ("On implementation choices for
// iterative improvement partitioning algorithms", 1997) found best: the vertex whose gain
// changed last, next to the last move, is tried first among equal gains. Gains beyond
// 2^16 buckets share a bucket (gain >> shift); the pass still moves by the exact gain.
// The lists are linked through nodes: vertex v is node v, node n ends every list, and node
// n + 1 + b heads bucket b.
class GainBuckets {
  public:
    // Room for vertices 0..n-1 with gains in [-max_gain, max_gain].
    void reset(VertexId n, WeightSum max_gain) {
        offset_ = max_gain;
        shift_ = 0;
        while ((2 * max_gain) >> shift_ >= kMaxBuckets) ++shift_;
        end_ = Node(n);
        const std::size_t buckets = std::size_t((2 * max_gain) >> shift_) + 1;
        // Heads start empty; prev_ marks every vertex absent (the end node's entry is written,
        // never read).
        next_.assign(std::size_t(n) + 1 + buckets, end_);
        gain_.assign(std::size_t(n), 0);
        prev_.assign(std::size_t(n) + 1, kAbsent);
        top_ = 0;
        size_ = 0;
    }

    bool empty() const { return size_ == 0; }
    bool contains(VertexId v) const { return prev_[v] != kAbsent; }
    WeightSum gain(VertexId v) const { return gain_[v]; }

    void insert(VertexId v, WeightSum gain) {
        const std::size_t b = bucket(gain);
        const Node head = head_node(b), first = next_[head];
        gain_[v] = gain;
        prev_[v] = head;
        next_[v] = first;
        prev_[first] = Node(v);
        next_[head] = Node(v);
        top_ = std::max(top_, b);
        ++size_;
    }

    void remove(VertexId v) {
        const Node before = prev_[v], after = next_[v];
        next_[before] = after;
        prev_[after] = before;
        prev_[v] = kAbsent;
        --size_;
    }

    // Inserts v, or moves it to the bucket of its new gain if that changed.
    void set(VertexId v, WeightSum gain) {
        if (contains(v)) {
            if (gain_[v] == gain) return;
            remove(v);
        }
        insert(v, gain);
    }

    // A vertex of the highest non-empty bucket (the queue must not be empty).
    VertexId top() {
        while (next_[head_node(top_)] == end_) --top_;
        return VertexId(next_[head_node(top_)]);
    }

    void clear() {
        for (std::size_t b = 0; b <= top_ && size_ > 0; ++b)
            for (Node v = next_[head_node(b)]; v != end_; v = next_[v]) {
                prev_[v] = kAbsent;
                --size_;
            }
        std::fill(next_.begin() + head_node(0), next_.begin() + head_node(top_) + 1, end_);
        top_ = 0;
    }

  private:
    // Up to n + 1 + 2^16 nodes, more than a VertexId holds when n is near its maximum.
    using Node = std::uint32_t;
    static constexpr Node kAbsent = std::numeric_limits<Node>::max(); // prev_ of one not queued
    static constexpr WeightSum kMaxBuckets = WeightSum(1) << 16;

    std::size_t bucket(WeightSum gain) const { return std::size_t((gain + offset_) >> shift_); }
    Node head_node(std::size_t b) const { return Node(end_ + 1 + b); }

    std::vector<Node> next_, prev_;
    std::vector<WeightSum> gain_;
    WeightSum offset_ = 0;
    int shift_ = 0;
    Node end_ = 0;
    std::size_t top_ = 0;
    VertexId size_ = 0;
};

// best_move's sums over one row: per part, and the parts touched (room for the longest row).
struct RowSums {
    std::vector<WeightSum> connection;
    std::vector<PartId> touched;
};

// Candidate lists at least this long are evaluated on all threads (below, starting them costs
// more than it saves).
constexpr std::size_t kParallelCandidates = 4096;

// Gains are integers: a whole migration cost keeps edge weights as they are (1), a fractional
// one counts them in 1/kFractionalScale units, the cost rounded to the nearest such unit.
constexpr WeightSum kFractionalScale = 64;
WeightSum gain_scale(double migration_cost) {
    return migration_cost == std::floor(migration_cost) ? 1 : kFractionalScale;
}

class Polisher {
  public:
    Polisher(const Graph& graph, Partition& partition, double tolerance,
             const PolishOptions& options)
        : graph_(graph), part_(partition.part), origin_(options.origin),
          edge_scale_(gain_scale(options.migration_cost)),
          migration_units_(std::llround(options.migration_cost * double(edge_scale_))),
          connectivity_(graph), weight_(std::size_t(partition.num_parts), 0),
          locked_(options.fixed ? *options.fixed
                                : std::vector<char>(std::size_t(graph.num_vertices()), 0)),
          candidate_(std::size_t(graph.num_vertices()), 0) {
        for (VertexId v = 0; v < graph.num_vertices(); ++v) {
            weight_[part_[v]] += graph.vertex_weight(v);
            longest_ = std::max(longest_, graph.degree(v));
        }
        sums_ = row_sums();
        limit_ = options.limits
                     ? *options.limits
                     : part_weight_limits(
                           partition, std::accumulate(weight_.begin(), weight_.end(), WeightSum(0)),
                           tolerance);
        find_boundary();
        queue_.reset(graph.num_vertices(), gain_bound());
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
        while (!queue_.empty() && log_.size() - best_length < patience) {
            const VertexId v = queue_.top();
            const Move m = best_move(v, sums_);
            if (m.to < 0) {
                queue_.remove(v);
                continue;
            }
            if (m.gain != queue_.gain(v)) { // stale (a part's weight changed): re-key it
                queue_.set(v, m.gain);
                continue;
            }
            queue_.remove(v);
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
        queue_.clear();
        for (const Moved& m : log_) locked_[m.vertex] = 0; // fixed vertices never moved
        while (log_.size() > best_length) {
            move(log_.back().vertex, log_.back().from);
            log_.pop_back();
        }
        // The next pass looks at the boundary only: this pass's candidates (those that left
        // the boundary are dropped as the next pass queues them) and the neighbours of the
        // moves kept. O(boundary) rather than O(n).
        for (const Moved& m : log_) {
            add_if_boundary(m.vertex);
            for (VertexId u : graph_.neighbours(m.vertex)) add_if_boundary(u);
        }
        cut_reduction += best / edge_scale_;
        return VertexId(best_length);
    }

  private:
    struct Moved {
        VertexId vertex;
        PartId from;
    };

    // A bound on the gains for the buckets: a free vertex's weighted degree, plus its size
    // when migration counts.
    WeightSum gain_bound() const {
        WeightSum max_gain = 0;
#pragma omp parallel for schedule(static) reduction(max : max_gain)
        for (VertexId v = 0; v < graph_.num_vertices(); ++v) {
            if (locked_[v]) continue;
            WeightSum degree = 0;
            for (EdgeOffset e = graph_.xadj[v]; e < graph_.xadj[v + 1]; ++e)
                degree += graph_.edge_weight(e);
            degree *= edge_scale_;
            if (origin_ != nullptr) degree += migration_units_ * graph_.vertex_size(v);
            max_gain = std::max(max_gain, degree);
        }
        return max_gain;
    }

    bool on_boundary(VertexId v) const {
        for (VertexId u : graph_.neighbours(v))
            if (part_[u] != part_[v]) return true;
        return false;
    }

    // The free boundary vertices as candidates, in increasing order.
    void find_boundary() {
        const VertexId n = graph_.num_vertices();
#pragma omp parallel for schedule(static)
        for (VertexId v = 0; v < n; ++v) candidate_[v] = !locked_[v] && on_boundary(v);
        for (VertexId v = 0; v < n; ++v)
            if (candidate_[v]) candidates_.push_back(v);
    }

    RowSums row_sums() const {
        return {std::vector<WeightSum>(weight_.size(), 0), std::vector<PartId>(longest_)};
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

    // Queues every candidate with a feasible move and drops those no longer on the boundary.
    // Inserted last to first, so that the LIFO buckets offer equal gains in candidate order
    // (the lowest vertex first in the first pass, as a heap ordered by (gain, -v) did: of
    // the orders tried, it gave the best cuts over the issue 5 benchmark).
    // The candidates' moves are found on all threads: each reads the partition and writes
    // only its own sums and moves entries.
    void queue_candidates() {
        const auto count = std::ptrdiff_t(candidates_.size());
        std::vector<Move> moves(candidates_.size());
#pragma omp parallel if (candidates_.size() >= kParallelCandidates)
        {
            RowSums sums = row_sums();
#pragma omp for schedule(static)
            for (std::ptrdiff_t i = 0; i < count; ++i) moves[i] = best_move(candidates_[i], sums);
        }
        std::size_t kept = 0;
        for (std::size_t i = 0; i < candidates_.size(); ++i) {
            const VertexId v = candidates_[i];
            if (!moves[i].boundary) {
                candidate_[v] = 0;
                continue;
            }
            candidates_[kept] = v;
            moves[kept++] = moves[i];
        }
        candidates_.resize(kept);
        for (std::size_t i = kept; i-- > 0;)
            if (moves[i].to >= 0) queue_.insert(candidates_[i], moves[i].gain);
    }

    // Re-keys v by the gain of its best feasible move; drops it when it has none.
    void consider(VertexId v) {
        if (locked_[v]) return;
        const Move m = best_move(v, sums_);
        if (m.to >= 0)
            queue_.set(v, m.gain);
        else if (queue_.contains(v))
            queue_.remove(v);
    }

    // v's best feasible move: the most edge weight to the receiver, net of v's edges in its
    // own part (and of the migration term); ties go to the lowest part.
    Move best_move(VertexId v, RowSums& sums) const {
        const PartId home = part_[v];
        const Weight w = graph_.vertex_weight(v);
        Move best;
        if (w >= weight_[home]) return best;
        // A part is listed when its sum is 0 (again, if edges of weight 0 leave it so).
        std::size_t touched = 0;
        WeightSum internal = 0;
        for (EdgeOffset e = graph_.xadj[v]; e < graph_.xadj[v + 1]; ++e) {
            const PartId p = part_[graph_.adjncy[e]];
            if (p == home) {
                internal += graph_.edge_weight(e);
                continue;
            }
            if (sums.connection[p] == 0) sums.touched[touched++] = p;
            sums.connection[p] += graph_.edge_weight(e);
        }
        // Migration: leaving the origin costs the vertex's size, going back to it gains it.
        const PartId origin = origin_ != nullptr ? (*origin_)[v] : -1;
        const WeightSum migration =
            origin_ != nullptr ? migration_units_ * graph_.vertex_size(v) : 0;
        for (std::size_t i = 0; i < touched; ++i) {
            const PartId p = sums.touched[i];
            const WeightSum gain = edge_scale_ * (sums.connection[p] - internal) -
                                   (origin == home ? migration : 0) + (origin == p ? migration : 0);
            if (weight_[p] + w <= limit_[p] &&
                (best.to < 0 || gain > best.gain || (gain == best.gain && p < best.to)))
                best = {gain, p};
            sums.connection[p] = 0;
        }
        best.boundary = touched > 0;
        return best;
    }

    const Graph& graph_;
    std::vector<PartId>& part_;
    const std::vector<PartId>* origin_;
    // Gains count edge weight x edge_scale_ and size x migration_units_: with a fractional
    // migration cost, in 1/kFractionalScale of an edge, so that the gains stay integers.
    WeightSum edge_scale_, migration_units_;
    LocalConnectivity connectivity_;
    std::vector<WeightSum> weight_, limit_;
    VertexId longest_ = 0;        // the longest row
    RowSums sums_;                // best_move's, for the moves of the pass
    std::vector<char> locked_;    // fixed, or moved in the current pass
    std::vector<char> candidate_; // in candidates_
    std::vector<VertexId> candidates_;
    std::vector<Moved> log_;
    GainBuckets queue_;
};

} // namespace

std::vector<WeightSum> part_weight_limits(const Graph& graph, const Partition& partition,
                                          double tolerance) {
    return part_weight_limits(partition, graph.total_vertex_weight()[0], tolerance);
}

PolishResult polish_boundary(const Graph& graph, Partition& partition, double tolerance,
                             const PolishOptions& options) {
    Polisher polisher(graph, partition, tolerance, options);
    PolishResult result;
    while (result.passes < options.max_passes) { // until a pass keeps no move
        ++result.passes;
        const VertexId moves = polisher.pass(result.cut_reduction);
        result.moves += moves;
        if (moves == 0) break;
    }
    return result;
}

} // namespace part::refine
