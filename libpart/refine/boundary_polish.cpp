#include "libpart/refine/boundary_polish.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <numeric>

#include "libpart/refine/local_connectivity.hpp"

namespace part::refine {

namespace {

// The most each part may weigh: (1 + tolerance) x its target share of `total`.
std::vector<WeightSum> weight_limits(const Partition& partition, WeightSum total,
                                     double tolerance) {
    std::vector<WeightSum> limit;
    for (PartId p = 0; p < partition.num_parts; ++p)
        limit.push_back(
            WeightSum(std::floor(partition.target(p) * double(total) * (1 + tolerance))));
    return limit;
}

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
// n + 1 + b heads bucket b, so that linking and unlinking take no branch (they mispredicted
// as often as a list was empty or a vertex first in its list).
class GainBuckets {
  public:
    // Room for vertices 0..n-1 with gains in [-max_gain, max_gain].
    void reset(VertexId n, WeightSum max_gain) {
        offset_ = max_gain;
        shift_ = 0;
        while ((2 * max_gain) >> shift_ >= kMaxBuckets) ++shift_;
        end_ = Node(n);
        const std::size_t buckets = std::size_t((2 * max_gain) >> shift_) + 1;
        // A vertex's next_ and gain_ are read only while it is queued, and insert() sets them:
        // left uninitialised, as zero-filling them on every level's band cost more than its
        // passes. Heads start empty; prev_ marks every vertex absent (the end node's entry is
        // written, never read).
        const std::size_t nodes = std::size_t(n) + 1 + buckets;
        next_ = std::make_unique_for_overwrite<Node[]>(nodes);
        std::fill(next_.get() + n + 1, next_.get() + nodes, end_);
        gain_ = std::make_unique_for_overwrite<WeightSum[]>(std::size_t(n));
        prev_.assign(std::size_t(n) + 1, kAbsent);
        top_ = 0;
        size_ = 0;
    }

    // True when gains in [-max_gain, max_gain] get a bucket each: the queue then orders
    // vertices by exact gain (LIFO among equals) whatever bound reset() was given, as long
    // as it holds every gain.
    static bool one_bucket_per_gain(WeightSum max_gain) { return 2 * max_gain < kMaxBuckets; }

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
        std::fill(next_.get() + head_node(0), next_.get() + head_node(top_) + 1, end_);
        top_ = 0;
    }

  private:
    // Up to n + 1 + 2^16 nodes, more than a VertexId holds when n is near its maximum.
    using Node = std::uint32_t;
    static constexpr Node kAbsent = std::numeric_limits<Node>::max(); // prev_ of one not queued
    static constexpr WeightSum kMaxBuckets = WeightSum(1) << 16;

    std::size_t bucket(WeightSum gain) const { return std::size_t((gain + offset_) >> shift_); }
    Node head_node(std::size_t b) const { return Node(end_ + 1 + b); }

    std::unique_ptr<Node[]> next_;
    std::vector<Node> prev_;
    std::unique_ptr<WeightSum[]> gain_;
    WeightSum offset_ = 0;
    int shift_ = 0;
    Node end_ = 0;
    std::size_t top_ = 0;
    VertexId size_ = 0;
};

class Polisher {
  public:
    // With `carry`, the boundary (and the part weights, if it has them) come from it.
    Polisher(const Graph& graph, Partition& partition, double tolerance,
             const PolishOptions& options, PolishCarry* carry = nullptr)
        : graph_(graph), part_(partition.part), origin_(options.origin),
          migration_weight_(options.migration_weight), connectivity_(graph),
          weight_(std::size_t(partition.num_parts), 0),
          connection_(std::size_t(partition.num_parts), 0),
          locked_(options.fixed ? *options.fixed
                                : std::vector<char>(std::size_t(graph.num_vertices()), 0)),
          changed_(std::size_t(graph.num_vertices()), 1) {
        if (carry != nullptr && !carry->part_weights.empty())
            weight_.swap(carry->part_weights);
        else
            weigh_parts();
        limit_ = weight_limits(
            partition, std::accumulate(weight_.begin(), weight_.end(), WeightSum(0)), tolerance);
        if (carry != nullptr) {
            candidate_.swap(carry->candidate);
            if (candidate_.size() < std::size_t(graph.num_vertices())) // unknown: candidates
                candidate_.resize(std::size_t(graph.num_vertices()), 1);
            take_boundary();
        } else {
            candidate_.assign(std::size_t(graph.num_vertices()), 0);
            find_boundary();
        }
        queue_.reset(graph.num_vertices(), gain_bound());
        keyed_to_ = std::make_unique_for_overwrite<PartId[]>(std::size_t(graph.num_vertices()));
        keyed_after_ =
            std::make_unique_for_overwrite<VertexId[]>(std::size_t(graph.num_vertices()));
    }

