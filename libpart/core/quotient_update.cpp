#include "libpart/core/quotient_update.hpp"

#include <algorithm>
#include <cstdint>

#include "libpart/core/metrics.hpp"
#include "libpart/core/saturated_weight.hpp"

namespace part {

namespace {

// A change of the number of edges between two parts (one direction of a quotient link).
struct LinkChange {
    PartId from, to;
    WeightSum delta;
};

bool reached_clamp(const std::vector<Weight>& weights) {
    return std::find(weights.begin(), weights.end(), kMaxWeight) != weights.end();
}

// Each edge with a moved end once: from its moved end, or from the lower one when both moved.
// Its old link loses it, its new link gains it, in both directions.
std::vector<LinkChange> link_changes(const Graph& graph, const std::vector<PartId>& before,
                                     const std::vector<PartId>& after) {
    std::vector<LinkChange> changes;
    for (VertexId v = 0; v < graph.num_vertices(); ++v) {
        if (before[v] == after[v]) continue;
        for (VertexId u : graph.neighbours(v)) {
            if (before[u] != after[u] && u < v) continue;
            if (before[v] != before[u]) {
                changes.push_back({before[v], before[u], -1});
                changes.push_back({before[u], before[v], -1});
            }
            if (after[v] != after[u]) {
                changes.push_back({after[v], after[u], 1});
                changes.push_back({after[u], after[v], 1});
            }
        }
    }
    std::sort(changes.begin(), changes.end(), [](const LinkChange& a, const LinkChange& b) {
        return a.from != b.from ? a.from < b.from : a.to < b.to;
    });
    return changes;
}

} // namespace

Graph update_quotient_graph(const Graph& graph, const std::vector<PartId>& before,
                            const std::vector<PartId>& after, PartId num_parts, Graph quotient) {
    if (graph.has_edge_weights() || reached_clamp(quotient.adjwgt) || reached_clamp(quotient.vwgt))
        return quotient_graph(graph, after, num_parts);
    const int ncon = graph.num_constraints();
    std::vector<WeightSum> weights(quotient.vwgt.begin(), quotient.vwgt.end());
    for (VertexId v = 0; v < graph.num_vertices(); ++v)
        if (before[v] != after[v])
            for (int c = 0; c < ncon; ++c) {
                weights[std::size_t(before[v]) * ncon + c] -= graph.vertex_weight(v, c);
                weights[std::size_t(after[v]) * ncon + c] += graph.vertex_weight(v, c);
            }
    for (std::size_t i = 0; i < weights.size(); ++i) quotient.vwgt[i] = clamp_to_weight(weights[i]);
    const std::vector<LinkChange> changes = link_changes(graph, before, after);
    if (changes.empty()) return quotient;

    // Each row merged with its changes, both in ascending order of the other part; links
    // left with no edge disappear.
    Graph updated;
    updated.xadj.assign(std::size_t(num_parts) + 1, 0);
    updated.ncon = quotient.ncon;
    updated.vwgt = std::move(quotient.vwgt);
    std::size_t c = 0;
    for (PartId a = 0; a < num_parts; ++a) {
        EdgeOffset e = quotient.xadj[a];
        const EdgeOffset row_end = quotient.xadj[a + 1];
        auto emit = [&](PartId b, WeightSum weight) {
            if (weight == 0) return;
            updated.adjncy.push_back(b);
            updated.adjwgt.push_back(clamp_to_weight(weight));
        };
        while (e < row_end || (c < changes.size() && changes[c].from == a)) {
            const bool change_next = c < changes.size() && changes[c].from == a &&
                                     (e == row_end || changes[c].to <= quotient.adjncy[e]);
            const PartId b = change_next ? changes[c].to : quotient.adjncy[e];
            WeightSum weight = 0;
            if (e < row_end && quotient.adjncy[e] == b) weight = quotient.adjwgt[e++];
            for (; c < changes.size() && changes[c].from == a && changes[c].to == b; ++c)
                weight += changes[c].delta;
            emit(b, weight);
        }
        updated.xadj[a + 1] = EdgeOffset(updated.adjncy.size());
    }
    return updated;
}

} // namespace part
