#pragma once
// The band around a partition's boundary, as a graph of its own (the band graphs of Scotch's
// k-way refinement, Chevalier & Pellegrini): every vertex within `width` edges of a vertex of
// another part, plus one fixed anchor per part standing for the rest of that part (its weight
// is their weight; band vertices adjacent to them are adjacent to the anchor, with the edge
// weights summed). Refining the band graph refines the partition: only band vertices can move,
// and the cut, the part weights and the balance limits are those of the whole graph.
#include <vector>

#include "libpart/core/partition.hpp"

namespace part::gde {

struct BandGraph {
    Graph graph;                  // band vertices 0..b-1, then anchor p at b + p
    std::vector<PartId> part;     // part of each band vertex and anchor
    std::vector<VertexId> vertex; // original vertex of each band vertex (b entries)
    std::vector<char> fixed;      // 1 for the anchors
    VertexId num_band_vertices() const { return VertexId(vertex.size()); }
};

// Band of the given width (width < 0: the whole graph, still with empty anchors). Vertex
// weights are constraint 0; edges carry weights. O(band edges + n) with one pass over the
// graph to find the boundary.
BandGraph extract_band(const Graph& graph, const std::vector<PartId>& part, PartId num_parts,
                       int width);

} // namespace part::gde