    // Hands the candidate marks (a superset of the free boundary: see pass()) and the part
    // weights to `carry`.
    void hand_over(PolishCarry& carry) {
        carry.candidate.swap(candidate_);
        carry.part_weights.swap(weight_);
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
            const Move m = current_move(v);
            if (m.to < 0) {
                queue_.remove(v);
                continue;
            }
            if (m.gain != queue_.gain(v)) { // stale (a part's weight changed): re-key it
                key(v, m);
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
            changed_[m.vertex] = 1;
            add_if_boundary(m.vertex);
            for (VertexId u : graph_.neighbours(m.vertex)) {
                changed_[u] = 1;
                add_if_boundary(u);
            }
        }
        cut_reduction += best;
        return VertexId(best_length);
    }

  private:
    struct Moved {
        VertexId vertex;
        PartId from;
    };

    // weight_: each part's weight (constraint 0), in one sweep over the vertices.
    void weigh_parts() {
        const PartId* part = part_.data();
        const VertexId n = graph_.num_vertices();
        if (!graph_.has_vertex_weights()) {
            for (VertexId v = 0; v < n; ++v) ++weight_[part[v]];
            return;
        }
        const Weight* vwgt = graph_.vwgt.data();
        const std::size_t ncon = std::size_t(graph_.num_constraints());
        for (VertexId v = 0; v < n; ++v) weight_[part[v]] += vwgt[std::size_t(v) * ncon];
    }

    // True when v has a neighbour outside `home`, its part. Raw arrays: through the vectors,
    // the compiler reloaded their data on every edge.
    static bool leaves(const EdgeOffset* xadj, const VertexId* adjncy, const PartId* part,
                       VertexId v) {
        const PartId home = part[v];
        EdgeOffset e = xadj[v];
        const EdgeOffset end = xadj[v + 1];
        while (e < end && part[adjncy[e]] == home) ++e;
        return e < end;
    }

    // One sweep over the free vertices lists the boundary ones as candidates and makes room
    // in touched_ for the longest row.
    void find_boundary() {
        const EdgeOffset* xadj = graph_.xadj.data();
        const VertexId* adjncy = graph_.adjncy.data();
        const PartId* part = part_.data();
        const char* locked = locked_.data();
        EdgeOffset longest = 0;
        for (VertexId v = 0; v < graph_.num_vertices(); ++v) {
            if (locked[v]) continue;
            longest = std::max(longest, xadj[v + 1] - xadj[v]);
            if (leaves(xadj, adjncy, part, v)) {
                candidate_[v] = 1;
                candidates_.push_back(v);
            }
        }
        touched_.resize(std::size_t(longest));
    }

    // find_boundary's candidates out of those marked in candidate_ (at least every free
    // boundary vertex): the same list, in the same (increasing) order, which is the queue's
    // order among equal gains, with only the marked vertices' rows read.
    void take_boundary() {
        const EdgeOffset* xadj = graph_.xadj.data();
        const VertexId* adjncy = graph_.adjncy.data();
        const PartId* part = part_.data();
        const char* locked = locked_.data();
        char* candidate = candidate_.data();
        const VertexId n = graph_.num_vertices();
        VertexId longest = 0; // a loop of its own, without branches, vectorises
        for (VertexId v = 0; v < n; ++v)
            longest = std::max(longest, locked[v] ? 0 : VertexId(xadj[v + 1] - xadj[v]));
        touched_.resize(std::size_t(longest));
        // Without branches on the marks (scattered, they mispredicted): the free marked
        // vertices listed first, then kept if on the boundary, a mark cleared otherwise.
        candidates_.resize(std::size_t(n));
        VertexId* listed = candidates_.data();
        VertexId marked = 0;
        for (VertexId v = 0; v < n; ++v) {
            const bool free_mark = (candidate[v] != 0) & (locked[v] == 0);
            candidate[v] = char(candidate[v] * free_mark);
            listed[marked] = v;
            marked += free_mark;
        }
        VertexId kept = 0;
        for (VertexId i = 0; i < marked; ++i) {
            const VertexId v = listed[i];
            const bool boundary = leaves(xadj, adjncy, part, v);
            listed[kept] = v;
            kept += boundary;
            candidate[v] = char(candidate[v] * boundary);
        }
        candidates_.resize(std::size_t(kept));
    }

