#include "libpart/gde/workload_adjuster.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>

#include "libpart/refine/local_connectivity.hpp"

namespace part::gde {

namespace {

struct Candidate {
    Weight weight; // heavier first (0 for all when the gain decides alone)
    WeightSum gain;
    double tie; // smaller first
    VertexId vertex;
    friend bool operator==(const Candidate&, const Candidate&) = default;
};

// Whether a comes after b: a strict total order, since no two candidates share a vertex. A
// function object, which the heap algorithms inline (a function pointer they call).
constexpr auto comes_after = [](const Candidate& a, const Candidate& b) {
    if (a.weight != b.weight) return a.weight < b.weight;
    if (a.gain != b.gain) return a.gain < b.gain;
    if (a.tie != b.tie) return a.tie > b.tie;
    return a.vertex > b.vertex;
};

// A max-heap of candidates with lazy deletion holding one current candidate per vertex:
// queuing a vertex again replaces its candidate, and entries replaced or popped are dropped
// when they surface. An entry is current while it carries its vertex's latest stamp (a count
// per vertex of pushes and pops), which keeps four bytes per vertex instead of a copy of each
// current candidate. The order is total, so the pops do not depend on the stale entries.
class CandidateHeap {
  public:
    explicit CandidateHeap(VertexId num_vertices) : stamp_(std::size_t(num_vertices), 0) {}

    void clear() { heap_.clear(); }
    bool empty() {
        drop_stale();
        return heap_.empty();
    }
    void push(const Candidate& c) {
        heap_.push_back({c, ++stamp_[c.vertex]});
        std::push_heap(heap_.begin(), heap_.end(), comes_after_entry);
    }
    Candidate pop() {
        drop_stale();
        std::pop_heap(heap_.begin(), heap_.end(), comes_after_entry);
        const Candidate top = heap_.back().candidate;
        heap_.pop_back();
        ++stamp_[top.vertex]; // its other entries are stale now
        return top;
    }

  private:
    struct Entry {
        Candidate candidate;
        std::uint32_t stamp;
    };
    static bool comes_after_entry(const Entry& a, const Entry& b) {
        return comes_after(a.candidate, b.candidate);
    }
    void drop_stale() {
        while (!heap_.empty() && heap_.front().stamp != stamp_[heap_.front().candidate.vertex]) {
            std::pop_heap(heap_.begin(), heap_.end(), comes_after_entry);
            heap_.pop_back();
        }
    }

    std::vector<Entry> heap_;
    std::vector<std::uint32_t> stamp_; // per vertex
};

// The centroid of each part (num_parts x dim), each sum taken in vertex order.
std::vector<double> part_centroids(const Graph& graph, const std::vector<PartId>& part,
                                   PartId num_parts) {
    const int dim = graph.coords.dim;
    std::vector<double> centroid(std::size_t(num_parts) * dim, 0.0);
    std::vector<VertexId> count(std::size_t(num_parts), 0);
    for (VertexId v = 0; v < graph.num_vertices(); ++v) {
        for (int a = 0; a < dim; ++a)
            centroid[std::size_t(part[v]) * dim + a] += graph.coords.at(v, a);
        ++count[part[v]];
    }
    for (PartId p = 0; p < num_parts; ++p)
        for (int a = 0; a < dim; ++a)
            if (count[p] > 0) centroid[std::size_t(p) * dim + a] /= double(count[p]);
    return centroid;
}

} // namespace

class WorkloadAdjuster::State {
  public:
    State(const Graph& graph, std::vector<PartId>& part, PartId num_parts, bool heaviest_first,
          std::vector<char> border)
        : graph_(graph), part_(part), num_parts_(num_parts), heaviest_first_(heaviest_first),
          connectivity_(graph), weight_(std::size_t(num_parts), 0), listed_(std::move(border)),
          border_(std::size_t(num_parts)), interior_(std::size_t(num_parts)),
          arrivals_(std::size_t(num_parts)), heap_(graph.num_vertices()),
          moved_mark_(std::size_t(graph.num_vertices()), 0) {
        for (VertexId v = 0; v < graph.num_vertices(); ++v)
            weight_[part[v]] += graph.vertex_weight(v);
        if (listed_.empty()) {
            listed_.resize(std::size_t(graph.num_vertices()));
            for (VertexId v = 0; v < graph.num_vertices(); ++v) listed_[v] = touches_other(v);
        }
    }

