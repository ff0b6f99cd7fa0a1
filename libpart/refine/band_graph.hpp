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

// The same, written into `band`; or false, and nothing built, when the band holds
// `whole_from` vertices or more (its layers stop growing there): the caller then refines the
// graph itself.
bool extract_band(const Graph& graph, const std::vector<PartId>& part, int width, BandGraph& band,
                  VertexId whole_from);

} // namespace part::refine