    // A bound on the gains for the buckets: a gain is at most the vertex's weighted degree,
    // plus its size when migration counts. While the buckets hold one gain each, any bound
    // orders the queue the same, so the longest free row times the heaviest edge will do: one
    // flat scan of the edge weights instead of a sum per row. Past that (or with migration,
    // or a negative weight), buckets share ranges of gains that depend on the bound itself:
    // the exact maximum, summed row by row.
    WeightSum gain_bound() const {
        const Weight* adjwgt = graph_.adjwgt.data();
        const std::size_t entries = graph_.adjwgt.size();
        const WeightSum longest = WeightSum(touched_.size());
        if (origin_ == nullptr) {
            if (!graph_.has_edge_weights()) return longest;
            // Any negative weight shows in the sign bit of their OR: cheaper than a minimum.
            Weight heaviest = 0, signs = 0;
            for (std::size_t e = 0; e < entries; ++e) {
                heaviest = std::max(heaviest, adjwgt[e]);
                signs |= adjwgt[e];
            }
            if (signs >= 0 && GainBuckets::one_bucket_per_gain(longest * heaviest))
                return longest * heaviest;
        }
        const EdgeOffset* xadj = graph_.xadj.data();
        const char* locked = locked_.data();
        WeightSum max_gain = 0;
        for (VertexId v = 0; v < graph_.num_vertices(); ++v) {
            if (locked[v]) continue;
            WeightSum degree = xadj[v + 1] - xadj[v];
            if (adjwgt != nullptr && entries > 0) {
                degree = 0;
                for (EdgeOffset e = xadj[v]; e < xadj[v + 1]; ++e) degree += adjwgt[e];
            }
            if (origin_ != nullptr) degree += migration_weight_ * graph_.vertex_size(v);
            max_gain = std::max(max_gain, degree);
        }
        return max_gain;
    }

    bool on_boundary(VertexId v) const {
        for (VertexId u : graph_.neighbours(v))
            if (part_[u] != part_[v]) return true;
        return false;
    }

