#include "libpart/core/graph.hpp"

#include <algorithm>

namespace part {

std::vector<WeightSum> Graph::total_vertex_weight() const {
    std::vector<WeightSum> total(num_constraints(), 0);
    if (vwgt.empty()) {
        total[0] = num_vertices();
        return total;
    }
    for (std::size_t i = 0; i < vwgt.size(); ++i) total[i % ncon] += vwgt[i];
    return total;
}

namespace {

using Kind = GraphError::Kind;

std::string one_based(VertexId v) {
    return std::to_string(std::int64_t(v) + 1);
}

void check_attribute_sizes(const Graph& g) {
    const std::size_t n = std::size_t(g.num_vertices());
    if (g.xadj.empty() || g.xadj.front() != 0 || g.xadj.back() != EdgeOffset(g.adjncy.size()))
        throw GraphError(Kind::BadOffsets, -1, -1, "adjacency offsets do not span the edge list");
    if (g.ncon < 0 || (g.ncon == 0) != g.vwgt.empty() ||
        (!g.vwgt.empty() && g.vwgt.size() != n * g.ncon))
        throw GraphError(Kind::BadAttributeSize, -1, -1, "vertex weights do not match n * ncon");
    if (!g.vsize.empty() && g.vsize.size() != n)
        throw GraphError(Kind::BadAttributeSize, -1, -1, "vertex sizes do not match n");
    if (!g.adjwgt.empty() && g.adjwgt.size() != g.adjncy.size())
        throw GraphError(Kind::BadAttributeSize, -1, -1, "edge weights do not match the edges");
    if (!g.coords.empty() && g.coords.values.size() != n * g.coords.dim)
        throw GraphError(Kind::BadAttributeSize, -1, -1, "coordinates do not match n");
}

VertexId vertex_of_edge(const Graph& g, EdgeOffset e) {
    auto it = std::upper_bound(g.xadj.begin(), g.xadj.end(), e);
    return VertexId(it - g.xadj.begin() - 1);
}

void check_weights_non_negative(const Graph& g) {
    for (std::size_t i = 0; i < g.vwgt.size(); ++i)
        if (g.vwgt[i] < 0)
            throw GraphError(Kind::NegativeWeight, VertexId(i / g.ncon), -1,
                             "vertex " + one_based(VertexId(i / g.ncon)) + " has negative weight " +
                                 std::to_string(g.vwgt[i]));
    for (std::size_t v = 0; v < g.vsize.size(); ++v)
        if (g.vsize[v] < 0)
            throw GraphError(Kind::NegativeWeight, VertexId(v), -1,
                             "vertex " + one_based(VertexId(v)) + " has negative size " +
                                 std::to_string(g.vsize[v]));
    for (std::size_t e = 0; e < g.adjwgt.size(); ++e)
        if (g.adjwgt[e] < 0) {
            VertexId u = vertex_of_edge(g, EdgeOffset(e));
            throw GraphError(Kind::NegativeWeight, u, g.adjncy[e],
                             "edge " + one_based(u) + "-" + one_based(g.adjncy[e]) +
                                 " has negative weight " + std::to_string(g.adjwgt[e]));
        }
}

// Offsets non-decreasing, ids in range, no self loop, no duplicate. `stamp` is scratch.
// Returns, for each v, the offsets of the "lower" lists check_symmetry fills: the entries
// (u, v) with u < v, counted here to save a pass.
std::vector<EdgeOffset> check_rows(const Graph& g, std::vector<VertexId>& stamp) {
    std::vector<EdgeOffset> lower_start(std::size_t(g.num_vertices()) + 1, 0);
    const VertexId n = g.num_vertices();
    for (VertexId u = 0; u < n; ++u)
        if (g.xadj[u + 1] < g.xadj[u])
            throw GraphError(Kind::BadOffsets, u, -1,
                             "adjacency offsets decrease at vertex " + one_based(u));
    for (VertexId u = 0; u < n; ++u) {
        for (VertexId v : g.neighbours(u)) {
            if (v < 0 || v >= n)
                throw GraphError(Kind::IdOutOfRange, u, v,
                                 "vertex " + one_based(u) + " lists neighbour " + one_based(v) +
                                     ", outside 1.." + std::to_string(n));
            if (v == u)
                throw GraphError(Kind::SelfLoop, u, v, "vertex " + one_based(u) + " lists itself");
            if (stamp[v] == u)
                throw GraphError(Kind::DuplicateEdge, u, v,
                                 "vertex " + one_based(u) + " lists neighbour " + one_based(v) +
                                     " more than once");
            stamp[v] = u;
            if (u < v) ++lower_start[v + 1];
        }
    }
    for (VertexId v = 0; v < n; ++v) lower_start[v + 1] += lower_start[v];
    return lower_start;
}

GraphError asymmetric(VertexId lister, VertexId listed) {
    return GraphError(Kind::AsymmetricEdge, lister, listed,
                      "vertex " + one_based(lister) + " lists neighbour " + one_based(listed) +
                          " but vertex " + one_based(listed) + " does not list " +
                          one_based(lister));
}

// A neighbour u < v of v that does not list v back (error path only).
VertexId first_unmatched_lower(const Graph& g, VertexId v,
                               const std::vector<VertexId>& lower_source,
                               const std::vector<EdgeOffset>& lower_start) {
    std::vector<VertexId> listers(lower_source.begin() + lower_start[v],
                                  lower_source.begin() + lower_start[v + 1]);
    std::sort(listers.begin(), listers.end());
    for (VertexId u : g.neighbours(v))
        if (u < v && !std::binary_search(listers.begin(), listers.end(), u)) return u;
    return -1;
}

// Every (u, v) must have its (v, u) with the same weight. Scatters the entries with u < v
// into lists per v ("lower" lists, built by counting sort), then checks that each v's lower
// list is exactly its neighbours below v. Rows are duplicate-free by now, so equal counts
// plus membership make the two sets equal. Touches each entry about twice, cache-friendly.
void check_symmetry(const Graph& g, const std::vector<EdgeOffset>& lower_start,
                    std::vector<VertexId>& stamp) {
    const VertexId n = g.num_vertices();
    std::vector<VertexId> lower_source(static_cast<std::size_t>(lower_start[n]));
    std::vector<EdgeOffset> lower_edge(g.has_edge_weights() ? lower_source.size() : 0);
    {
        std::vector<EdgeOffset> fill(lower_start.begin(), lower_start.end() - 1);
        for (VertexId u = 0; u < n; ++u)
            for (EdgeOffset e = g.xadj[u]; e < g.xadj[u + 1]; ++e) {
                const VertexId v = g.adjncy[e];
                if (u >= v) continue;
                const EdgeOffset slot = fill[v]++;
                lower_source[slot] = u;
                if (!lower_edge.empty()) lower_edge[slot] = e;
            }
    }
    std::fill(stamp.begin(), stamp.end(), -1);
    std::vector<EdgeOffset> position(g.has_edge_weights() ? std::size_t(n) : 0);
    for (VertexId v = 0; v < n; ++v) {
        EdgeOffset below = 0;
        for (EdgeOffset e = g.xadj[v]; e < g.xadj[v + 1]; ++e) {
            const VertexId u = g.adjncy[e];
            if (u >= v) continue;
            ++below;
            stamp[u] = v;
            if (!position.empty()) position[u] = e;
        }
        for (EdgeOffset t = lower_start[v]; t < lower_start[v + 1]; ++t) {
            const VertexId u = lower_source[t];
            if (stamp[u] != v) throw asymmetric(u, v);
            if (!position.empty() && g.adjwgt[position[u]] != g.adjwgt[lower_edge[t]])
                throw GraphError(Kind::AsymmetricEdgeWeight, u, v,
                                 "edge " + one_based(u) + "-" + one_based(v) + " has weight " +
                                     std::to_string(g.adjwgt[lower_edge[t]]) + " but edge " +
                                     one_based(v) + "-" + one_based(u) + " has weight " +
                                     std::to_string(g.adjwgt[position[u]]));
        }
        if (below != lower_start[v + 1] - lower_start[v])
            throw asymmetric(v, first_unmatched_lower(g, v, lower_source, lower_start));
    }
}

} // namespace

void validate(const Graph& graph) {
    check_attribute_sizes(graph);
    std::vector<VertexId> stamp(std::size_t(graph.num_vertices()), -1);
    const auto lower_start = check_rows(graph, stamp);
    check_weights_non_negative(graph);
    check_symmetry(graph, lower_start, stamp);
}

} // namespace part
