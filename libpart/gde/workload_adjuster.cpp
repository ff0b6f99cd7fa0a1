#include "libpart/gde/workload_adjuster.hpp"

#include <algorithm>
#include <cstdint>

#include "libpart/refine/local_connectivity.hpp"

namespace part::gde {

namespace {

struct Candidate {
    Weight weight; // heavier first (0 for all when the gain decides alone)
    WeightSum gain;
    double tie; // smaller first
    VertexId vertex;
};

// Whether a comes after b: a strict total order, since no two candidates share a vertex.
bool comes_after(const Candidate& a, const Candidate& b) {
    if (a.weight != b.weight) return a.weight < b.weight;
    if (a.gain != b.gain) return a.gain < b.gain;
    if (a.tie != b.tie) return a.tie > b.tie;
    return a.vertex > b.vertex;
}

// A binary max-heap of candidates holding at most one per vertex: queuing a vertex already
// in it replaces its candidate. A heap with lazy deletion (as this adjuster had) kept old entries
// and skipped them when they surfaced; since the order is total, the first current entry
// it popped is the first this heap pops, without the stale ones' sifting.
class CandidateHeap {
  public:
    explicit CandidateHeap(VertexId num_vertices)
        : position_(std::make_unique_for_overwrite<std::uint32_t[]>(std::size_t(num_vertices))) {}

    // Must be called once per vertex before the heap is used (its slot holds garbage).
    void forget(VertexId v) { position_[v] = 0; }
    // The candidate queued for v, or null.
    const Candidate* find(VertexId v) const {
        const std::uint32_t i = position_[v];
        return i < heap_.size() && heap_[i].vertex == v ? &heap_[i] : nullptr;
    }
    void clear() { heap_.clear(); }
    bool empty() const { return heap_.empty(); }

    void push(const Candidate& c) {
        const std::uint32_t i = position_[c.vertex];
        if (i < heap_.size() && heap_[i].vertex == c.vertex) { // replace its candidate
            const bool rises = comes_after(heap_[i], c);
            heap_[i] = c;
            if (rises)
                sift_up(i);
            else
                sift_down(i);
            return;
        }
        heap_.push_back(c);
        sift_up(std::uint32_t(heap_.size() - 1));
    }

    Candidate pop() {
        const Candidate top = heap_.front();
        const Candidate last = heap_.back();
        heap_.pop_back();
        if (!heap_.empty()) {
            heap_.front() = last;
            sift_down(0);
        }
        return top;
    }

  private:
    void sift_up(std::uint32_t i) {
        const Candidate c = heap_[i];
        while (i > 0) {
            const std::uint32_t parent = (i - 1) / 2;
            if (!comes_after(heap_[parent], c)) break;
            place(i, heap_[parent]);
            i = parent;
        }
        place(i, c);
    }

    void sift_down(std::uint32_t i) {
        const Candidate c = heap_[i];
        const auto size = std::uint32_t(heap_.size());
        for (;;) {
            std::uint32_t child = 2 * i + 1;
            if (child >= size) break;
            if (child + 1 < size && comes_after(heap_[child], heap_[child + 1])) ++child;
            if (!comes_after(c, heap_[child])) break;
            place(i, heap_[child]);
            i = child;
        }
        place(i, c);
    }

    void place(std::uint32_t i, const Candidate& c) {
        heap_[i] = c;
        position_[c.vertex] = i;
    }

