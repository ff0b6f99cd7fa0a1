#include "libpart/gde/workload_adjuster.hpp"

#include <algorithm>
#include <queue>

#include "libpart/core/metrics.hpp"
#include "libpart/gde/local_connectivity.hpp"

namespace part::gde {

namespace {

struct Candidate {
    Weight weight; // heavier first (0 for all when the gain decides alone)
    WeightSum gain;
    double tie; // smaller first
    VertexId vertex;
    std::uint32_t version;
};

struct CandidateOrder {
    bool operator()(const Candidate& a, const Candidate& b) const {
        if (a.weight != b.weight) return a.weight < b.weight;
        if (a.gain != b.gain) return a.gain < b.gain;
        if (a.tie != b.tie) return a.tie > b.tie;
        return a.vertex > b.vertex;
    }
};

// Per-part centroids of the original partition (empty without coordinates).
std::vector<double> part_centroids(const Graph& graph, const std::vector<PartId>& part,
                                   PartId num_parts) {
    const int dim = graph.coords.dim;
    if (dim == 0) return {};
    std::vector<double> sum(std::size_t(num_parts) * dim, 0.0), count(std::size_t(num_parts), 0.0);
    for (VertexId v = 0; v < graph.num_vertices(); ++v) {
        for (int a = 0; a < dim; ++a) sum[std::size_t(part[v]) * dim + a] += graph.coords.at(v, a);
        count[part[v]] += 1;
    }
    for (PartId p = 0; p < num_parts; ++p)
        for (int a = 0; a < dim; ++a)
            if (count[p] > 0) sum[std::size_t(p) * dim + a] /= count[p];
    return sum;
}

class Adjuster {
  public:
    Adjuster(const Graph& graph, std::vector<PartId>& part, PartId num_parts, bool heaviest_first)
        : graph_(graph), part_(part), heaviest_first_(heaviest_first), connectivity_(graph),
          weight_(part_weights(graph, part, num_parts)),
          centroid_(part_centroids(graph, part, num_parts)),
          version_(std::size_t(graph.num_vertices()), 0),
          listed_(std::size_t(graph.num_vertices())), border_first_(std::size_t(num_parts) + 1, 0),
          interior_(std::size_t(num_parts)), arrivals_(std::size_t(num_parts)) {
        const int ncon = graph.num_constraints();
        if (ncon > 1)
            for (PartId p = 0; p < num_parts; ++p) weight_[p] = weight_[std::size_t(p) * ncon];
        weight_.resize(std::size_t(num_parts));
        list_border_vertices(num_parts);
    }

    // `direct`: no border joins the two parts, so start a region for `to` if none touches it.
    Transfer send(PartId from, PartId to, WeightSum amount, bool direct = false) {
        Transfer t{from, to, amount, 0, 0};
        heap_ = {};
        sequence_ = 0;
        auto seed = [&](VertexId v) {
            if (part_[v] == from && touches(v, to)) push(v, from, to);
        };
        for_each_candidate(from, seed);
        if (direct && heap_.empty()) // no border with `to`: start from the border of `from`
            for_each_candidate(from, [&](VertexId v) {
                if (part_[v] == from && touches_other(v)) push(v, from, to);
            });
        WeightSum remaining = amount;
        while (remaining > 0 && !heap_.empty()) {
            const Candidate c = heap_.top();
            heap_.pop();
            const VertexId v = c.vertex;
            if (part_[v] != from || c.version != version_[v]) continue;
            const Weight w = graph_.vertex_weight(v);
            if (w > remaining || w >= weight_[from] || connectivity_.would_disconnect(part_, v))
                continue;
            part_[v] = to;
            ++version_[v];
            arrivals_[to].push_back(v);
            list_interior_neighbours(v);
            weight_[from] -= w;
            weight_[to] += w;
            remaining -= w;
            t.moved_weight += w;
            ++t.moved_vertices;
            for (VertexId u : graph_.neighbours(v))
                if (part_[u] == from) push(u, from, to);
        }
        return t;
    }

