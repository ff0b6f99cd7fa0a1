#pragma once
// Multilevel refinement of the band around the boundary: the band graph (band_graph.hpp) is
// coarsened by heavy-edge clustering inside parts (part_coarsening.hpp), then refined coarse
// to fine with the FM pass of boundary_polish, projecting the parts down a level at a time. A
// move of a coarse vertex moves a cluster of vertices at once, so borders can be reshaped by
// more than the single-vertex moves of one FM pass allow (Scotch's band refinement, and the
// V-cycles of KaHIP and ParMETIS's adaptive repartitioning, combine the same two ideas).
// Each cycle is an F-cycle (the global search of KaHIP, Sanders & Schulz, ESA 2011): part of
// the way back up it coarsens again from the level reached, so the coarse levels, the cheap
// ones, are refined again with other clusters before the fine levels, the costly ones, run
// once. By default one cycle runs; when more are asked for, later cycles work on a narrower band,
// with fewer detours, and on graphs large enough the first cycle runs in two groups of parts
// (refine_band_in_groups), the borders between the groups waiting for the second cycle.
#include <vector>

#include "libpart/refine/boundary_polish.hpp"

namespace part::refine {

struct BandRefineOptions {
    int width = 8;                  // band layers on each side of the boundary in the first
                                    // cycle; < 0: whole graph
    int later_width = 3;            // the same in later cycles, whose borders moved less
    double tolerance = 0.03;        // every part stays within (1 + tolerance) x its target
    int max_passes = 4;             // FM passes per level (see recoarsenings)
    VertexId coarsest = 0;          // stop coarsening at this many vertices (0: 20 per part)
    double cluster_fraction = 0.06; // a coarse vertex weighs at most this share of a part
    int cluster_members = 4;        // and holds at most this many vertices of the finer level
    // When the band would hold at least this share of the vertices, the first cycle refines
    // the graph itself (every vertex free, no anchors) instead of a copy of nearly all of it;
    // the band's layers stop growing there. That saves the copy and finds the band's cuts.
    double whole_graph_share = 0.9;
    // Band refinements in a row (new band, new clusters). One cycle (three F-cycle detours then)
    // refines as well as two cycles with the first in groups (mean cut improvement over the
    // bench's 27 rcb/farhat starts 19.98% against 19.94%, the same rows at 15% and more) for
    // less work.
    int cycles = 1;
    double min_cycle_gain = 0.01; // another cycle runs only after one that lowered the cut
                                  // by at least this fraction
    // F-cycles: after refining back up this share of the levels (from the coarsest), coarsen
    // again from the level reached, `recoarsenings` times per cycle (0: a V-cycle). Coarse
    // levels are cheap to build and refine, and each new set of clusters offers other moves.
    // One detour with up to 4 FM passes per level refines as well as three detours with 2
    // passes, for less work (the further detours mostly rebuilt coarse levels that gained a few
    // edges). A V-cycle with 4 to 100 passes loses 0.5-2% of the cut; a second detour with 3
    // passes gains 0.4% for more time.
    double recoarsen_share = 0.75;
    int recoarsenings = 1;
    // Later cycles refine a narrower band whose borders already moved: they do with less
    // effort than the first. One detour instead of two saves a tenth to a fifth of the second
    // cycle's work for 0.2 points of the mean cut improvement, within the noise of any change.
    int later_recoarsenings = 1;
    int later_max_passes = 2;
    VertexId later_coarsest_per_part = 0; // stop coarsening at this many vertices per part
                                          // (0: as the first cycle)
    // Graphs of this many vertices or more (with 4 parts or more and a second cycle to come)
    // have their first cycle in two groups of parts: the borders inside each group are refined
    // apart, those between the groups by the next cycle.
    VertexId groups_from = 5000;
    // What one step finds of the boundary is carried to the next: each level's polish takes
    // its boundary and part weights from the level above, each band extraction its first
    // layer from the marks of the borders' sweep and of the moves since (false: each finds
    // them itself; the same result, for tests).
    bool carry_boundary = true;
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
// get lighter. Deterministic; O(band edges x levels) plus a few O(n + m) passes.
BandRefineResult refine_band(const Graph& graph, Partition& partition,
                             const BandRefineOptions& options);

} // namespace part::refine
