#include "libpart/core/metrics.hpp"

#include <algorithm>
#include <tuple>

namespace part {

WeightSum edge_cut(const Graph& graph, const std::vector<PartId>& part) {
    WeightSum cut = 0;
    for (VertexId u = 0; u < graph.num_vertices(); ++u)
        for (EdgeOffset e = graph.xadj[u]; e < graph.xadj[u + 1]; ++e)
            if (part[u] != part[graph.adjncy[e]]) cut += graph.edge_weight(e);
    return cut / 2;
}

WeightSum communication_volume(const Graph& graph, const std::vector<PartId>& part,
                               PartId num_parts) {
    std::vector<VertexId> seen_by(std::size_t(num_parts), -1);
    WeightSum volume = 0;
    for (VertexId u = 0; u < graph.num_vertices(); ++u) {
        seen_by[part[u]] = u;
        WeightSum other_parts = 0;
        for (VertexId v : graph.neighbours(u))
            if (seen_by[part[v]] != u) {
                seen_by[part[v]] = u;
                ++other_parts;
            }
        volume += other_parts * graph.vertex_size(u);
    }
    return volume;
}

std::vector<WeightSum> part_weights(const Graph& graph, const std::vector<PartId>& part,
                                    PartId num_parts) {
    const int ncon = graph.num_constraints();
    std::vector<WeightSum> weights(std::size_t(num_parts) * ncon, 0);
    for (VertexId v = 0; v < graph.num_vertices(); ++v)
        for (int c = 0; c < ncon; ++c)
            weights[std::size_t(part[v]) * ncon + c] += graph.vertex_weight(v, c);
    return weights;
}

std::vector<double> imbalance(const Graph& graph, const Partition& partition) {
    const int ncon = graph.num_constraints();
    const auto weights = part_weights(graph, partition.part, partition.num_parts);
    const auto total = graph.total_vertex_weight();
    std::vector<double> result(ncon, 1.0);
    for (int c = 0; c < ncon; ++c) {
        if (total[c] == 0) continue;
        double worst = 0;
        for (PartId p = 0; p < partition.num_parts; ++p)
            worst = std::max(worst, double(weights[std::size_t(p) * ncon + c]) /
                                        (partition.target(p) * double(total[c])));
        result[c] = worst;
    }
    return result;
}

Graph quotient_graph(const Graph& graph, const std::vector<PartId>& part, PartId num_parts) {
    std::vector<std::tuple<PartId, PartId, WeightSum>> links;
    for (VertexId u = 0; u < graph.num_vertices(); ++u)
        for (EdgeOffset e = graph.xadj[u]; e < graph.xadj[u + 1]; ++e)
            if (part[u] != part[graph.adjncy[e]])
                links.emplace_back(part[u], part[graph.adjncy[e]], graph.edge_weight(e));
    std::sort(links.begin(), links.end());

    Graph q;
    q.xadj.assign(std::size_t(num_parts) + 1, 0);
    q.adjwgt.clear();
    for (std::size_t i = 0; i < links.size();) {
        auto [a, b, w] = links[i];
        WeightSum sum = 0;
        for (; i < links.size() && std::get<0>(links[i]) == a && std::get<1>(links[i]) == b; ++i)
            sum += std::get<2>(links[i]);
        q.adjncy.push_back(b);
        q.adjwgt.push_back(Weight(std::min<WeightSum>(sum, INT32_MAX)));
        ++q.xadj[a + 1];
    }
    for (PartId p = 0; p < num_parts; ++p) q.xadj[p + 1] += q.xadj[p];
    const auto weights = part_weights(graph, part, num_parts);
    q.ncon = graph.num_constraints();
    q.vwgt.resize(weights.size());
    for (std::size_t i = 0; i < weights.size(); ++i)
        q.vwgt[i] = Weight(std::min<WeightSum>(weights[i], INT32_MAX));
    return q;
}

std::vector<VertexId> components_per_part(const Graph& graph, const std::vector<PartId>& part,
                                          PartId num_parts) {
    std::vector<VertexId> components(std::size_t(num_parts), 0);
    std::vector<char> visited(std::size_t(graph.num_vertices()), 0);
    std::vector<VertexId> stack;
    for (VertexId s = 0; s < graph.num_vertices(); ++s) {
        if (visited[s]) continue;
        ++components[part[s]];
        visited[s] = 1;
        stack.push_back(s);
        while (!stack.empty()) {
            VertexId u = stack.back();
            stack.pop_back();
            for (VertexId v : graph.neighbours(u))
                if (!visited[v] && part[v] == part[u]) {
                    visited[v] = 1;
                    stack.push_back(v);
                }
        }
    }
    return components;
}

namespace {

VertexId count_boundary_vertices(const Graph& graph, const std::vector<PartId>& part) {
    VertexId boundary = 0;
    for (VertexId u = 0; u < graph.num_vertices(); ++u)
        for (VertexId v : graph.neighbours(u))
            if (part[v] != part[u]) {
                ++boundary;
                break;
            }
    return boundary;
}

void fill_neighbour_counts(PartitionMetrics& m, const Graph& quotient) {
    if (m.num_parts == 0) return;
    m.min_neighbour_parts = quotient.degree(0);
    for (PartId p = 0; p < m.num_parts; ++p) {
        m.min_neighbour_parts = std::min(m.min_neighbour_parts, quotient.degree(p));
        m.max_neighbour_parts = std::max(m.max_neighbour_parts, quotient.degree(p));
    }
    m.avg_neighbour_parts = double(quotient.adjncy.size()) / m.num_parts;
}

} // namespace

PartitionMetrics compute_metrics(const Graph& graph, const Partition& partition) {
    validate(partition, graph);
    PartitionMetrics m;
    m.num_vertices = graph.num_vertices();
    m.num_edges = graph.num_edges();
    m.num_parts = partition.num_parts;
    m.num_constraints = graph.num_constraints();
    m.edge_cut = edge_cut(graph, partition.part);
    m.communication_volume = communication_volume(graph, partition.part, partition.num_parts);
    m.part_weights = part_weights(graph, partition.part, partition.num_parts);
    m.imbalance = imbalance(graph, partition);
    m.boundary_vertices = count_boundary_vertices(graph, partition.part);
    fill_neighbour_counts(m, quotient_graph(graph, partition.part, partition.num_parts));
    for (VertexId count : components_per_part(graph, partition.part, partition.num_parts)) {
        if (count == 0) ++m.empty_parts;
        if (count > 1) ++m.disconnected_parts;
        m.total_components += count;
    }
    return m;
}

} // namespace part
