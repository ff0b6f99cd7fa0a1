#include "libpart/core/quotient_update.hpp"

#include <algorithm>
#include <cstdint>

#include "libpart/core/metrics.hpp"
#include "libpart/core/part_links.hpp"
#include "libpart/core/saturated_weight.hpp"

namespace part {

namespace {

bool reached_clamp(const std::vector<Weight>& weights) {
    return std::find(weights.begin(), weights.end(), kMaxWeight) != weights.end();
}

// Each edge with a moved end once: from its moved end, or from the lower one when both moved.
// Its old link loses it, its new link gains it, in both directions (a link's weight here is the
// change of its edge count).
std::vector<PartLink> link_changes(const Graph& graph, const std::vector<PartId>& before,
                                   const std::vector<PartId>& after,
                                   std::span<const VertexId> moved) {
    std::vector<PartLink> changes;
    for (VertexId v : moved) {
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
    return changes;
}

} // namespace

Graph update_quotient_graph(const Graph& graph, const std::vector<PartId>& before,
                            const std::vector<PartId>& after, std::span<const VertexId> moved,
                            PartId num_parts, Graph quotient) {
    if (graph.has_edge_weights() || reached_clamp(quotient.adjwgt) || reached_clamp(quotient.vwgt))
        return quotient_graph(graph, after, num_parts);
    const int ncon = graph.num_constraints();
    std::vector<WeightSum> weights(quotient.vwgt.begin(), quotient.vwgt.end());
    for (VertexId v : moved)
        if (before[v] != after[v])
            for (int c = 0; c < ncon; ++c) {
                weights[std::size_t(before[v]) * ncon + c] -= graph.vertex_weight(v, c);
                weights[std::size_t(after[v]) * ncon + c] += graph.vertex_weight(v, c);
            }
    for (std::size_t i = 0; i < weights.size(); ++i) quotient.vwgt[i] = clamp_to_weight(weights[i]);
    const std::vector<PartLink> unsorted = link_changes(graph, before, after, moved);
    if (unsorted.empty()) return quotient;
    std::vector<std::size_t> first;
    const std::vector<PartLink> changes = group_by_first_part(unsorted, num_parts, first);

    // Each row merged with its changes summed per other part (a marker per part), both in
    // ascending order of the other part; links left with no edge disappear.
    Graph updated;
    updated.xadj.assign(std::size_t(num_parts) + 1, 0);
    updated.ncon = quotient.ncon;
    updated.vwgt = std::move(quotient.vwgt);
    PartLinkSums delta(num_parts);
    for (PartId a = 0; a < num_parts; ++a) {
        delta.add_group(a, changes.data() + first[a], changes.data() + first[a + 1]);
        const std::vector<PartId>& changed = delta.parts();
        auto emit = [&](PartId b, WeightSum weight) {
            if (weight == 0) return;
            updated.adjncy.push_back(b);
            updated.adjwgt.push_back(clamp_to_weight(weight));
        };
        EdgeOffset e = quotient.xadj[a];
        const EdgeOffset row_end = quotient.xadj[a + 1];
        auto next = changed.begin();
        while (e < row_end || next != changed.end()) {
            if (next == changed.end() || (e < row_end && quotient.adjncy[e] < *next)) {
                emit(quotient.adjncy[e], quotient.adjwgt[e]);
                ++e;
                continue;
            }
            const PartId b = *next++;
            WeightSum weight = delta.sum(b);
            if (e < row_end && quotient.adjncy[e] == b) weight += quotient.adjwgt[e++];
            emit(b, weight);
        }
        updated.xadj[a + 1] = EdgeOffset(updated.adjncy.size());
    }
    return updated;
}

} // namespace part
