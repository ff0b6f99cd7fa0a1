#include "libpart/refine/band_graph.hpp"

#include <algorithm>
#include <limits>

#include "libpart/core/saturated_weight.hpp"

namespace part::refine {

namespace {

// Working arrays of the extraction.
struct BandScratch {
    std::vector<VertexId> id;    // per vertex: its state, then its band index or anchor
    std::vector<VertexId> queue; // the band's layers, then the searches of interior pieces
    std::vector<PartId> anchor_part;
    std::vector<WeightSum> anchor_weight;
    std::vector<EdgeOffset> fill;
    struct AnchorEntry {
        VertexId row;  // band vertex
        EdgeOffset at; // its entry for the anchor
    };
    std::vector<EdgeOffset> slot;
    std::vector<VertexId> row_anchors, anchor_degree;
    std::vector<AnchorEntry> anchor_entries; // in row order
};

// What scratch.id holds for a vertex. Band vertices end with their index (>= 0), interior
// vertices with their anchor's code.
constexpr VertexId kOpen = -1;        // in neither the band nor an anchor yet
constexpr VertexId kBand = -2;        // in the band, not numbered yet
constexpr VertexId kFirstAnchor = -3; // anchor a's vertices hold kFirstAnchor - a

constexpr VertexId anchor_code(VertexId anchor) {
    return kFirstAnchor - anchor;
}
constexpr VertexId anchor_of(VertexId code) {
    return kFirstAnchor - code;
}

// A vertex's constraint-0 weight (vwgt null: unit weights).
Weight weight_of(const Weight* vwgt, int ncon, VertexId v) {
    return vwgt == nullptr ? 1 : vwgt[std::size_t(v) * ncon];
}

// Marks u with `mark` and queues it at queue[tail] if it is kOpen; returns the queue's new end:
// the step of the band's layers and of the pieces' searches. The queue holds each vertex at most
// once, so n entries suffice even when the band covers the whole graph.
VertexId mark_if_open(VertexId* id, VertexId u, VertexId mark, VertexId* queue, VertexId tail) {
    if (id[u] != kOpen) return tail;
    id[u] = mark;
    queue[tail] = u;
    return tail + 1;
}

// What band_members finds out besides the band's members.
struct BandSize {
    VertexId vertices = 0;
    EdgeOffset outermost_degrees = 0; // summed over the only band vertices with neighbours outside
    bool capped = false; // the layers stopped growing at the cap: the band holds at least that
};

// Band membership, in scratch.id: every vertex within `width` layers of a border between two
// parts (all when width < 0) is kBand, the others kOpen. Returns how many band vertices there are,
// and the summed degrees of the outermost layer; or, as soon as the layers hold `cap` vertices or
// more, stops there, the band unfinished (capped).
BandSize band_members(const Graph& graph, const std::vector<PartId>& part, int width, VertexId cap,
                      BandScratch& scratch) {
    const VertexId n = graph.num_vertices();
    scratch.id.resize(std::size_t(n));
    VertexId* id = scratch.id.data();
    if (width < 0) {
        std::fill_n(id, n, kBand);
        return {n, 0, n >= cap};
    }
    // The layers one after the other in the queue: [begin, end) is the last one.
    scratch.queue.resize(std::size_t(n));
    VertexId* queue = scratch.queue.data();
    const EdgeOffset* xadj = graph.xadj.data();
    const VertexId* adjncy = graph.adjncy.data();
    // The border vertices, found on all threads, then queued in increasing order.
#pragma omp parallel for schedule(static)
    for (VertexId v = 0; v < n; ++v) {
        EdgeOffset e = xadj[v];
        while (e < xadj[v + 1] && part[adjncy[e]] == part[v]) ++e;
        id[v] = e < xadj[v + 1] ? kBand : kOpen;
    }
    VertexId end = 0;
    for (VertexId v = 0; v < n; ++v)
        if (id[v] == kBand) queue[end++] = v;
    VertexId begin = 0;
    for (int depth = 0; depth < width && begin < end; ++depth) {
        if (end >= cap) return {end, 0, true};
        VertexId grown = end;
        for (VertexId i = begin; i < end; ++i) {
            const VertexId v = queue[i];
            for (EdgeOffset e = xadj[v]; e < xadj[v + 1]; ++e)
                grown = mark_if_open(id, adjncy[e], kBand, queue, grown);
        }
        begin = end;
        end = grown;
    }
    if (end >= cap) return {end, 0, true};
    EdgeOffset outermost_degrees = 0;
    for (VertexId i = begin; i < end; ++i) outermost_degrees += graph.degree(queue[i]);
    return {end, outermost_degrees};
}

// Numbers the b band vertices in their original order (band.vertex; id: their index) and gives
// every connected piece of a part's interior (the kOpen vertices) an anchor (id: its code),
// numbered in the order of the pieces' first vertices, with its weight and part in
// scratch.anchor_weight and anchor_part. Returns the anchors' count.
// Band vertices keep their original order: neighbours stay close in memory, which the
// matching and the FM passes on the band (visits of scattered rows) depend on. One anchor per
// connected piece of each part's interior makes a part connected in the band graph connected
// in the graph (an anchor is a connected set).
VertexId number_band_and_anchors(const Graph& graph, const std::vector<PartId>& part, VertexId b,
                                 BandGraph& band, BandScratch& scratch) {
    const VertexId n = graph.num_vertices();
    VertexId* id = scratch.id.data();
    scratch.queue.resize(std::size_t(n));
    VertexId* queue = scratch.queue.data();
    const EdgeOffset* xadj = graph.xadj.data();
    const VertexId* adjncy = graph.adjncy.data();
    const Weight* vwgt = graph.vwgt.empty() ? nullptr : graph.vwgt.data();
    band.vertex.resize(std::size_t(b));
    VertexId* vertex = band.vertex.data();
    VertexId numbered = 0;
    scratch.anchor_weight.clear();
    scratch.anchor_part.clear();
    VertexId anchors = 0;
    for (VertexId s = 0; s < n; ++s) {
        if (id[s] == kBand) {
            id[s] = numbered;
            vertex[numbered++] = s;
            continue;
        }
        if (id[s] != kOpen) continue;
        // A breadth-first search, whose queue the processor reads ahead (a depth-first one
        // waits for each row's offsets, then its neighbours, then their marks). The neighbours
        // not in the band are v's part's.
        const VertexId code = anchor_code(anchors++);
        WeightSum weight = 0;
        VertexId head = 0, tail = 0;
        id[s] = code;
        queue[tail++] = s;
        while (head < tail) {
            const VertexId v = queue[head++];
            weight += weight_of(vwgt, graph.ncon, v);
            for (EdgeOffset e = xadj[v]; e < xadj[v + 1]; ++e)
                tail = mark_if_open(id, adjncy[e], code, queue, tail);
        }
        scratch.anchor_weight.push_back(weight);
        scratch.anchor_part.push_back(part[s]);
    }
    return anchors;
}

// The fixed vertices after the b band vertices: the anchors, then ballast. A piece heavier
// than a 32-bit vertex weight holds puts the rest of its weight on fixed, edgeless ballast
// vertices after the anchors: the part weights, and so the balance limits of the refinement,
// stay exact. Sizes the band's vertex arrays.
void add_fixed_vertices(VertexId b, VertexId anchors, BandGraph& band, const BandScratch& scratch) {
    const std::vector<WeightSum>& anchor_weight = scratch.anchor_weight;
    VertexId ballast = 0;
    for (VertexId a = 0; a < anchors; ++a)
        ballast += VertexId((std::max<WeightSum>(anchor_weight[a], 1) - 1) / kMaxWeight);
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
        band.part[b + a] = scratch.anchor_part[a];
        band.fixed[b + a] = 1;
        g.vwgt[b + a] = clamp_to_weight(anchor_weight[a]);
        add_ballast(scratch.anchor_part[a], anchor_weight[a] - kMaxWeight);
    }
}

// The band rows: band neighbours as they are, interior neighbours folded into one edge per
// anchor with their weights summed. g.xadj[i + 1] is the end of row i. Records the
// rows' anchor edges in scratch.anchor_entries and counts them in scratch.anchor_degree.
void build_band_rows(const Graph& graph, const std::vector<PartId>& part, VertexId anchors,
                     BandGraph& band, BandScratch& scratch) {
    const VertexId b = band.num_band_vertices();
    const VertexId* index = scratch.id.data();
    Graph& g = band.graph;
    // `slot` holds where each anchor already in the row being built sits (a band vertex can
    // touch two pieces).
    std::vector<EdgeOffset>& slot = scratch.slot;
    slot.assign(std::size_t(anchors), -1);
    std::vector<VertexId>& anchor_degree = scratch.anchor_degree;
    anchor_degree.assign(std::size_t(anchors), 0);
    std::vector<VertexId>& row_anchors = scratch.row_anchors;
    std::vector<BandScratch::AnchorEntry>& anchor_entries = scratch.anchor_entries;
    anchor_entries.clear();
    VertexId* adjncy = g.adjncy.data();
    Weight* adjwgt = g.adjwgt.data();
    const EdgeOffset* graph_xadj = graph.xadj.data();
    const VertexId* graph_adjncy = graph.adjncy.data();
    const Weight* vwgt = graph.vwgt.empty() ? nullptr : graph.vwgt.data();
    EdgeOffset out = 0;
    g.xadj[0] = 0;
    for (VertexId i = 0; i < b; ++i) {
        const VertexId v = band.vertex[i];
        band.part[i] = part[v];
        g.vwgt[i] = weight_of(vwgt, graph.ncon, v);
        row_anchors.clear();
        for (EdgeOffset e = graph_xadj[v], end = graph_xadj[v + 1]; e < end; ++e) {
            const VertexId x = index[graph_adjncy[e]];
            const Weight w = graph.edge_weight(e);
            if (x >= 0) {
                adjncy[out] = x;
                adjwgt[out++] = w;
                continue;
            }
            const VertexId anchor = anchor_of(x);
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
}

} // namespace

BandGraph extract_band(const Graph& graph, const std::vector<PartId>& part, int width) {
    BandGraph band;
    extract_band(graph, part, width, band, std::numeric_limits<VertexId>::max());
    return band;
}

bool extract_band(const Graph& graph, const std::vector<PartId>& part, int width, BandGraph& band,
                  VertexId whole_from) {
    BandScratch scratch;
    const BandSize size = band_members(graph, part, width, whole_from, scratch);
    if (size.capped) return false;
    const VertexId anchors = number_band_and_anchors(graph, part, size.vertices, band, scratch);
    const VertexId b = band.num_band_vertices();
    add_fixed_vertices(b, anchors, band, scratch);
    Graph& g = band.graph;
    const VertexId total = VertexId(band.part.size());
    g.xadj.resize(std::size_t(total) + 1);
    // Rows go into arrays sized for the worst case (band rows as long as in the graph, each
    // anchor edge once more in an anchor row), trimmed at the end. Only the outermost layer
    // touches anchors; a tight bound keeps the resize from zero-filling much more than the
    // band graph will hold.
    EdgeOffset bound = anchors > 0 ? size.outermost_degrees : 0;
    for (VertexId v : band.vertex) bound += graph.degree(v);
    g.adjncy.resize(std::size_t(bound));
    g.adjwgt.resize(std::size_t(bound));
    build_band_rows(graph, part, anchors, band, scratch);
    for (VertexId a = 0; a < anchors; ++a)
        g.xadj[b + a + 1] = g.xadj[b + a] + scratch.anchor_degree[a];
    for (VertexId x = b + anchors; x < total; ++x) g.xadj[x + 1] = g.xadj[x]; // ballast
    g.adjncy.resize(std::size_t(g.xadj.back()));
    g.adjwgt.resize(std::size_t(g.xadj.back()));
    // The anchor rows from the anchor entries of the band rows, recorded as they were written
    // (in band order, so each anchor row lists its band neighbours in increasing order).
    std::vector<EdgeOffset>& fill = scratch.fill;
    fill.assign(g.xadj.begin() + b, g.xadj.end() - 1);
    for (const BandScratch::AnchorEntry& entry : scratch.anchor_entries) {
        const VertexId a = g.adjncy[entry.at] - b;
        g.adjncy[fill[a]] = entry.row;
        g.adjwgt[fill[a]++] = g.adjwgt[entry.at];
    }
    return true;
}

} // namespace part::refine
