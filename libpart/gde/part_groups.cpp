#include "libpart/gde/part_groups.hpp"

#include "libpart/core/metrics.hpp"
#include "libpart/core/saturated_weight.hpp"
#include "libpart/partition/metis_partition.hpp"

namespace part::gde {

namespace {

// Part pairs of a dense K x K table at most: beyond, the sparse quotient_graph and edge_cut.
bool dense_borders(const Graph& graph, PartId num_parts) {
    return std::size_t(num_parts) * std::size_t(num_parts) <= graph.adjncy.size() + 256;
}

// part_borders with a K x K table of border weights (and whether two parts meet at all: a
// border of zero-weight edges is still an edge of the quotient graph): a cut edge costs two
// stores instead of quotient_graph's list entry and sort, and the cut and the boundary marks
// come with it.
PartBorders dense_part_borders(const Graph& graph, const std::vector<PartId>& part,
                               PartId num_parts) {
    const std::size_t k = std::size_t(num_parts);
    std::vector<WeightSum> weight(k * k, 0);
    std::vector<char> meet(k * k, 0);
    const EdgeOffset* xadj = graph.xadj.data();
    const VertexId* adjncy = graph.adjncy.data();
    const Weight* adjwgt = graph.has_edge_weights() ? graph.adjwgt.data() : nullptr;
    const PartId* parts = part.data();
    PartBorders borders;
    borders.boundary.resize(std::size_t(graph.num_vertices()));
    char* boundary = borders.boundary.data();
    WeightSum both_ends = 0; // every cut edge, from each end
    for (VertexId u = 0; u < graph.num_vertices(); ++u) {
        const PartId p = parts[u];
        char on_border = 0;
        for (EdgeOffset e = xadj[u]; e < xadj[u + 1]; ++e) {
            const PartId q = parts[adjncy[e]];
            if (p == q) continue;
            const WeightSum w = adjwgt ? adjwgt[e] : 1;
            const std::size_t pair = std::size_t(p) * k + std::size_t(q);
            weight[pair] += w;
            meet[pair] = 1;
            both_ends += w;
            on_border = 1;
        }
        boundary[u] = on_border;
    }
    borders.cut = both_ends / 2;
    Graph& q = borders.quotient;
    q.xadj.assign(k + 1, 0);
    for (std::size_t a = 0; a < k; ++a) {
        for (std::size_t b = 0; b < k; ++b)
            if (meet[a * k + b]) {
                q.adjncy.push_back(PartId(b));
                q.adjwgt.push_back(clamp_to_weight(weight[a * k + b]));
            }
        q.xadj[a + 1] = EdgeOffset(q.adjncy.size());
    }
    return borders;
}

} // namespace

PartBorders part_borders(const Graph& graph, const std::vector<PartId>& part, PartId num_parts) {
    if (dense_borders(graph, num_parts)) return dense_part_borders(graph, part, num_parts);
    PartBorders borders{quotient_graph(graph, part, num_parts), edge_cut(graph, part), {}};
    borders.quotient.vwgt.clear();
    borders.quotient.ncon = 1;
    return borders;
}

std::vector<char> bisect_parts(const PartBorders& borders) {
    Graph quotient = borders.quotient;
    const PartId num_parts = quotient.num_vertices();
    // Each part weighs its border weight (+1, so that a part without border still counts).
    quotient.ncon = 1;
    quotient.vwgt.resize(std::size_t(num_parts));
    for (PartId p = 0; p < num_parts; ++p) {
        WeightSum border = 1;
        for (EdgeOffset e = quotient.xadj[p]; e < quotient.xadj[p + 1]; ++e)
            border += quotient.adjwgt[e];
        quotient.vwgt[p] = clamp_to_weight(border);
    }
    MetisOptions options;
    options.type = MetisOptions::Type::RecursiveBisection;
    options.ufactor = 50;
    const std::vector<PartId> group = partition_with_metis(quotient, 2, {}, options);
    return std::vector<char>(group.begin(), group.end());
}

std::vector<char> bisect_parts(const Graph& graph, const std::vector<PartId>& part,
                               PartId num_parts) {
    return bisect_parts(part_borders(graph, part, num_parts));
}

} // namespace part::gde
