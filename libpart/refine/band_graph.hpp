#pragma once
// The band around a partition's boundary, as a graph of its own (the band graphs of Scotch's
// k-way refinement, Chevalier & Pellegrini): every vertex within `width` edges of a vertex of
// another part, plus fixed anchors standing for the rest: one per connected piece of a part's
// interior (its weight is the piece's weight; band vertices adjacent to the piece are
// adjacent to the anchor, with the edge weights summed). Scotch uses one anchor per part; one
// per piece keeps the connectivity tests on the band graph true for the graph. Refining the band
// graph refines the partition: only band vertices can move, and the cut, the part weights and the
// balance limits are those of the whole graph.
#include <limits>
#include <vector>

#include "libpart/core/partition.hpp"
#include "libpart/core/scratch_array.hpp"

namespace part::refine {

struct BandGraph {
    Graph graph;                  // band vertices 0..b-1, anchor p at b + p, then ballast
    std::vector<PartId> part;     // part of each band vertex and anchor
    std::vector<VertexId> vertex; // original vertex of each band vertex (b entries)
    std::vector<char> fixed;      // 1 for the anchors (and ballast)
    VertexId num_band_vertices() const { return VertexId(vertex.size()); }
};

// Band of the given width (width < 0: the whole graph, no anchors). Vertex weights are
// constraint 0; edges carry weights. O(n + m).
BandGraph extract_band(const Graph& graph, const std::vector<PartId>& part, int width);

// Working arrays of the extraction, kept between calls.
struct BandScratch {
    ScratchArray<VertexId> id;    // per vertex: its state, then its band index or anchor
    ScratchArray<VertexId> queue; // the band's layers, then the searches of interior pieces
    std::vector<PartId> anchor_part;
    std::vector<WeightSum> anchor_weight, foreign_weight;
    std::vector<EdgeOffset> fill;
    struct AnchorEntry {
        VertexId row;  // band vertex
        EdgeOffset at; // its entry for the anchor
    };
    std::vector<EdgeOffset> slot;
    std::vector<VertexId> row_anchors, anchor_degree;
    std::vector<AnchorEntry> anchor_entries; // in row order
};

// The same, written into `band`, whose arrays (and the scratch's) are reused, so that
// repeated cycles do not allocate and zero-fill graph-sized arrays each time. With `boundary`
// (a mark per vertex, set at least for every vertex with a neighbour in another part), only
// the marked vertices' rows are read to find the band's first layer; the band is the same.
// Returns false, and builds nothing, when the band holds `whole_from` vertices or more (its
// layers stop growing there): the caller then refines the graph itself.
bool extract_band(const Graph& graph, const std::vector<PartId>& part, int width, BandGraph& band,
                  BandScratch& scratch, const std::vector<char>* boundary = nullptr,
                  VertexId whole_from = std::numeric_limits<VertexId>::max());

// The band of one group of parts (in_group[p] != 0 for its parts), for refining the group's
// borders apart from the rest (band_refinement.cpp refines two groups): the vertices
// of the group's parts within `width` layers of a border between two of them, growing through
// the group's vertices only; anchors for the rest of the group's parts; each part of the other
// group is fixed ballast of its weight alone, with no edges. Edges to the other group's
// vertices are dropped: moving a vertex between two parts of the group changes the cut by the
// same amount whatever part they lie in, so the gains, the part weights and the balance limits
// are still the whole graph's (the cut of the band graph is only that inside the group).
// O(n + m).
// `boundary` as for extract_band.
void extract_group_band(const Graph& graph, const std::vector<PartId>& part,
                        const std::vector<char>& in_group, int width, BandGraph& band,
                        BandScratch& scratch, const std::vector<char>* boundary = nullptr);

} // namespace part::refine
