#include "libpart/repart/anchored_partition.hpp"

#include <algorithm>
#include <cmath>

#include "libpart/repart/border_reshaping.hpp"
#include "libpart/repart/overlap_matching.hpp"

namespace part {

namespace {

// The largest edge scale up to 64 at which the graph's and the anchors' edge weights, each
// counted from both ends, stay below 2^30; 0 when none does.
Weight edge_scale(const Graph& graph, const std::vector<PartId>& origin, double migration_cost) {
    double edges = 0, anchors = 0;
    for (EdgeOffset e = 0; e < EdgeOffset(graph.adjncy.size()); ++e)
        edges += double(graph.edge_weight(e));
    for (VertexId v = 0; v < graph.num_vertices(); ++v)
        if (origin[v] >= 0) anchors += 2 * migration_cost * double(graph.vertex_size(v));
    constexpr double kLimit = 1 << 30;
    return Weight(std::min(64.0, std::floor(kLimit / std::max(1.0, edges + anchors))));
}

// The graph with `parts` anchors appended (vertex n + p for part p), edge weights scaled.
Graph anchored_graph(const Graph& graph, const std::vector<PartId>& origin, PartId parts,
                     double migration_cost, Weight scale) {
    const VertexId n = graph.num_vertices();
    const auto anchor_edge = [&](VertexId v) {
        return origin[v] < 0 ? 0
                             : Weight(std::lround(double(scale) * migration_cost *
                                                  double(graph.vertex_size(v))));
    };
    std::vector<std::vector<VertexId>> members(static_cast<std::size_t>(parts));
    for (VertexId v = 0; v < n; ++v)
        if (anchor_edge(v) > 0) members[origin[v]].push_back(v);

    Graph anchored;
    anchored.ncon = 1;
    anchored.vwgt.assign(std::size_t(n + parts), 0);
    anchored.adjncy.reserve(graph.adjncy.size() + 2 * std::size_t(n));
    anchored.adjwgt.reserve(anchored.adjncy.capacity());
    for (VertexId v = 0; v < n; ++v) {
        anchored.vwgt[v] = graph.vertex_weight(v);
        for (EdgeOffset e = graph.xadj[v]; e < graph.xadj[v + 1]; ++e) {
            anchored.adjncy.push_back(graph.adjncy[e]);
            anchored.adjwgt.push_back(scale * graph.edge_weight(e));
        }
        if (anchor_edge(v) > 0) {
            anchored.adjncy.push_back(n + origin[v]);
            anchored.adjwgt.push_back(anchor_edge(v));
        }
        anchored.xadj.push_back(EdgeOffset(anchored.adjncy.size()));
    }
    for (PartId p = 0; p < parts; ++p) {
        for (VertexId v : members[p]) {
            anchored.adjncy.push_back(v);
            anchored.adjwgt.push_back(anchor_edge(v));
        }
        anchored.xadj.push_back(EdgeOffset(anchored.adjncy.size()));
    }
    return anchored;
}

} // namespace

std::optional<std::vector<PartId>>
anchored_partition(const Graph& graph, const std::vector<PartId>& origin, PartId parts,
                   const std::vector<double>& targets, double migration_cost,
                   const MetisOptions& metis) {
    const Weight scale = edge_scale(graph, origin, migration_cost);
    if (scale < 1) return std::nullopt;
    std::vector<PartId> fresh = partition_with_metis(
        anchored_graph(graph, origin, parts, migration_cost, scale), parts, targets, metis);
    fresh.resize(std::size_t(graph.num_vertices())); // the anchors' parts are not needed
    std::vector<WeightSum> overlap(std::size_t(parts) * std::size_t(parts), 0);
    for (VertexId v = 0; v < graph.num_vertices(); ++v)
        if (origin[v] >= 0)
            overlap[std::size_t(fresh[v]) * std::size_t(parts) + std::size_t(origin[v])] +=
                graph.vertex_size(v);
    const std::vector<PartId> label = capacity_preserving_assignment(overlap, parts, targets);
    for (PartId& p : fresh) p = label[p];
    return fresh;
}

std::optional<std::vector<PartId>> best_anchored_partition(const Graph& graph,
                                                           const std::vector<PartId>& origin,
                                                           const RepartRequest& request) {
    MetisOptions metis = request.metis;
    metis.ufactor = std::max(1, int(std::lround(request.tolerance * 1000))); // METIS needs >= 1
    std::optional<std::vector<PartId>> best;
    double best_objective = 0;
    for (const double factor : {1, 4, 16}) {
        std::optional<std::vector<PartId>> fresh =
            anchored_partition(graph, origin, request.new_parts, request.targets,
                               factor * request.migration_cost, metis);
        if (!fresh) continue;
        const double objective = repart_objective(graph, *fresh, origin, request.migration_cost);
        if (!best || objective < best_objective) {
            best = std::move(fresh);
            best_objective = objective;
        }
        if (request.migration_cost == 0) break; // every factor gives the same price
    }
    return best;
}

} // namespace part
