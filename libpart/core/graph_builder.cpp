#include "libpart/core/graph_builder.hpp"

namespace part {

Graph graph_from_edges(VertexId n, const std::vector<WeightedEdge>& edges, bool weighted) {
    Graph g;
    g.xadj.assign(std::size_t(n) + 1, 0);
    for (const auto& e : edges) {
        ++g.xadj[e.u + 1];
        ++g.xadj[e.v + 1];
    }
    for (VertexId v = 0; v < n; ++v) g.xadj[v + 1] += g.xadj[v];
    g.adjncy.resize(edges.size() * 2);
    if (weighted) g.adjwgt.resize(edges.size() * 2);
    std::vector<EdgeOffset> fill(g.xadj.begin(), g.xadj.end() - 1);
    auto add = [&](VertexId from, VertexId to, Weight w) {
        EdgeOffset slot = fill[from]++;
        g.adjncy[slot] = to;
        if (weighted) g.adjwgt[slot] = w;
    };
    for (const auto& e : edges) {
        add(e.u, e.v, e.weight);
        add(e.v, e.u, e.weight);
    }
    return g;
}

} // namespace part
