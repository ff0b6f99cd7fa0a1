#include "libpart/core/metrics.hpp"

#include <algorithm>
#include <exception>
#include <numeric>

#include "libpart/core/part_links.hpp"
#include "libpart/core/saturated_weight.hpp"

namespace part {

WeightSum edge_cut(const Graph& graph, const std::vector<PartId>& part) {
    const EdgeOffset* const xadj = graph.xadj.data();
    const VertexId* const adjncy = graph.adjncy.data();
    const Weight* const adjwgt = graph.has_edge_weights() ? graph.adjwgt.data() : nullptr;
    const PartId* const parts = part.data();
    WeightSum cut = 0;
    for (VertexId u = 0; u < graph.num_vertices(); ++u) {
        const PartId p = parts[u];
        if (adjwgt)
            for (EdgeOffset e = xadj[u]; e < xadj[u + 1]; ++e)
                cut += parts[adjncy[e]] != p ? adjwgt[e] : 0;
        else
            for (EdgeOffset e = xadj[u]; e < xadj[u + 1]; ++e) cut += parts[adjncy[e]] != p;
    }
    return cut / 2;
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

namespace {

std::vector<double> imbalance_of(const Graph& graph, const Partition& partition,
                                 const std::vector<WeightSum>& weights) {
    const int ncon = graph.num_constraints();
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

} // namespace

double heterogeneous_efficiency(std::span<const WeightSum> load, std::span<const double> capacity) {
    if (load.size() != capacity.size())
        throw InvalidArgument("efficiency: " + std::to_string(load.size()) + " loads but " +
                              std::to_string(capacity.size()) + " capacities");
    const double work = std::accumulate(load.begin(), load.end(), 0.0);
    const double speed = std::accumulate(capacity.begin(), capacity.end(), 0.0);
    if (work == 0 || speed <= 0) return 1.0;
    double parallel_time = 0; // the slowest processor's: load_i / capacity_i
    for (std::size_t i = 0; i < load.size(); ++i) {
        if (load[i] == 0) continue;
        if (capacity[i] <= 0) return 0.0;
        parallel_time = std::max(parallel_time, double(load[i]) / capacity[i]);
    }
    // sum_i 1 / T(p_i) with T(p_i) = work / capacity_i.
    return 1.0 / (parallel_time * speed / work);
}

std::vector<double> imbalance(const Graph& graph, const Partition& partition) {
    return imbalance_of(graph, partition, part_weights(graph, partition.part, partition.num_parts));
}

// One scan of the edges (the costly part) collects the cut edges as links; part_links.hpp groups
// and sums them: O(cut edges + K) plus a sort of each part's (short) list of neighbouring parts.
// Rows come out in ascending neighbour order. The same scan marks the border if asked.
Graph quotient_graph(const Graph& graph, const std::vector<PartId>& part, PartId num_parts,
                     std::vector<char>* border) {
    // Room reserved (not touched) for more cut entries than a partition worth refining has:
    // growing the list would copy it into fresh pages at each doubling.
    std::vector<PartLink> cut;
    cut.reserve(graph.adjncy.size() / 8);
    const VertexId n = graph.num_vertices();
    const EdgeOffset* const xadj = graph.xadj.data();
    const VertexId* const adjncy = graph.adjncy.data();
    const Weight* const adjwgt = graph.has_edge_weights() ? graph.adjwgt.data() : nullptr;
    const PartId* const parts = part.data();
    if (border) border->resize(std::size_t(n));
    char* const border_of = border ? border->data() : nullptr;
    const VertexId* row = adjncy + xadj[0]; // the row of u, then of u + 1, ...
    for (VertexId u = 0; u < n; ++u) {
        const PartId p = parts[u];
        const VertexId* const row_end = adjncy + xadj[u + 1];
        // Most rows lie inside their part: a loop that only compares finds out.
        while (row != row_end && parts[*row] == p) ++row;
        if (border_of) border_of[u] = row != row_end;
        for (; row != row_end; ++row) {
            const PartId q = parts[*row];
            if (p != q) cut.push_back({p, q, adjwgt ? adjwgt[row - adjncy] : 1});
        }
    }
    std::vector<std::size_t> first;
    const std::vector<PartLink> links = group_by_first_part(cut, num_parts, first);

    Graph q;
    q.xadj.assign(std::size_t(num_parts) + 1, 0);
    PartLinkSums sums(num_parts);
    for (PartId a = 0; a < num_parts; ++a) {
        sums.add_group(a, links.data() + first[a], links.data() + first[a + 1]);
        for (PartId b : sums.parts()) {
            q.adjncy.push_back(b);
            q.adjwgt.push_back(clamp_to_weight(sums.sum(b)));
        }
        q.xadj[a + 1] = EdgeOffset(q.adjncy.size());
    }
    // The part weights in a pass of their own: in the loop over the rows, their 64-bit stores
    // made the compiler reload the row offsets.
    const std::vector<WeightSum> weights = part_weights(graph, part, num_parts);
    q.ncon = graph.num_constraints();
    q.vwgt.resize(weights.size());
    for (std::size_t i = 0; i < weights.size(); ++i) q.vwgt[i] = clamp_to_weight(weights[i]);
    return q;
}

namespace {

// Graphs of fewer adjacency entries are measured on one thread: starting another would cost
// more than it saves.
constexpr std::size_t kParallelMetricEntries = std::size_t(1) << 16;

// In one scan of the edges: the edge cut, the communication volume, the boundary vertices,
// and the parts each part neighbours (the distinct (p, q) of its vertices' neighbours in
// other parts, each vertex contributing each q once).
void scan_cut_edges(PartitionMetrics& m, const Graph& graph, const std::vector<PartId>& part) {
    if (m.num_parts == 0) return;
    const EdgeOffset* const xadj = graph.xadj.data();
    const VertexId* const adjncy = graph.adjncy.data();
    const Weight* const adjwgt = graph.has_edge_weights() ? graph.adjwgt.data() : nullptr;
    const PartId* const parts = part.data();
    std::vector<VertexId> seen_by(std::size_t(m.num_parts), -1);
    std::vector<PartLink> links;
    WeightSum cut = 0;
    for (VertexId u = 0; u < graph.num_vertices(); ++u) {
        const PartId p = parts[u];
        seen_by[p] = u;
        const std::size_t before = links.size();
        for (EdgeOffset e = xadj[u]; e < xadj[u + 1]; ++e) {
            const PartId q = parts[adjncy[e]];
            if (q == p) continue;
            cut += adjwgt ? adjwgt[e] : 1;
            if (seen_by[q] == u) continue;
            seen_by[q] = u;
            links.push_back({p, q, 0});
        }
        const auto other_parts = WeightSum(links.size() - before);
        m.communication_volume += other_parts * graph.vertex_size(u);
        m.boundary_vertices += other_parts > 0;
    }
    m.edge_cut = cut / 2;
    std::vector<std::size_t> first;
    const std::vector<PartLink> grouped = group_by_first_part(links, m.num_parts, first);
    PartLinkSums neighbours(m.num_parts);
    std::vector<PartId> degree(std::size_t(m.num_parts));
    for (PartId p = 0; p < m.num_parts; ++p) {
        neighbours.add_group(p, grouped.data() + first[p], grouped.data() + first[p + 1]);
        degree[p] = PartId(neighbours.parts().size());
    }
    m.min_neighbour_parts = *std::min_element(degree.begin(), degree.end());
    m.max_neighbour_parts = *std::max_element(degree.begin(), degree.end());
    m.avg_neighbour_parts =
        double(std::accumulate(degree.begin(), degree.end(), EdgeOffset(0))) / m.num_parts;
}

// Fills in m's component measures from the components per part.
void add_component_counts(PartitionMetrics& m, const std::vector<VertexId>& components) {
    m.empty_parts = m.disconnected_parts = m.total_components = 0;
    for (VertexId count : components) {
        if (count == 0) ++m.empty_parts;
        if (count > 1) ++m.disconnected_parts;
        m.total_components += count;
    }
}

} // namespace

PartitionMetrics compute_metrics(const Graph& graph, const Partition& partition) {
    validate(partition, graph);
    const std::vector<PartId>& part = partition.part;
    PartitionMetrics m;
    m.num_vertices = graph.num_vertices();
    m.num_edges = graph.num_edges();
    m.num_parts = partition.num_parts;
    m.num_constraints = graph.num_constraints();
    // The components' scan of the edges is independent of the others: a thread each.
    std::vector<VertexId> components;
    std::exception_ptr failed[2];
#pragma omp parallel sections if (graph.adjncy.size() >= kParallelMetricEntries)
    {
#pragma omp section
        try {
            m.part_weights = part_weights(graph, part, m.num_parts);
            m.imbalance = imbalance_of(graph, partition, m.part_weights);
            scan_cut_edges(m, graph, part);
        } catch (...) { // exceptions cannot leave a parallel region
            failed[0] = std::current_exception();
        }
#pragma omp section
        try {
            components = components_per_part(graph, part, m.num_parts);
        } catch (...) {
            failed[1] = std::current_exception();
        }
    }
    for (const std::exception_ptr& failure : failed)
        if (failure) std::rethrow_exception(failure);
    add_component_counts(m, components);
    if (!partition.targets.empty()) {
        std::vector<WeightSum> work(std::size_t(m.num_parts));
        for (PartId p = 0; p < m.num_parts; ++p)
            work[std::size_t(p)] = m.part_weights[std::size_t(p) * m.num_constraints];
        m.efficiency = heterogeneous_efficiency(work, partition.targets);
    }
    return m;
}

} // namespace part
