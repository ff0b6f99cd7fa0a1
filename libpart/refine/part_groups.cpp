#include "libpart/refine/part_groups.hpp"

#include <algorithm>
#include <cstdlib>

#include "libpart/core/metrics.hpp"
#include "libpart/core/saturated_weight.hpp"
#include "libpart/refine/boundary_polish.hpp"

namespace part::refine {

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

// Greedy graph growing from `start` (Karypis & Kumar, SIAM J. Sci. Comput. 20(1), 1998,
// section 4.2): the region takes the vertex next to it whose joining lowers the cut the most
// (the cheapest of the others when none is next to it), as long as that brings its weight
// closer to half the total. Returns 1 for the region's vertices. O(n^2), for the quotient
// graph's K.
std::vector<char> grow_region(const Graph& graph, VertexId start) {
    const VertexId n = graph.num_vertices();
    const WeightSum total = graph.total_vertex_weight()[0];
    std::vector<char> in(std::size_t(n), 0), next_to(std::size_t(n), 0);
    std::vector<WeightSum> gain(std::size_t(n), 0); // to the region minus to the rest
    for (VertexId v = 0; v < n; ++v)
        for (EdgeOffset e = graph.xadj[v]; e < graph.xadj[v + 1]; ++e) gain[v] -= graph.adjwgt[e];
    WeightSum weight = 0;
    for (VertexId next = start; next >= 0;) {
        const WeightSum joined = weight + graph.vwgt[next];
        if (std::abs(2 * joined - total) >= std::abs(2 * weight - total)) break;
        in[next] = 1;
        weight = joined;
        for (EdgeOffset e = graph.xadj[next]; e < graph.xadj[next + 1]; ++e) {
            gain[graph.adjncy[e]] += 2 * WeightSum(graph.adjwgt[e]);
            next_to[graph.adjncy[e]] = 1;
        }
        next = -1;
        for (VertexId v = 0; v < n; ++v) {
            if (in[v]) continue;
            if (next < 0 || next_to[v] > next_to[next] ||
                (next_to[v] == next_to[next] && gain[v] > gain[next]))
                next = v;
        }
    }
    return in;
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
    // Regions grown from up to 16 starts spread over the parts, each improved by FM; the
    // smallest cut wins (the first start on a tie). METIS bisects so a graph this small.
    const PartId starts = std::min<PartId>(num_parts, 16);
    std::vector<char> best;
    WeightSum best_cut = 0;
    for (PartId s = 0; s < starts; ++s) {
        const std::vector<char> region = grow_region(quotient, PartId(s * num_parts / starts));
        Partition halves{2, std::vector<PartId>(region.begin(), region.end()), {}};
        polish_boundary(quotient, halves, 0.05);
        const WeightSum cut = edge_cut(quotient, halves.part);
        if (!best.empty() && cut >= best_cut) continue;
        best.assign(halves.part.begin(), halves.part.end());
        best_cut = cut;
    }
    return best;
}

std::vector<char> bisect_parts(const Graph& graph, const std::vector<PartId>& part,
                               PartId num_parts) {
    return bisect_parts(part_borders(graph, part, num_parts));
}

} // namespace part::refine
