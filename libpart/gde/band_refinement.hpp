#pragma once
// Multilevel refinement of the band around the boundary: the band graph (band_graph.hpp) is
// coarsened by heavy-edge matching inside parts (part_coarsening.hpp), then refined coarse to
// fine with the FM pass of boundary_polish, projecting the parts down a level at a time. A
// move of a coarse vertex moves a cluster of vertices at once, so borders can be reshaped by
// more than the single-vertex moves of one FM pass allow (Scotch's band refinement, and the
// V-cycles of KaHIP and ParMETIS's adaptive repartitioning, combine the same two ideas).
#include <vector>

#include "libpart/gde/boundary_polish.hpp"

namespace part::gde {

struct BandRefineOptions {
    int width = 8;                  // band layers on each side of the boundary; < 0: whole graph
    double tolerance = 0.03;        // every part stays within (1 + tolerance) x its target
    int max_passes = 3;             // FM passes per level (more seldom gain more)
    VertexId coarsest = 0;          // stop coarsening at this many vertices (0: 20 per part)
    double cluster_fraction = 0.06; // a coarse vertex weighs at most this share of a part
    int cycles = 3;                 // band refinements in a row (new band, new matching)
    double min_cycle_gain = 0.01;   // another cycle runs only after one that lowered the cut
                                    // by at least this fraction
};

struct BandRefineResult {
    VertexId band_vertices = 0;
    int levels = 0;              // graphs refined, the band itself included, over all cycles
    int cycles = 0;              // cycles run
    PolishResult polish;         // summed over levels
    WeightSum cut_reduction = 0; // measured on the whole graph
};

// Refines `partition` in place. The cut never rises (every level keeps the best prefix of its
// moves and has the whole graph's cut); parts over the limit stay as heavy as they were or
// get lighter. Deterministic; O(band edges x levels) plus one O(n + m) pass.
BandRefineResult refine_band(const Graph& graph, Partition& partition,
                             const BandRefineOptions& options);

} // namespace part::gde
