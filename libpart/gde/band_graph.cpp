#include "libpart/gde/band_graph.hpp"

#include <algorithm>

#include "libpart/core/saturated_weight.hpp"

namespace part::gde {

namespace {

// Every vertex, for the band of the whole graph.
struct AllParts {
    bool operator()(VertexId) const { return true; }
};

// The vertices of one group's parts, for the band of that group.
struct GroupParts {
    const PartId* part;
    const char* in_group;
    bool operator()(VertexId v) const { return in_group[part[v]] != 0; }
};

// Band membership: every vertex `mine` selects within `width` layers of a border between two
// of its parts (all when width < 0), growing through such vertices only. scratch.layer ends
// holding the outermost layer, the only band vertices with neighbours outside the band.
// `boundary` (or null): marks of the vertices that may lie on a border (see extract_band).
template <typename Mine>
void band_members(const Graph& graph, const std::vector<PartId>& part, int width, Mine mine,
                  const char* boundary, BandScratch& scratch) {
    const VertexId n = graph.num_vertices();
    std::vector<char>& in_band = scratch.in_band;
    in_band.assign(std::size_t(n), 0);
    if (width < 0) {
        for (VertexId v = 0; v < n; ++v) in_band[v] = mine(v);
        return;
    }
    std::vector<VertexId>& layer = scratch.layer;
    std::vector<VertexId>& next = scratch.next;
    layer.clear();
    for (VertexId v = 0; v < n; ++v) {
        if ((boundary != nullptr && !boundary[v]) || !mine(v)) continue;
        for (VertexId u : graph.neighbours(v))
            if (part[u] != part[v] && mine(u)) {
                in_band[v] = 1;
                layer.push_back(v);
                break;
            }
    }
    for (int depth = 0; depth < width && !layer.empty(); ++depth) {
        next.clear();
        for (VertexId v : layer)
            for (VertexId u : graph.neighbours(v))
                if (!in_band[u] && mine(u)) {
                    in_band[u] = 1;
                    next.push_back(u);
                }
        layer.swap(next);
    }
}

// The band graph of the vertices `mine` selects (see extract_band and extract_group_band).
template <typename Mine>
void build_band(const Graph& graph, const std::vector<PartId>& part, int width, Mine mine,
                const std::vector<char>* boundary, BandGraph& band, BandScratch& scratch) {
    const VertexId n = graph.num_vertices();
    band_members(graph, part, width, mine, boundary ? boundary->data() : nullptr, scratch);
    const std::vector<char>& in_band = scratch.in_band;
    // Band vertices keep their original order: neighbours stay close in memory, which the
    // matching and the FM passes on the band (visits of scattered rows) depend on. The rest
    // gets one anchor per connected piece of each part's interior, so that a part connected
    // in the band graph is connected in the graph (an anchor is a connected set).
    std::vector<VertexId>& id = scratch.id; // band index, or anchor number
    id.assign(std::size_t(n), -1);
    band.vertex.clear();
    for (VertexId v = 0; v < n; ++v)
        if (in_band[v]) {
            id[v] = VertexId(band.vertex.size());
            band.vertex.push_back(v);
        }
    const VertexId b = band.num_band_vertices();
    VertexId anchors = 0;
    std::vector<VertexId>& stack = scratch.stack;
    std::vector<WeightSum>& anchor_weight = scratch.anchor_weight;
    std::vector<PartId>& anchor_part = scratch.anchor_part;
    anchor_weight.clear();
    anchor_part.clear();
    std::vector<WeightSum>& foreign_weight = scratch.foreign_weight;
    foreign_weight.clear();
    for (VertexId s = 0; s < n; ++s) {
        if (!mine(s)) { // another group's part: only its weight is kept, on ballast
            if (foreign_weight.size() <= std::size_t(part[s])) foreign_weight.resize(part[s] + 1);
            foreign_weight[part[s]] += graph.vertex_weight(s);
            continue;
        }
        if (in_band[s] || id[s] >= 0) continue;
        id[s] = anchors;
        anchor_weight.push_back(0);
        anchor_part.push_back(part[s]);
        stack.assign(1, s);
        while (!stack.empty()) {
            const VertexId v = stack.back();
            stack.pop_back();
            anchor_weight.back() += graph.vertex_weight(v);
            for (VertexId u : graph.neighbours(v))
                if (!in_band[u] && id[u] < 0 && mine(u)) { // not in the band: v's part
                    id[u] = anchors;
                    stack.push_back(u);
                }
        }
        ++anchors;
    }
    // A piece heavier than a 32-bit vertex weight holds puts the rest of its weight on fixed,
    // edgeless ballast vertices after the anchors, and so does each part of another group:
    // the part weights, and so the balance limits of the refinement, stay exact.
    VertexId ballast = 0;
    for (VertexId a = 0; a < anchors; ++a)
        ballast += VertexId((std::max<WeightSum>(anchor_weight[a], 1) - 1) / kMaxWeight);
    for (const WeightSum w : foreign_weight) ballast += VertexId((w + kMaxWeight - 1) / kMaxWeight);
    const VertexId total = b + anchors + ballast;
    Graph& g = band.graph;
    g.ncon = 1;
    g.vwgt.assign(std::size_t(total), 0);
    band.part.assign(std::size_t(total), 0);
    band.fixed.assign(std::size_t(total), 0);
    VertexId extra = b + anchors;
    auto add_ballast = [&](PartId p, WeightSum rest) {
        for (; rest > 0; rest -= kMaxWeight) {
            band.part[extra] = p;
            band.fixed[extra] = 1;
            g.vwgt[extra++] = clamp_to_weight(rest);
        }
    };
    for (VertexId a = 0; a < anchors; ++a) {
        band.part[b + a] = anchor_part[a];
        band.fixed[b + a] = 1;
        g.vwgt[b + a] = clamp_to_weight(anchor_weight[a]);
        add_ballast(anchor_part[a], anchor_weight[a] - kMaxWeight);
    }
    for (PartId p = 0; p < PartId(foreign_weight.size()); ++p) add_ballast(p, foreign_weight[p]);

    // Band rows: band neighbours as they are, interior neighbours folded into one edge per
    // anchor with their weights summed; anchor rows are the transposes. `slot` holds where
    // each anchor already in the row being built sits (a band vertex can touch two pieces).
    std::vector<EdgeOffset>& slot = scratch.slot;
    slot.assign(std::size_t(anchors), -1);
    g.xadj.assign(std::size_t(total) + 1, 0);
    std::vector<VertexId>& anchor_degree = scratch.anchor_degree;
    anchor_degree.assign(std::size_t(anchors), 0);
    std::vector<VertexId>& row_anchors = scratch.row_anchors;
    row_anchors.clear();
    std::vector<BandScratch::AnchorEntry>& anchor_entries = scratch.anchor_entries;
    anchor_entries.clear();
    // Rows go through raw pointers into arrays sized for the worst case (band rows as long as
    // in the graph, each anchor edge once more in an anchor row), trimmed at the end. Only the
    // outermost layer (band_members leaves it in scratch.layer) touches anchors; a tight bound
    // keeps the resize from zero-filling much more than the band graph will hold.
    EdgeOffset bound = 0;
    for (VertexId v : band.vertex) bound += graph.degree(v);
    if (anchors > 0)
        for (VertexId v : scratch.layer) bound += graph.degree(v);
    g.adjncy.resize(std::size_t(bound));
    g.adjwgt.resize(std::size_t(bound));
    VertexId* adjncy = g.adjncy.data();
    Weight* adjwgt = g.adjwgt.data();
    const char* inside = in_band.data();
    const VertexId* index = id.data();
    const EdgeOffset* graph_xadj = graph.xadj.data();
    const VertexId* graph_adjncy = graph.adjncy.data();
    const Weight* graph_adjwgt = graph.adjwgt.empty() ? nullptr : graph.adjwgt.data();
    EdgeOffset out = 0;
    // Written once for each edge weight source, so that the loop over the edges does not
    // test for edge weights at every edge.
    auto build_rows = [&](auto edge_weight) {
        for (VertexId i = 0; i < b; ++i) {
            const VertexId v = band.vertex[i];
            band.part[i] = part[v];
            g.vwgt[i] = graph.vertex_weight(v);
            row_anchors.clear();
            for (EdgeOffset e = graph_xadj[v], end = graph_xadj[v + 1]; e < end; ++e) {
                const VertexId u = graph_adjncy[e];
                const Weight w = edge_weight(e);
                if (inside[u]) {
                    adjncy[out] = index[u];
                    adjwgt[out++] = w;
                    continue;
                }
                if (!mine(u)) continue; // another group's: a move inside this group gains the same
                const VertexId anchor = index[u];
                if (slot[anchor] < 0) {
                    slot[anchor] = out;
                    anchor_entries.push_back({i, out});
                    adjncy[out] = b + anchor;
                    adjwgt[out++] = 0;
                    row_anchors.push_back(anchor);
                    ++anchor_degree[anchor];
                }
                adjwgt[slot[anchor]] = saturated_sum(adjwgt[slot[anchor]], w);
            }
            for (VertexId anchor : row_anchors) slot[anchor] = -1;
            g.xadj[i + 1] = out;
        }
    };
    if (graph_adjwgt != nullptr)
        build_rows([graph_adjwgt](EdgeOffset e) { return graph_adjwgt[e]; });
    else
        build_rows([](EdgeOffset) { return Weight(1); });
    for (VertexId a = 0; a < anchors; ++a) g.xadj[b + a + 1] = g.xadj[b + a] + anchor_degree[a];
    for (VertexId x = b + anchors; x < total; ++x) g.xadj[x + 1] = g.xadj[x]; // ballast
    g.adjncy.resize(std::size_t(g.xadj.back()));
    g.adjwgt.resize(std::size_t(g.xadj.back()));
    // The anchor rows from the anchor entries of the band rows, recorded as they were written
    // (in band order, so each anchor row lists its band neighbours in increasing order).
    std::vector<EdgeOffset>& fill = scratch.fill;
    fill.assign(g.xadj.begin() + b, g.xadj.end() - 1);
    for (const BandScratch::AnchorEntry& entry : anchor_entries) {
        const VertexId a = g.adjncy[entry.at] - b;
        g.adjncy[fill[a]] = entry.row;
        g.adjwgt[fill[a]++] = g.adjwgt[entry.at];
    }
}

} // namespace

BandGraph extract_band(const Graph& graph, const std::vector<PartId>& part, int width) {
    BandGraph band;
    BandScratch scratch;
    extract_band(graph, part, width, band, scratch);
    return band;
}

void extract_band(const Graph& graph, const std::vector<PartId>& part, int width, BandGraph& band,
                  BandScratch& scratch, const std::vector<char>* boundary) {
    build_band(graph, part, width, AllParts{}, boundary, band, scratch);
}

void extract_group_band(const Graph& graph, const std::vector<PartId>& part,
                        const std::vector<char>& in_group, int width, BandGraph& band,
                        BandScratch& scratch, const std::vector<char>* boundary) {
    build_band(graph, part, width, GroupParts{part.data(), in_group.data()}, boundary, band,
               scratch);
}

} // namespace part::gde
