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

std::string one_based(VertexId v) { return std::to_string(std::int64_t(v) + 1); }

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
void check_rows(const Graph& g, std::vector<VertexId>& stamp) {
    const VertexId n = g.num_vertices();
    for (VertexId u = 0; u < n; ++u)
        if (g.xadj[u + 1] < g.xadj[u])
            throw GraphError(Kind::BadOffsets, u, -1, "adjacency offsets decrease at vertex " + one_based(u));
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
        }
    }
}

// Every (u, v) must have its (v, u) with the same weight. Builds the transpose by counting
// sort, so row u of the transpose lists the vertices that name u; each must be u's neighbour.
void check_symmetry(const Graph& g, std::vector<VertexId>& stamp) {
    const VertexId n = g.num_vertices();
    std::vector<EdgeOffset> tstart(std::size_t(n) + 1, 0);
    for (VertexId v : g.adjncy) ++tstart[v + 1];
    for (VertexId v = 0; v < n; ++v) tstart[v + 1] += tstart[v];
    std::vector<VertexId> tsource(g.adjncy.size());
    std::vector<EdgeOffset> tedge(g.has_edge_weights() ? g.adjncy.size() : 0);
    {
        std::vector<EdgeOffset> fill(tstart.begin(), tstart.end() - 1);
        for (VertexId u = 0; u < n; ++u)
            for (EdgeOffset e = g.xadj[u]; e < g.xadj[u + 1]; ++e) {
                EdgeOffset slot = fill[g.adjncy[e]]++;
                tsource[slot] = u;
                if (!tedge.empty()) tedge[slot] = e;
            }
    }
    std::fill(stamp.begin(), stamp.end(), -1);
    std::vector<EdgeOffset> position(g.has_edge_weights() ? std::size_t(n) : 0);
    for (VertexId u = 0; u < n; ++u) {
        for (EdgeOffset e = g.xadj[u]; e < g.xadj[u + 1]; ++e) {
            stamp[g.adjncy[e]] = u;
            if (!position.empty()) position[g.adjncy[e]] = e;
        }
        for (EdgeOffset t = tstart[u]; t < tstart[u + 1]; ++t) {
            VertexId w = tsource[t];
            if (stamp[w] != u)
                throw GraphError(Kind::AsymmetricEdge, w, u,
                                 "vertex " + one_based(w) + " lists neighbour " + one_based(u) +
                                     " but vertex " + one_based(u) + " does not list " + one_based(w));
            if (!position.empty() && g.adjwgt[position[w]] != g.adjwgt[tedge[t]])
                throw GraphError(Kind::AsymmetricEdgeWeight, w, u,
                                 "edge " + one_based(w) + "-" + one_based(u) + " has weight " +
                                     std::to_string(g.adjwgt[tedge[t]]) + " but edge " + one_based(u) +
                                     "-" + one_based(w) + " has weight " +
                                     std::to_string(g.adjwgt[position[w]]));
        }
    }
}

} // namespace

void validate(const Graph& graph) {
    check_attribute_sizes(graph);
    std::vector<VertexId> stamp(std::size_t(graph.num_vertices()), -1);
    check_rows(graph, stamp);
    check_weights_non_negative(graph);
    check_symmetry(graph, stamp);
}

} // namespace part