    std::vector<Transfer> adjust(const Graph& quotient, const std::vector<WeightSum>& outflow,
                                 const std::vector<PartId>& order,
                                 const std::vector<PartFlow>& direct) {
        start_round();
        std::vector<Transfer> transfers;
        std::vector<std::pair<Weight, EdgeOffset>> sends;
        for (PartId from : order) {
            // Shortest borders first: a long transfer moves the border and could swallow a
            // short one to another part before it is served.
            sends.clear();
            for (EdgeOffset e = quotient.xadj[from]; e < quotient.xadj[from + 1]; ++e)
                if (outflow[e] > 0) sends.emplace_back(quotient.edge_weight(e), e);
            std::sort(sends.begin(), sends.end());
            for (auto [border, e] : sends)
                transfers.push_back(send(from, quotient.adjncy[e], outflow[e]));
        }
        for (const PartFlow& f : direct) transfers.push_back(send(f.from, f.to, f.amount, true));
        return transfers;
    }

    const std::vector<WeightSum>& part_weights() const { return weight_; }
    const std::vector<VertexId>& moved() const { return moved_; }

  private:
    // What a fresh adjuster would know about the partition as it is now. The vertices that
    // can border another part are those listed so far (the border when the adjuster began,
    // and every vertex next to a move since): a superset of today's border whose extra
    // members have no neighbour in another part, so no transfer seeds them and the seeds
    // come out as from today's border. The centroids are those of the partition now.
    void start_round() {
        if (graph_.coords.dim > 0) centroid_ = part_centroids(graph_, part_, num_parts_);
        for (auto& list : border_) list.clear();
        for (VertexId v = 0; v < graph_.num_vertices(); ++v)
            if (listed_[v]) border_[part_[v]].push_back(v);
        for (auto& list : interior_) list.clear();
        for (auto& list : arrivals_) list.clear();
        for (VertexId v : moved_) moved_mark_[v] = 0;
        moved_.clear();
    }

    // `direct`: no border joins the two parts, so start a region for `to` if none touches it.
    Transfer send(PartId from, PartId to, WeightSum amount, bool direct = false) {
        Transfer t{from, to, amount, 0, 0};
        heap_.clear();
        sequence_ = 0;
        const std::vector<VertexId>& seeds = candidates(from);
        for (VertexId v : seeds)
            if (part_[v] == from) {
                const auto [gain, touches_to] = move_gain(v, from, to);
                if (touches_to) queue(v, gain, to);
            }
        if (direct && heap_.empty()) // no border with `to`: start from the border of `from`
            for (VertexId v : seeds)
                if (part_[v] == from && touches_other(v)) push(v, from, to);
        WeightSum remaining = amount;
        while (remaining > 0 && !heap_.empty()) {
            const VertexId v = heap_.pop().vertex;
            const Weight w = graph_.vertex_weight(v);
            if (w > remaining || w >= weight_[from] || connectivity_.would_disconnect(part_, v))
                continue;
            part_[v] = to;
            arrivals_[to].push_back(v);
            if (!moved_mark_[v]) { // listed once, however often it moves
                moved_mark_[v] = 1;
                moved_.push_back(v);
            }
            weight_[from] -= w;
            weight_[to] += w;
            remaining -= w;
            t.moved_weight += w;
            ++t.moved_vertices;
            // Its interior neighbours may border another part now. Such a neighbour has not
            // moved (only listed vertices are seeded), so its part is its first. Its neighbours
            // left in `from` are queued again with their new gain.
            for (VertexId u : graph_.neighbours(v)) {
                if (!listed_[u]) {
                    listed_[u] = 1;
                    interior_[part_[u]].push_back(u);
                }
                if (part_[u] == from) push(u, from, to);
            }
        }
        return t;
    }

