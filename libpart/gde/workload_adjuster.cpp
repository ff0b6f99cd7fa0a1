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
          version_(std::size_t(graph.num_vertices()), 0), first_(std::size_t(num_parts) + 1, 0),
          members_(std::size_t(graph.num_vertices())),
          near_border_(std::size_t(graph.num_vertices())), arrivals_(std::size_t(num_parts)) {
        // Vertices grouped by part (counting sort); later arrivals go to arrivals_.
        const int ncon = graph.num_constraints();
        if (ncon > 1)
            for (PartId p = 0; p < num_parts; ++p) weight_[p] = weight_[std::size_t(p) * ncon];
        weight_.resize(std::size_t(num_parts));
        for (PartId p : part) ++first_[p + 1];
        for (PartId p = 0; p < num_parts; ++p) first_[p + 1] += first_[p];
        std::vector<VertexId> fill(first_.begin(), first_.end() - 1);
        for (VertexId v = 0; v < graph.num_vertices(); ++v) members_[fill[part[v]]++] = v;
        for (VertexId v = 0; v < graph.num_vertices(); ++v) near_border_[v] = touches_other(v);
    }

    // `direct`: no border joins the two parts, so start a region for `to` if none touches it.
    Transfer send(PartId from, PartId to, WeightSum amount, bool direct = false) {
        Transfer t{from, to, amount, 0, 0};
        heap_ = {};
        sequence_ = 0;
        auto seed = [&](VertexId v) {
            if (part_[v] == from && touches(v, to)) push(v, from, to);
        };
        // Only a vertex near the border can touch `to`: the others are skipped without
        // scanning their neighbours (each part's members were scanned once per transfer).
        for (VertexId i = first_[from]; i < first_[from + 1]; ++i)
            if (near_border_[members_[i]]) seed(members_[i]);
        for (VertexId v : arrivals_[from]) seed(v);
        if (direct && heap_.empty()) { // no border with `to`: start from the border of `from`
            auto seed_border = [&](VertexId v) {
                if (part_[v] == from && touches_other(v)) push(v, from, to);
            };
            for (VertexId i = first_[from]; i < first_[from + 1]; ++i) seed_border(members_[i]);
            for (VertexId v : arrivals_[from]) seed_border(v);
        }
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
            weight_[from] -= w;
            weight_[to] += w;
            remaining -= w;
            t.moved_weight += w;
            ++t.moved_vertices;
            near_border_[v] = 1;
            for (VertexId u : graph_.neighbours(v)) {
                near_border_[u] = 1;
                if (part_[u] == from) push(u, from, to);
            }
        }
        return t;
    }

  private:
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
    std::vector<VertexId> first_;
    std::vector<VertexId> members_;
    // 1 for a vertex that touched another part at the start or is next to a vertex that moved
    // since (or moved itself): every vertex touching another part now is one of them.
    std::vector<char> near_border_;
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
