#include "libpart/core/graph.hpp"

#include <algorithm>

#include "libpart/core/counting_sort.hpp"
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

// Ids in range, no self loop, no duplicate in any row. Leaves `stamp` (one per vertex) used.
void check_rows(const Graph& g, std::vector<VertexId>& stamp) {
    const VertexId n = g.num_vertices();
    stamp.assign(std::size_t(n), -1);
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

// An entry (lister, listed) of the rows with lister < listed, at `edge` in adjncy.
struct UpperEntry {
    VertexId lister, listed;
    EdgeOffset edge;
};

GraphError asymmetric(VertexId lister, VertexId listed) {
    return GraphError(Kind::AsymmetricEdge, lister, listed,
                      "vertex " + one_based(lister) + " lists neighbour " + one_based(listed) +
                          " but vertex " + one_based(listed) + " does not list " +
                          one_based(lister));
}

// A neighbour u < v of v that does not list v back (error path only); `listers` are the
// entries listing v.
VertexId first_unmatched_lower(const Graph& g, VertexId v, std::span<const UpperEntry> listers) {
    std::vector<VertexId> ids;
    for (const UpperEntry& entry : listers) ids.push_back(entry.lister);
    for (VertexId u : g.neighbours(v))
        if (u < v && std::find(ids.begin(), ids.end(), u) == ids.end()) return u;
    return -1;
}

// The entries listing each v (`upper`, grouped by v in increasing lister order) must be
// exactly v's neighbours below v, with equal edge weights. Rows are duplicate-free by now, so
// equal counts plus membership make the two sets equal.
void check_lower(const Graph& g, const std::vector<UpperEntry>& upper,
                 const std::vector<std::size_t>& first, std::vector<VertexId>& stamp) {
    std::fill(stamp.begin(), stamp.end(), -1);
    std::vector<EdgeOffset> position(stamp.size());
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        EdgeOffset below = 0;
        for (EdgeOffset e = g.xadj[v]; e < g.xadj[v + 1]; ++e) {
            const VertexId u = g.adjncy[e];
            if (u >= v) continue;
            ++below;
            stamp[u] = v;
            position[u] = e;
        }
        const std::span<const UpperEntry> listers(upper.data() + first[v],
                                                  upper.data() + first[v + 1]);
        for (const UpperEntry& entry : listers) {
            const VertexId u = entry.lister;
            if (stamp[u] != v) throw asymmetric(u, v);
            if (g.has_edge_weights() && g.adjwgt[position[u]] != g.adjwgt[entry.edge])
                throw GraphError(Kind::AsymmetricEdgeWeight, u, v,
                                 "edge " + one_based(u) + "-" + one_based(v) + " has weight " +
                                     std::to_string(g.adjwgt[entry.edge]) + " but edge " +
                                     one_based(v) + "-" + one_based(u) + " has weight " +
                                     std::to_string(g.adjwgt[position[u]]));
        }
        if (below != EdgeOffset(listers.size()))
            throw asymmetric(v, first_unmatched_lower(g, v, listers));
    }
}

} // namespace

// Valid graphs pass the quick check (one pass matching each edge with its mirror). Otherwise
// symmetry is checked by grouping the entries (u, v) with u < v by v (a counting sort) and
// matching each group with v's neighbours below v.
void validate(const Graph& graph) {
    check_attribute_sizes(graph);
    check_offsets(graph);
    if (passes_quick_check(graph)) return;
    std::vector<VertexId> stamp;
    check_rows(graph, stamp);
    check_weights_non_negative(graph);
    std::vector<UpperEntry> upper;
    for (VertexId u = 0; u < graph.num_vertices(); ++u)
        for (EdgeOffset e = graph.xadj[u]; e < graph.xadj[u + 1]; ++e)
            if (u < graph.adjncy[e]) upper.push_back({u, graph.adjncy[e], e});
    std::vector<std::size_t> first;
    const std::vector<UpperEntry> grouped = counting_sort(
        std::span<const UpperEntry>(upper), std::size_t(graph.num_vertices()),
        [](const UpperEntry& entry) { return entry.listed; }, first);
    check_lower(graph, grouped, first, stamp);
}

} // namespace part