    // The vertices that were in `part` at the start of the round and may border another part
    // now, in vertex order (as a scan of the whole part would meet them), then the round's
    // arrivals in arrival order.
    const std::vector<VertexId>& candidates(PartId part) {
        std::vector<VertexId>& interior = interior_[part];
        std::sort(interior.begin(), interior.end());
        candidates_.clear();
        std::merge(border_[part].begin(), border_[part].end(), interior.begin(), interior.end(),
                   std::back_inserter(candidates_));
        candidates_.insert(candidates_.end(), arrivals_[part].begin(), arrivals_[part].end());
        return candidates_;
    }

    bool touches_other(VertexId v) const {
        for (VertexId u : graph_.neighbours(v))
            if (part_[u] != part_[v]) return true;
        return false;
    }

    // The cut reduction of moving v from `from` to `to`, and whether v has a neighbour in `to`.
    std::pair<WeightSum, bool> move_gain(VertexId v, PartId from, PartId to) const {
        WeightSum gain = 0;
        bool touches_to = false;
        for (EdgeOffset e = graph_.xadj[v]; e < graph_.xadj[v + 1]; ++e) {
            const PartId p = part_[graph_.adjncy[e]];
            if (p == to) {
                gain += graph_.edge_weight(e);
                touches_to = true;
            } else if (p == from) {
                gain -= graph_.edge_weight(e);
            }
        }
        return {gain, touches_to};
    }

    void push(VertexId v, PartId from, PartId to) { queue(v, move_gain(v, from, to).first, to); }

    void queue(VertexId v, WeightSum gain, PartId to) {
        const Weight weight = heaviest_first_ ? graph_.vertex_weight(v) : 0;
        heap_.push({weight, gain, tie(v, to), v});
    }

    double tie(VertexId v, PartId to) {
        if (centroid_.empty()) return double(sequence_++);
        const int dim = graph_.coords.dim;
        double d2 = 0;
        for (int a = 0; a < dim; ++a) {
            const double d = graph_.coords.at(v, a) - centroid_[std::size_t(to) * dim + a];
            d2 += d * d;
        }
        return d2;
    }

    const Graph& graph_;
    std::vector<PartId>& part_;
    PartId num_parts_;
    bool heaviest_first_;
    refine::LocalConnectivity connectivity_;
    std::vector<WeightSum> weight_; // constraint 0, per part
    std::vector<double> centroid_;  // per part, of the round's start (empty without coordinates)
    std::vector<char> listed_;      // in border_ or interior_ (ever, since the adjuster began)
    std::vector<std::vector<VertexId>> border_;   // listed when the round started, by part
    std::vector<std::vector<VertexId>> interior_; // listed since, by part
    std::vector<std::vector<VertexId>> arrivals_; // moved in this round, by receiving part
    std::vector<VertexId> candidates_;
    CandidateHeap heap_;
    // The round's moved vertices, each once, in the order of their first move, and a mark per
    // vertex listed.
    std::vector<VertexId> moved_;
    std::vector<char> moved_mark_;
    std::uint64_t sequence_ = 0;
};

WorkloadAdjuster::WorkloadAdjuster(const Graph& graph, std::vector<PartId>& part, PartId num_parts,
                                   bool heaviest_first, std::vector<char> border)
    : state_(std::make_unique<State>(graph, part, num_parts, heaviest_first, std::move(border))) {}

WorkloadAdjuster::~WorkloadAdjuster() = default;

std::vector<Transfer> WorkloadAdjuster::adjust(const Graph& quotient,
                                               const std::vector<WeightSum>& outflow,
                                               const std::vector<PartId>& order,
                                               const std::vector<PartFlow>& direct) {
    return state_->adjust(quotient, outflow, order, direct);
}

const std::vector<WeightSum>& WorkloadAdjuster::part_weights() const {
    return state_->part_weights();
}

const std::vector<VertexId>& WorkloadAdjuster::moved() const {
    return state_->moved();
}

std::vector<Transfer> adjust_workload(const Graph& graph, std::vector<PartId>& part,
                                      PartId num_parts, const Graph& quotient,
                                      const std::vector<WeightSum>& outflow,
                                      const std::vector<PartId>& order,
                                      const std::vector<PartFlow>& direct, bool heaviest_first) {
    return WorkloadAdjuster(graph, part, num_parts, heaviest_first)
        .adjust(quotient, outflow, order, direct);
}

} // namespace part::gde