    void add_if_boundary(VertexId v) {
        if (candidate_[v] || locked_[v] || !on_boundary(v)) return;
        candidate_[v] = 1;
        changed_[v] = 1; // no known move yet
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
    // A candidate's best move to any part (known_) is found again only when it or a neighbour
    // moved since (changed_): the moves a pass undid left the parts as they were, and the
    // part weights that the kept moves changed only decide whether that part has room.
    void queue_candidates() {
        std::size_t kept = 0;
        queued_.clear();
        known_.resize(candidates_.size()); // the entries of candidates added since: changed_
        for (std::size_t i = 0; i < candidates_.size(); ++i) {
            const VertexId v = candidates_[i];
            Move known = known_[i];
            if (changed_[v]) {
                known = best_move(v, /*room_needed=*/false);
                changed_[v] = 0;
            }
            const Move m = best_move_with_room(v, known);
            if (!m.boundary) {
                candidate_[v] = 0;
                continue;
            }
            candidates_[kept] = v;
            known_[kept++] = known;
            queued_.push_back(m);
        }
        candidates_.resize(kept);
        known_.resize(kept);
        for (std::size_t i = kept; i-- > 0;)
            if (queued_[i].to >= 0) {
                queue_.insert(candidates_[i], queued_[i].gain);
                note_key(candidates_[i], queued_[i]);
            }
    }

    // Queues (or re-keys) v by m's gain, noting the move and when it was found.
    void key(VertexId v, const Move& m) {
        queue_.set(v, m.gain);
        note_key(v, m);
    }

    void note_key(VertexId v, const Move& m) {
        keyed_to_[v] = m.to;
        keyed_after_[v] = VertexId(log_.size());
    }

    // best_move(v) for a queued vertex: the move noted when it was keyed if no vertex moved
    // since (parts and part weights are then as they were), which is the case of most
    // vertices popped right after their neighbour's move.
    Move current_move(VertexId v) {
        if (keyed_after_[v] == VertexId(log_.size())) return {queue_.gain(v), keyed_to_[v]};
        return best_move(v);
    }

    // Re-keys v by the gain of its best feasible move; drops it when it has none.
    void consider(VertexId v) {
        if (locked_[v]) return;
        const Move m = best_move(v);
        if (m.to >= 0)
            key(v, m);
        else if (queue_.contains(v))
            queue_.remove(v);
    }

    // v's best move given `known`, its best move to any part (best_move(v, false)) in the
    // partition as it is: best_move(v), without reading v's row again unless the part of
    // `known` has no room now.
    Move best_move_with_room(VertexId v, const Move& known) {
        const Weight w = graph_.vertex_weight(v);
        if (w >= weight_[part_[v]]) return {};
        if (known.to < 0 || weight_[known.to] + w <= limit_[known.to]) return known;
        return best_move(v);
    }

    // v's best feasible move: the most edge weight to the receiver, net of v's edges in its
    // own part (and of the migration term); ties go to the lowest part. Raw arrays, as in
    // find_boundary: this runs for every candidate of every pass. With `room_needed` false,
    // its best move to any neighbouring part, room or not.
    Move best_move(VertexId v, bool room_needed = true) {
        const PartId* part = part_.data();
        const PartId home = part[v];
        const Weight w = graph_.vertex_weight(v);
        Move best;
        if (room_needed && w >= weight_[home]) return best;
        WeightSum* connection = connection_.data();
        PartId* const touched = touched_.data(); // room for v's row: see find_boundary
        PartId* last = touched;
        // Without branches on the neighbour's part (they mispredicted often on the boundary):
        // every edge adds to its part's sum, v's own part's too, and a part is listed when its
        // sum was 0 (twice if an edge weighs 0, as before). Home's sum starts at kHome, which
        // no row's weights bring back to 0 (fewer than 2^31 entries of at most 2^31 each), so
        // home is never listed.
        connection[home] = kHome;
        const auto tally = [&](auto weight_of) {
            const VertexId* adjncy = graph_.adjncy.data();
            for (EdgeOffset e = graph_.xadj[v], end = graph_.xadj[v + 1]; e < end; ++e) {
                const PartId p = part[adjncy[e]];
                const WeightSum sum = connection[p];
                *last = p;
                last += sum == 0;
                connection[p] = sum + weight_of(e);
            }
        };
        if (graph_.has_edge_weights())
            tally([adjwgt = graph_.adjwgt.data()](EdgeOffset e) { return WeightSum(adjwgt[e]); });
        else
            tally([](EdgeOffset) { return WeightSum(1); });
        const WeightSum internal = connection[home] - kHome;
        connection[home] = 0;
        // Migration: leaving the origin costs the vertex's size, going back to it gains it.
        const PartId origin = origin_ != nullptr ? (*origin_)[v] : -1;
        const WeightSum migration =
            origin_ != nullptr ? migration_weight_ * graph_.vertex_size(v) : 0;
        const WeightSum* weight = weight_.data();
        const WeightSum* limit = limit_.data();
        for (const PartId* t = touched; t < last; ++t) {
            const PartId p = *t;
            const WeightSum gain = connection[p] - internal - (origin == home ? migration : 0) +
                                   (origin == p ? migration : 0);
            if ((!room_needed || weight[p] + w <= limit[p]) &&
                (best.to < 0 || gain > best.gain || (gain == best.gain && p < best.to)))
                best = {gain, p};
            connection[p] = 0;
        }
        best.boundary = last != touched;
        return best;
    }

    static constexpr WeightSum kHome = WeightSum(1) << 62; // see best_move

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
    std::vector<Move> queued_; // best move of each candidate, while queueing
    std::vector<Move> known_; // of each candidate: its best move to any part (see queue_candidates)
    std::vector<char> changed_; // v or a neighbour moved since known_ was found, or none was
    GainBuckets queue_;
    // Of each queued vertex: the receiver of its best move and the moves of the pass made
    // when it was found (read only for queued vertices, which key() sets: left uninitialised).
    std::unique_ptr<PartId[]> keyed_to_;
    std::unique_ptr<VertexId[]> keyed_after_;
};

} // namespace

std::vector<WeightSum> part_weight_limits(const Graph& graph, const Partition& partition,
                                          double tolerance) {
    return weight_limits(partition, graph.total_vertex_weight()[0], tolerance);
}

namespace {

// Passes until one keeps no move, or options.max_passes.
PolishResult run_passes(Polisher& polisher, const PolishOptions& options) {
    PolishResult result;
    while (result.passes < options.max_passes) {
        ++result.passes;
        const VertexId moves = polisher.pass(result.cut_reduction);
        result.moves += moves;
        if (moves == 0) break;
    }
    return result;
}

} // namespace

PolishResult polish_boundary(const Graph& graph, Partition& partition, double tolerance,
                             const PolishOptions& options) {
    Polisher polisher(graph, partition, tolerance, options);
    return run_passes(polisher, options);
}

PolishResult polish_boundary(const Graph& graph, Partition& partition, double tolerance,
                             const PolishOptions& options, PolishCarry& carry) {
    Polisher polisher(graph, partition, tolerance, options, &carry);
    const PolishResult result = run_passes(polisher, options);
    polisher.hand_over(carry);
    return result;
}

} // namespace part::refine
