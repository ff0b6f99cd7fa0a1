#include "libpart/core/graph.hpp"

#include <algorithm>

#include "libpart/core/graph_quick_check.hpp"

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

void check_offsets(const Graph& g) {
    for (VertexId u = 0; u < g.num_vertices(); ++u)
        if (g.xadj[u + 1] < g.xadj[u])
            throw GraphError(Kind::BadOffsets, u, -1,
                             "adjacency offsets decrease at vertex " + one_based(u));
}

// A stamp per vertex and, per vertex v, the count of entries (u, v) with u < v (later turned
// into the fill positions of v's lower list).
struct RowScratch {
    std::vector<VertexId> stamp;
    std::vector<EdgeOffset> lower;
};

// Ids in range, no self loop, no duplicate in any row; counts lower entries.
void check_rows(const Graph& g, RowScratch& scratch) {
    const VertexId n = g.num_vertices();
    scratch.stamp.assign(std::size_t(n), -1);
    scratch.lower.assign(std::size_t(n) + 1, 0);
    for (VertexId u = 0; u < n; ++u) {
        for (VertexId v : g.neighbours(u)) {
            if (v < 0 || v >= n)
                throw GraphError(Kind::IdOutOfRange, u, v,
                                 "vertex " + one_based(u) + " lists neighbour " + one_based(v) +
                                     ", outside 1.." + std::to_string(n));
            if (v == u)
                throw GraphError(Kind::SelfLoop, u, v, "vertex " + one_based(u) + " lists itself");
            if (scratch.stamp[v] == u)
                throw GraphError(Kind::DuplicateEdge, u, v,
                                 "vertex " + one_based(u) + " lists neighbour " + one_based(v) +
                                     " more than once");
            scratch.stamp[v] = u;
            if (u < v) ++scratch.lower[v + 1];
        }
    }
}

// Offsets of the lower lists (entries (u, v) with u < v grouped by v, in increasing u), and
// the counts turned into where each list's entries go.
std::vector<EdgeOffset> lower_list_offsets(RowScratch& scratch, VertexId n) {
    std::vector<EdgeOffset> lower_start(std::size_t(n) + 1, 0);
    for (VertexId v = 0; v < n; ++v) {
        const EdgeOffset count = scratch.lower[v + 1];
        scratch.lower[v + 1] = lower_start[v];
        lower_start[v + 1] = lower_start[v] + count;
    }
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

struct LowerLists {
    std::vector<EdgeOffset> start;
    std::vector<VertexId> source; // u of each entry (u, v), grouped by v
    std::vector<EdgeOffset> edge; // its position in adjncy, when edges are weighted
};

// Scatters the entries (u, v), u < v, into v's lower list.
void scatter_lower(const Graph& g, RowScratch& scratch, LowerLists& lists) {
    for (VertexId u = 0; u < g.num_vertices(); ++u)
        for (EdgeOffset e = g.xadj[u]; e < g.xadj[u + 1]; ++e) {
            const VertexId v = g.adjncy[e];
            if (u >= v) continue;
            const EdgeOffset slot = scratch.lower[v + 1]++;
            lists.source[slot] = u;
            if (!lists.edge.empty()) lists.edge[slot] = e;
        }
}

// Each v's lower list must be exactly its neighbours below v, with equal edge weights. Rows
// are duplicate-free by now, so equal counts plus membership make the two sets equal.
void check_lower(const Graph& g, const LowerLists& lists, std::vector<VertexId>& stamp) {
    std::fill(stamp.begin(), stamp.end(), -1);
    std::vector<EdgeOffset> position(g.has_edge_weights() ? stamp.size() : 0);
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        EdgeOffset below = 0;
        for (EdgeOffset e = g.xadj[v]; e < g.xadj[v + 1]; ++e) {
            const VertexId u = g.adjncy[e];
            if (u >= v) continue;
            ++below;
            stamp[u] = v;
            if (!position.empty()) position[u] = e;
        }
        for (EdgeOffset t = lists.start[v]; t < lists.start[v + 1]; ++t) {
            const VertexId u = lists.source[t];
            if (stamp[u] != v) throw asymmetric(u, v);
            if (!position.empty() && g.adjwgt[position[u]] != g.adjwgt[lists.edge[t]])
                throw GraphError(Kind::AsymmetricEdgeWeight, u, v,
                                 "edge " + one_based(u) + "-" + one_based(v) + " has weight " +
                                     std::to_string(g.adjwgt[lists.edge[t]]) + " but edge " +
                                     one_based(v) + "-" + one_based(u) + " has weight " +
                                     std::to_string(g.adjwgt[position[u]]));
        }
        if (below != lists.start[v + 1] - lists.start[v])
            throw asymmetric(v, first_unmatched_lower(g, v, lists.source, lists.start));
    }
}

} // namespace

// Valid graphs pass the quick check (one pass matching each edge with its mirror). Otherwise
// symmetry is checked by scattering the entries (u, v) with u < v into lists per v (a
// counting sort) and matching each list with v's neighbours below v.
void validate(const Graph& graph) {
    check_attribute_sizes(graph);
    check_offsets(graph);
    if (passes_quick_check(graph)) return;
    const VertexId n = graph.num_vertices();
    RowScratch scratch;
    check_rows(graph, scratch);
    check_weights_non_negative(graph);
    LowerLists lists;
    lists.start = lower_list_offsets(scratch, n);
    lists.source.resize(std::size_t(lists.start[n]));
    lists.edge.resize(graph.has_edge_weights() ? lists.source.size() : 0);
    scatter_lower(graph, scratch, lists);
    check_lower(graph, lists, scratch.stamp);
}

} // namespace part