    std::vector<Candidate> heap_;
    std::unique_ptr<std::uint32_t[]> position_; // of each vertex in heap_, if there
};

// Adds the coordinates (Dim of them; 0: `dim`) of each vertex of a part marked in `renew`
// (of every vertex: null) to its part's sum, and counts it.
template <int Dim>
void sum_coordinates(const Graph& graph, const PartId* parts, const char* renew, int dim,
                     double* sum, VertexId* count) {
    if constexpr (Dim > 0) dim = Dim;
    const double* const x = graph.coords.values.data();
    for (VertexId v = 0; v < graph.num_vertices(); ++v) {
        const PartId p = parts[v];
        if (renew && !renew[p]) continue;
        double* const s = sum + std::size_t(p) * dim;
        for (int a = 0; a < dim; ++a) s[a] += x[std::size_t(v) * dim + a];
        ++count[p];
    }
}

// The centroids (`centroid`, num_parts x dim) of the parts marked in `renew`, the others
// kept. Each sum adds its part's coordinates in vertex order, so a centroid is the same to
// the last bit however the loop is written, and a part whose vertices are those it had when
// its centroid was computed keeps the right one.
void renew_centroids(const Graph& graph, const std::vector<PartId>& part,
                     const std::vector<char>& renew, std::vector<double>& centroid) {
    const int dim = graph.coords.dim;
    const auto num_parts = PartId(renew.size());
    centroid.resize(std::size_t(num_parts) * dim);
    std::vector<double> sum(std::size_t(num_parts) * dim, 0.0);
    std::vector<VertexId> count(std::size_t(num_parts), 0);
    // Without the test per vertex when every part is renewed (the first rounds).
    const bool all = std::find(renew.begin(), renew.end(), 0) == renew.end();
    const char* const marked = all ? nullptr : renew.data();
    if (dim == 2)
        sum_coordinates<2>(graph, part.data(), marked, dim, sum.data(), count.data());
    else if (dim == 3)
        sum_coordinates<3>(graph, part.data(), marked, dim, sum.data(), count.data());
    else
        sum_coordinates<0>(graph, part.data(), marked, dim, sum.data(), count.data());
    for (PartId p = 0; p < num_parts; ++p)
        if (renew[p])
            for (int a = 0; a < dim; ++a)
                centroid[std::size_t(p) * dim + a] =
                    count[p] > 0 ? sum[std::size_t(p) * dim + a] / double(count[p]) : 0.0;
}

// One bit per part, shared by parts equal modulo 64: a set of parts as a 64-bit word that
// may hold more than it should, never less.
std::uint64_t part_bit(PartId p) {
    return std::uint64_t(1) << (std::uint32_t(p) & 63);
}

} // namespace

class WorkloadAdjuster::State {
  public:
    State(const Graph& graph, std::vector<PartId>& part, PartId num_parts, bool heaviest_first,
          std::vector<char> border)
        : graph_(graph), part_(part), num_parts_(num_parts), heaviest_first_(heaviest_first),
          edge_weight_(graph.has_edge_weights() ? graph.adjwgt.data() : nullptr),
          connectivity_(graph), weight_(std::size_t(num_parts), 0),
          renew_(std::size_t(num_parts), 1), listed_(std::move(border)),
          near_(std::make_unique_for_overwrite<std::uint64_t[]>(std::size_t(graph.num_vertices()))),
          border_first_(std::size_t(num_parts) + 1, 0), interior_(std::size_t(num_parts)),
          arrivals_(std::size_t(num_parts)), heap_(graph.num_vertices()),
          moved_mark_(std::size_t(graph.num_vertices()), 0) {
        const int ncon = graph.num_constraints();
        if (graph.has_vertex_weights())
            for (VertexId v = 0; v < graph.num_vertices(); ++v)
                weight_[part[v]] += graph.vwgt[std::size_t(v) * ncon];
        else
            for (PartId p : part) ++weight_[p];
        // The per-vertex arrays are set here rather than zero-filled first: one pass, not three.
        const bool find_border = listed_.empty();
        if (find_border) listed_.resize(std::size_t(graph.num_vertices()));
        for (VertexId v = 0; v < graph.num_vertices(); ++v) {
            if (find_border) listed_[v] = touches_other(v);
            heap_.forget(v);
            near_[v] = 0;
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
        if (graph_.coords.dim > 0) renew_centroids(graph_, part_, renew_, centroid_);
        std::fill(renew_.begin(), renew_.end(), 0);
        list_border_vertices();
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
        const std::uint64_t to_bit = part_bit(to);
        for_each_candidate(from, [&](VertexId v) {
            if (part_[v] == from && (parts_near(v) & to_bit) != 0) seed(v, from, to);
        });
        if (direct && heap_.empty()) // no border with `to`: start from the border of `from`
            for_each_candidate(from, [&](VertexId v) {
                if (part_[v] == from && touches_other(v)) push(v, from, to);
            });
        WeightSum remaining = amount;
        while (remaining > 0 && !heap_.empty()) {
            const VertexId v = heap_.pop().vertex;
            const Weight w = graph_.vertex_weight(v);
            if (w > remaining || w >= weight_[from] || connectivity_.would_disconnect(part_, v))
                continue;
            part_[v] = to;
            renew_[from] = renew_[to] = 1;
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
            // moved (only listed vertices are seeded), so its part is its first.
            for (EdgeOffset e = graph_.xadj[v], end = graph_.xadj[v + 1]; e < end; ++e) {
                const VertexId u = graph_.adjncy[e];
                if (!listed_[u]) {
                    listed_[u] = 1;
                    interior_[part_[u]].push_back(u);
                }
                if (near_[u] != 0) near_[u] |= to_bit;
                if (part_[u] != from) continue;
                // Every queued candidate lies in `from` with its gain for this transfer kept
                // up to date through these updates: its edge to v now counts for `to` instead
                // of against it, so its gain grows by twice the edge's weight, without its
                // row being read again (that was a third of the adjuster's own time).
                if (const Candidate* queued = heap_.find(u))
                    queue(u, queued->gain + 2 * WeightSum(edge_weight_ ? edge_weight_[e] : 1), to);
                else
                    push(u, from, to);
            }
        }
        return t;
    }

    // Listed vertices grouped by part in vertex order: one pass over the vertices collects
    // them (a minority) and counts them per part, a second over them alone places them.
    void list_border_vertices() {
        const VertexId n = graph_.num_vertices();
        const char* const listed = listed_.data();
        const PartId* const parts = part_.data();
        VertexId* const first = border_first_.data();
        std::fill(border_first_.begin(), border_first_.end(), 0);
        listed_in_order_.clear();
        for (VertexId v = 0; v < n; ++v)
            if (listed[v]) {
                listed_in_order_.push_back(v);
                ++first[parts[v] + 1];
            }
        for (PartId p = 0; p < num_parts_; ++p) first[p + 1] += first[p];
        border_.resize(listed_in_order_.size());
        std::vector<VertexId> fill(border_first_.begin(), border_first_.end() - 1);
        for (VertexId v : listed_in_order_) border_[fill[parts[v]]++] = v;
    }

    // The vertices that were in `part` at the start of the round and may border another part
    // now, in vertex order (as a scan of the whole part would meet them), then the round's
    // arrivals in arrival order.
    template <class Visit> void for_each_candidate(PartId part, Visit&& visit) {
        std::vector<VertexId>& interior = interior_[part];
        std::sort(interior.begin(), interior.end());
        const VertexId* border = border_.data() + border_first_[part];
        const VertexId* const border_end = border_.data() + border_first_[part + 1];
        // Copies of the ends: visit() pushes onto the heap, after which the compiler would
        // reload them from the vectors.
        const VertexId* next_interior = interior.data();
        const VertexId* const interior_end = next_interior + interior.size();
        while (border != border_end && next_interior != interior_end)
            visit(*border < *next_interior ? *border++ : *next_interior++);
        while (border != border_end) visit(*border++);
        while (next_interior != interior_end) visit(*next_interior++);
        const std::vector<VertexId>& arrivals = arrivals_[part];
        for (std::size_t i = 0, count = arrivals.size(); i < count; ++i) visit(arrivals[i]);
    }

    // The parts of v's neighbours, as part_bit sets (see near_), computed on first use.
    std::uint64_t parts_near(VertexId v) {
        std::uint64_t& near = near_[v];
        if (near == 0)
            for (VertexId u : graph_.neighbours(v)) near |= part_bit(part_[u]);
        return near;
    }

    bool touches_other(VertexId v) const {
        for (VertexId u : graph_.neighbours(v))
            if (part_[u] != part_[v]) return true;
        return false;
    }

    // Queues v if a neighbour lies in `to`: the test and the gain in one pass over its row.
    void seed(VertexId v, PartId from, PartId to) {
        const PartId* const parts = part_.data();
        const VertexId* const adjncy = graph_.adjncy.data();
        WeightSum gain = 0;
        bool touches = false;
        for (EdgeOffset e = graph_.xadj[v]; e < graph_.xadj[v + 1]; ++e) {
            const PartId p = parts[adjncy[e]];
            const Weight w = edge_weight_ ? edge_weight_[e] : 1;
            if (p == to) {
                gain += w;
                touches = true;
            } else if (p == from) {
                gain -= w;
            }
        }
        if (touches) queue(v, gain, to);
    }

    void push(VertexId v, PartId from, PartId to) {
        const PartId* const parts = part_.data();
        const VertexId* const adjncy = graph_.adjncy.data();
        WeightSum gain = 0;
        for (EdgeOffset e = graph_.xadj[v]; e < graph_.xadj[v + 1]; ++e) {
            const PartId p = parts[adjncy[e]];
            const Weight w = edge_weight_ ? edge_weight_[e] : 1;
            if (p == to) gain += w;
            if (p == from) gain -= w;
        }
        queue(v, gain, to);
    }

    void queue(VertexId v, WeightSum gain, PartId to) {
        const Weight weight = heaviest_first_ ? graph_.vertex_weight(v) : 0;
        heap_.push({weight, gain, tie(v, to), v});
    }

    double tie(VertexId v, PartId to) {
        if (centroid_.empty()) return double(sequence_++);
        const int dim = graph_.coords.dim;
        const double* const x = graph_.coords.values.data() + std::size_t(v) * dim;
        const double* const c = centroid_.data() + std::size_t(to) * dim;
        double d2 = 0;
        for (int a = 0; a < dim; ++a) {
            const double d = x[a] - c[a];
            d2 += d * d;
        }
        return d2;
    }

    const Graph& graph_;
    std::vector<PartId>& part_;
    PartId num_parts_;
    bool heaviest_first_;
    const Weight* edge_weight_; // null for unit edge weights
    refine::LocalConnectivity connectivity_;
    std::vector<WeightSum> weight_; // constraint 0, per part
    std::vector<double> centroid_;  // per part, of the round's start (empty without coordinates)
    std::vector<char> renew_;       // per part: its vertices changed since its centroid was found
    std::vector<char> listed_;      // in border_ or interior_ (ever, since the adjuster began)
    // Per vertex, 0 or a part_bit set holding the part of each neighbour: a transfer to
    // `to` seeds only vertices whose set has to's bit, so most rows are not read again.
    // Kept true as vertices move; computed on first use (0: not yet).
    std::unique_ptr<std::uint64_t[]> near_;
    std::vector<VertexId> border_first_; // part p's listed vertices: border_[first[p], first[p+1])
    std::vector<VertexId> border_;       // listed vertices when the round started
    std::vector<VertexId> listed_in_order_;
    std::vector<std::vector<VertexId>> interior_; // listed since, by part
    std::vector<std::vector<VertexId>> arrivals_; // moved in this round, by receiving part
    CandidateHeap heap_;
    // The round's moved vertices, each once, in the order of their first move (sorting them
    // cost 0.1 ms on naca0012 K = 16's first round of 2,400 moves), and a mark per vertex listed.
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