  private:
    // A vertex can border another part only if it did when the adjuster started or a
    // neighbour has moved since, so the seeds of a transfer come from those lists, not from
    // the whole part. Border vertices grouped by part in vertex order (counting sort).
    void list_border_vertices(PartId num_parts) {
        const VertexId n = graph_.num_vertices();
        for (VertexId v = 0; v < n; ++v) listed_[v] = touches_other(v);
        for (VertexId v = 0; v < n; ++v)
            if (listed_[v]) ++border_first_[part_[v] + 1];
        for (PartId p = 0; p < num_parts; ++p) border_first_[p + 1] += border_first_[p];
        border_.resize(std::size_t(border_first_[num_parts]));
        std::vector<VertexId> fill(border_first_.begin(), border_first_.end() - 1);
        for (VertexId v = 0; v < n; ++v)
            if (listed_[v]) border_[fill[part_[v]]++] = v;
    }

    // Called after `v` moved: its interior neighbours may border another part now. Such a
    // neighbour has not moved (only listed vertices are seeded), so its part is its first.
    void list_interior_neighbours(VertexId v) {
        for (VertexId u : graph_.neighbours(v))
            if (!listed_[u]) {
                listed_[u] = true;
                interior_[part_[u]].push_back(u);
            }
    }

    // The vertices that started in `part` and may border another part now, in vertex order
    // (as a scan of the whole part would meet them), then the arrivals in arrival order.
    template <class Visit> void for_each_candidate(PartId part, Visit&& visit) {
        std::vector<VertexId>& interior = interior_[part];
        std::sort(interior.begin(), interior.end());
        const VertexId* border = border_.data() + border_first_[part];
        const VertexId* border_end = border_.data() + border_first_[part + 1];
        auto next_interior = interior.begin();
        while (border != border_end || next_interior != interior.end()) {
            if (next_interior == interior.end() ||
                (border != border_end && *border < *next_interior))
                visit(*border++);
            else
                visit(*next_interior++);
        }
        for (VertexId v : arrivals_[part]) visit(v);
    }

    bool touches_other(VertexId v) const {
        for (VertexId u : graph_.neighbours(v))
            if (part_[u] != part_[v]) return true;
        return false;
    }

    bool touches(VertexId v, PartId p) const {
        for (VertexId u : graph_.neighbours(v))
            if (part_[u] == p) return true;
        return false;
    }

    void push(VertexId v, PartId from, PartId to) {
        WeightSum gain = 0;
        for (EdgeOffset e = graph_.xadj[v]; e < graph_.xadj[v + 1]; ++e) {
            const PartId p = part_[graph_.adjncy[e]];
            if (p == to) gain += graph_.edge_weight(e);
            if (p == from) gain -= graph_.edge_weight(e);
        }
        const Weight weight = heaviest_first_ ? graph_.vertex_weight(v) : 0;
        heap_.push({weight, gain, tie(v, to), v, ++version_[v]});
    }

    double tie(VertexId v, PartId to) {
        if (centroid_.empty()) return double(sequence_++);
        double d2 = 0;
        for (int a = 0; a < graph_.coords.dim; ++a) {
            const double d =
                graph_.coords.at(v, a) - centroid_[std::size_t(to) * graph_.coords.dim + a];
            d2 += d * d;
        }
        return d2;
    }

    const Graph& graph_;
    std::vector<PartId>& part_;
    bool heaviest_first_;
    LocalConnectivity connectivity_;
    std::vector<WeightSum> weight_;
    std::vector<double> centroid_;
    std::vector<std::uint32_t> version_;
    std::vector<char> listed_;           // in border_ or interior_
    std::vector<VertexId> border_first_; // part p's border vertices: border_[first[p], first[p+1])
    std::vector<VertexId> border_;       // border vertices when the adjuster started
    std::vector<std::vector<VertexId>> interior_; // interior then, next to a move since
    std::vector<std::vector<VertexId>> arrivals_;
    std::priority_queue<Candidate, std::vector<Candidate>, CandidateOrder> heap_;
    std::uint64_t sequence_ = 0;
};

} // namespace

std::vector<Transfer> adjust_workload(const Graph& graph, std::vector<PartId>& part,
                                      PartId num_parts, const Graph& quotient,
                                      const std::vector<WeightSum>& outflow,
                                      const std::vector<PartId>& order,
                                      const std::vector<PartFlow>& direct, bool heaviest_first) {
    Adjuster adjuster(graph, part, num_parts, heaviest_first);
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
            transfers.push_back(adjuster.send(from, quotient.adjncy[e], outflow[e]));
    }
    for (const PartFlow& f : direct)
        transfers.push_back(adjuster.send(f.from, f.to, f.amount, true));
    return transfers;
}

} // namespace part::gde
