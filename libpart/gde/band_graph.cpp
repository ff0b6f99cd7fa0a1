#include "libpart/gde/band_graph.hpp"

namespace part::gde {

BandGraph extract_band(const Graph& graph, const std::vector<PartId>& part, PartId num_parts,
                       int width) {
    const VertexId n = graph.num_vertices();
    // Multi-source breadth-first search from the boundary, `width` layers deep.
    std::vector<VertexId> band_id(std::size_t(n), -1);
    BandGraph band;
    for (VertexId v = 0; v < n; ++v) {
        bool boundary = width < 0;
        for (VertexId u : graph.neighbours(v))
            if (part[u] != part[v]) {
                boundary = true;
                break;
            }
        if (boundary) {
            band_id[v] = VertexId(band.vertex.size());
            band.vertex.push_back(v);
        }
    }
    std::size_t layer_begin = 0;
    for (int layer = 0; layer < width; ++layer) {
        const std::size_t layer_end = band.vertex.size();
        for (std::size_t i = layer_begin; i < layer_end; ++i)
            for (VertexId u : graph.neighbours(band.vertex[i]))
                if (band_id[u] < 0) {
                    band_id[u] = VertexId(band.vertex.size());
                    band.vertex.push_back(u);
                }
        layer_begin = layer_end;
    }
    // Band vertices in their original order: neighbours stay close in memory, which the
    // matching and the FM passes on the band (random visits of rows) depend on.
    band.vertex.clear();
    for (VertexId v = 0; v < n; ++v)
        if (band_id[v] >= 0) {
            band_id[v] = VertexId(band.vertex.size());
            band.vertex.push_back(v);
        }
    const VertexId b = band.num_band_vertices();

    Graph& g = band.graph;
    g.ncon = 1;
    g.vwgt.assign(std::size_t(b) + num_parts, 0);
    band.part.resize(std::size_t(b) + num_parts);
    band.fixed.assign(std::size_t(b) + num_parts, 0);
    for (PartId p = 0; p < num_parts; ++p) {
        band.part[b + p] = p;
        band.fixed[b + p] = 1;
    }
    for (VertexId v = 0; v < n; ++v)
        if (band_id[v] < 0) g.vwgt[b + part[v]] += graph.vertex_weight(v);

    // Band rows: neighbours in the band as they are, the others (same part, beyond the last
    // layer) folded into one edge to the anchor. Anchor rows are built from the band rows.
    std::vector<WeightSum> to_anchor(std::size_t(b), 0);
    std::vector<VertexId> anchor_degree(std::size_t(num_parts), 0);
    g.xadj.assign(std::size_t(b) + num_parts + 1, 0);
    for (VertexId i = 0; i < b; ++i) {
        const VertexId v = band.vertex[i];
        band.part[i] = part[v];
        g.vwgt[i] = graph.vertex_weight(v);
        EdgeOffset row = 0;
        for (EdgeOffset e = graph.xadj[v]; e < graph.xadj[v + 1]; ++e) {
            if (band_id[graph.adjncy[e]] >= 0)
                ++row;
            else
                to_anchor[i] += graph.edge_weight(e);
        }
        if (to_anchor[i] > 0) {
            ++row;
            ++anchor_degree[part[v]];
        }
        g.xadj[i + 1] = g.xadj[i] + row;
    }
    for (PartId p = 0; p < num_parts; ++p) g.xadj[b + p + 1] = g.xadj[b + p] + anchor_degree[p];
    g.adjncy.resize(std::size_t(g.xadj.back()));
    g.adjwgt.resize(std::size_t(g.xadj.back()));
    std::vector<EdgeOffset> anchor_fill(g.xadj.begin() + b, g.xadj.end() - 1);
    for (VertexId i = 0; i < b; ++i) {
        const VertexId v = band.vertex[i];
        EdgeOffset out = g.xadj[i];
        for (EdgeOffset e = graph.xadj[v]; e < graph.xadj[v + 1]; ++e) {
            const VertexId j = band_id[graph.adjncy[e]];
            if (j < 0) continue;
            g.adjncy[out] = j;
            g.adjwgt[out++] = graph.edge_weight(e);
        }
        if (to_anchor[i] == 0) continue;
        const PartId p = part[v];
        g.adjncy[out] = b + p;
        g.adjwgt[out] = Weight(to_anchor[i]);
        g.adjncy[anchor_fill[p]] = i;
        g.adjwgt[anchor_fill[p]++] = Weight(to_anchor[i]);
    }
    return band;
}

} // namespace part::gde
