#include "libpart/order/locality_renumbering.hpp"

#include <algorithm>

#include "libpart/order/permutation.hpp"

namespace part {

Renumbering part_major_renumbering(const Graph& graph, const std::vector<PartId>& part) {
    Renumbering r;
    r.old_of = breadth_first_part_order(graph, part);
    r.new_of = inverse_permutation(r.old_of);
    return r;
}

namespace {

// The rows of `to` (whose xadj is complete) from `from`, each written where to.xadj puts it:
// the same whichever thread writes it.
void copy_rows(const Graph& from, const Renumbering& r, Graph& to) {
    const EdgeOffset* const xadj = from.xadj.data();
    const VertexId* const adjncy = from.adjncy.data();
    const VertexId* const old_of = r.old_of.data();
    const VertexId* const new_of = r.new_of.data();
    const bool weighted = from.has_edge_weights();
#pragma omp parallel for schedule(static)
    for (VertexId i = 0; i < to.num_vertices(); ++i) {
        const VertexId v = old_of[i];
        const EdgeOffset first = xadj[v], last = xadj[v + 1], out = to.xadj[std::size_t(i)];
        for (EdgeOffset e = first; e < last; ++e)
            to.adjncy[std::size_t(out + e - first)] = new_of[adjncy[e]];
        if (weighted)
            std::copy(from.adjwgt.begin() + first, from.adjwgt.begin() + last,
                      to.adjwgt.begin() + out);
    }
}

// Rows of `stride` values per vertex (weights, coordinates) in the new order.
template <typename T>
std::vector<T> rows_in_new_order(const std::vector<T>& values, std::size_t stride,
                                 const Renumbering& r) {
    if (values.empty()) return {};
    std::vector<T> renumbered(values.size());
#pragma omp parallel for schedule(static)
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
    for (VertexId i = 0; i < n; ++i) g.xadj[i + 1] = g.xadj[i] + graph.degree(r.old_of[i]);
    g.adjncy.resize(graph.adjncy.size());
    g.adjwgt.resize(graph.adjwgt.size());
    copy_rows(graph, r, g);
    g.vwgt = rows_in_new_order(graph.vwgt, std::size_t(graph.num_constraints()), r);
    g.vsize = rows_in_new_order(graph.vsize, 1, r);
    g.coords.dim = graph.coords.dim;
    g.coords.values = rows_in_new_order(graph.coords.values, std::size_t(graph.coords.dim), r);
    return g;
}

Renumbering renumber_for_locality(Graph& graph, std::vector<PartId>& part) {
    if (!scatters_neighbours(graph)) return {};
    Renumbering r = part_major_renumbering(graph, part);
    graph = renumbered_graph(graph, r);
    part = in_new_order(part, r);
    return r;
}

} // namespace part
