#include "libpart/order/locality_renumbering.hpp"

#include <algorithm>
#include <cstdlib>

#include "libpart/core/parallel.hpp"

namespace part {

bool scatters_neighbours(const Graph& graph) {
    const VertexId n = graph.num_vertices();
    if (n < kLocalityMinVertices) return false;
    const EdgeOffset* const xadj = graph.xadj.data();
    const VertexId* const adjncy = graph.adjncy.data();
    EdgeOffset far = 0, sampled = 0;
    for (VertexId v = 0; v < n; v += 64) {
        for (EdgeOffset e = xadj[v]; e < xadj[v + 1]; ++e)
            far += std::abs(adjncy[e] - v) > kLocalityFar;
        sampled += xadj[v + 1] - xadj[v];
    }
    return 2 * far > sampled;
}

namespace {

// How far ahead the rows are prefetched: a search (or copy) reads a row, then its neighbours'
// entries, each in another part of memory on a graph worth renumbering, and waited for each.
// A breadth-first search over mdual took 11 ms, 5 ms with the prefetches.
constexpr VertexId kAhead = 8;

} // namespace

Renumbering part_major_renumbering(const Graph& graph, const std::vector<PartId>& part) {
    const VertexId n = graph.num_vertices();
    Renumbering r;
    r.old_of.resize(std::size_t(n));
    r.new_of.assign(std::size_t(n), -1);
    VertexId* const old_of = r.old_of.data();
    VertexId* const new_of = r.new_of.data();
    const EdgeOffset* const xadj = graph.xadj.data();
    const VertexId* const adjncy = graph.adjncy.data();
    const PartId* const part_of = part.data();
    // A breadth-first search within the part from each vertex not reached yet, in increasing
    // order. The queue is old_of itself: a vertex's new id is its place in it.
    VertexId tail = 0;
    for (VertexId s = 0; s < n; ++s) {
        if (new_of[s] >= 0) continue;
        const PartId home = part_of[s];
        new_of[s] = tail;
        old_of[tail++] = s;
        for (VertexId head = tail - 1; head < tail; ++head) {
            // The offsets of a row two steps ahead, the row one step ahead, the neighbours'
            // entries of the row half a step ahead.
            if (head + 2 * kAhead < tail) __builtin_prefetch(&xadj[old_of[head + 2 * kAhead]]);
            if (head + kAhead < tail) __builtin_prefetch(&adjncy[xadj[old_of[head + kAhead]]]);
            if (head + kAhead / 2 < tail) {
                const VertexId w = old_of[head + kAhead / 2];
                for (EdgeOffset e = xadj[w]; e < xadj[w + 1]; ++e) {
                    __builtin_prefetch(&new_of[adjncy[e]]);
                    __builtin_prefetch(&part_of[adjncy[e]]);
                }
            }
            // Taking a neighbour is written without a branch (it is always written at the
            // tail, which moves on only if it is new to the search): whether it is new is
            // what the processor cannot predict.
            const VertexId v = old_of[head];
            for (EdgeOffset e = xadj[v]; e < xadj[v + 1]; ++e) {
                const VertexId u = adjncy[e];
                const VertexId id = new_of[u];
                const bool fresh = (id < 0) & (part_of[u] == home);
                old_of[tail] = u;
                new_of[u] = fresh ? tail : id;
                tail += fresh;
            }
        }
    }
    return r;
}

namespace {

// Rows of new vertices [begin, end) of `to` (whose xadj is complete) from `from`, the rows
// ahead prefetched as in breadth_first_searches.
void copy_rows(const Graph& from, const Renumbering& r, VertexId begin, VertexId end, Graph& to) {
    const EdgeOffset* const xadj = from.xadj.data();
    const VertexId* const adjncy = from.adjncy.data();
    const VertexId* const old_of = r.old_of.data();
    const VertexId* const new_of = r.new_of.data();
    const bool weighted = from.has_edge_weights();
    EdgeOffset out = to.xadj[std::size_t(begin)];
    for (VertexId i = begin; i < end; ++i) {
        if (i + kAhead < end) __builtin_prefetch(&adjncy[xadj[old_of[i + kAhead]]]);
        if (i + kAhead / 2 < end) {
            const VertexId w = old_of[i + kAhead / 2];
            for (EdgeOffset e = xadj[w]; e < xadj[w + 1]; ++e)
                __builtin_prefetch(&new_of[adjncy[e]]);
        }
        const VertexId v = old_of[i];
        const EdgeOffset first = xadj[v], last = xadj[v + 1];
        for (EdgeOffset e = first; e < last; ++e)
            to.adjncy[std::size_t(out + e - first)] = new_of[adjncy[e]];
        if (weighted)
            std::copy(from.adjwgt.begin() + first, from.adjwgt.begin() + last,
                      to.adjwgt.begin() + out);
        out += last - first;
    }
}

// Rows of `stride` values per vertex (weights, coordinates) in the new order.
template <typename T>
std::vector<T> rows_in_new_order(const std::vector<T>& values, std::size_t stride,
                                 const Renumbering& r) {
    if (values.empty()) return {};
    std::vector<T> renumbered(values.size());
    for (std::size_t i = 0; i < r.old_of.size(); ++i)
        std::copy_n(values.begin() + std::ptrdiff_t(std::size_t(r.old_of[i]) * stride), stride,
                    renumbered.begin() + std::ptrdiff_t(i * stride));
    return renumbered;
}

} // namespace

Graph renumbered_graph(const Graph& graph, const Renumbering& r) {
    if (r.empty()) return graph;
    const VertexId n = graph.num_vertices();
    Graph g;
    g.ncon = graph.ncon;
    g.xadj.resize(std::size_t(n) + 1);
    g.xadj[0] = 0;
    for (VertexId i = 0; i < n; ++i) {
        if (i + 2 * kAhead < n) __builtin_prefetch(&graph.xadj[r.old_of[i + 2 * kAhead]]);
        g.xadj[i + 1] = g.xadj[i] + graph.degree(r.old_of[i]);
    }
    g.adjncy.resize(graph.adjncy.size());
    g.adjwgt.resize(graph.adjwgt.size());
    // Two halves of about equal entries at once where there are two cores.
    const EdgeOffset entries = g.xadj.back();
    const auto middle =
        VertexId(std::lower_bound(g.xadj.begin(), g.xadj.end(), entries / 2) - g.xadj.begin());
    const VertexId split = std::min(middle, n);
    run_both(
        entries, [&] { copy_rows(graph, r, 0, split, g); },
        [&] { copy_rows(graph, r, split, n, g); });
    g.vwgt = rows_in_new_order(graph.vwgt, std::size_t(graph.num_constraints()), r);
    g.vsize = rows_in_new_order(graph.vsize, 1, r);
    g.coords.dim = graph.coords.dim;
    g.coords.values = rows_in_new_order(graph.coords.values, std::size_t(graph.coords.dim), r);
    return g;
}

} // namespace part
