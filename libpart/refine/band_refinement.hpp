#pragma once
// Multilevel refinement of the band around the boundary: the band graph (band_graph.hpp) is
// coarsened by heavy-edge clustering inside parts (part_coarsening.hpp), then refined coarse
// to fine with the FM pass of boundary_polish, projecting the parts down a level at a time. A
// move of a coarse vertex moves a cluster of vertices at once, so borders can be reshaped by
// more than the single-vertex moves of one FM pass allow (Scotch's band refinement, and the
// V-cycles of KaHIP and ParMETIS's adaptive repartitioning, combine the same two ideas).
// The refinement runs an F-cycle (the global search of KaHIP, Sanders & Schulz, ESA 2011):
// part of the way back up it coarsens again from the level reached, so the coarse levels, the
// cheap ones, are refined again with other clusters before the fine levels, the costly ones,
// run once.
#include <vector>

#include "libpart/refine/boundary_polish.hpp"

namespace part::refine {

struct BandRefineOptions {
    int width = 8;                  // band layers on each side of the boundary; < 0: whole graph
    double tolerance = 0.03;        // every part stays within (1 + tolerance) x its target
    int max_passes = 4;             // FM passes per level (see recoarsenings)
    VertexId coarsest = 0;          // stop coarsening at this many vertices (0: 20 per part)
    double cluster_fraction = 0.06; // a coarse vertex weighs at most this share of a part
    int cluster_members = 4;        // and holds at most this many vertices of the finer level
    // When the band would hold at least this share of the vertices, the refinement works on
    // the graph itself (every vertex free, no anchors) instead of a copy of nearly all of it;
    // the band's layers stop growing there. That saves the copy and finds the band's cuts.
    double whole_graph_share = 0.9;
    // F-cycles: after refining back up this share of the levels (from the coarsest), coarsen
    // again from the level reached, `recoarsenings` times (0: a V-cycle). Coarse
    // levels are cheap to build and refine, and each new set of clusters offers other moves.
    // One detour with up to 4 FM passes per level refines as well as three detours with 2
    // passes, for less work (the further detours mostly rebuilt coarse levels that gained a few
    // edges). A V-cycle with 4 to 100 passes loses 0.5-2% of the cut; a second detour with 3
    // passes gains 0.4% for more time.
    double recoarsen_share = 0.75;
    int recoarsenings = 1;
    const std::vector<char>* fixed = nullptr;       // vertices marked here never move
    const std::vector<WeightSum>* limits = nullptr; // replace the tolerance (PolishOptions)
};

struct BandRefineResult {
    VertexId band_vertices = 0;
    int levels = 0;              // graphs refined, the band itself included
    PolishResult polish;         // summed over levels
    WeightSum cut_reduction = 0; // measured on the whole graph
};

// Refines `partition` in place. The cut never rises (every level keeps the best prefix of its
// moves and has the whole graph's cut); parts over the limit stay as heavy as they were or
// get lighter. Deterministic; O(band edges x levels) plus a few O(n + m) passes.
BandRefineResult refine_band(const Graph& graph, Partition& partition,
                             const BandRefineOptions& options);

} // namespace part::refine
