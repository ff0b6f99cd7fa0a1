#include "libpart/refine/band_refinement.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "libpart/core/metrics.hpp"
#include "libpart/refine/band_graph.hpp"
#include "libpart/refine/part_coarsening.hpp"
#include "libpart/refine/part_groups.hpp"

namespace part::refine {

namespace {

// The arrays of every cycle's band and levels, kept across cycles and re-coarsenings: later
// ones build graphs of about the first one's sizes, into memory already touched.
struct Workspace {
    BandGraph band;
    const Graph* level0 = nullptr; // band.graph, or the graph itself (take_whole_graph)
    BandScratch band_scratch;
    std::vector<CoarseLevel> coarse; // coarse[l] is level l + 1 (those above the coarsest
                                     // level are left from an earlier hierarchy)
    CoarseningScratch coarsening;
    // What the polish of the level last refined leaves for the next finer one (its boundary
    // and part weights, see project()), and project()'s second array of candidate marks.
    PolishCarry carry;
    std::vector<char> finer_candidate;

    // Levels: 0 is the band (or the graph itself), l > 0 is coarse[l - 1], each coarser than
    // the one before.
    const Graph& graph(std::size_t l) const { return l == 0 ? *level0 : coarse[l - 1].graph; }
    std::vector<PartId>& part(std::size_t l) { return l == 0 ? band.part : coarse[l - 1].part; }
    const std::vector<char>& fixed(std::size_t l) const {
        return l == 0 ? band.fixed : coarse[l - 1].fixed;
    }
};

// Builds the levels above `from` (whose parts are current) until one has at most `coarsest`
// vertices besides about one anchor per part, or clustering barely shrinks the graph any
// more; returns the index of the coarsest level.
std::size_t coarsen_from(std::size_t from, ClusterLimits limits, VertexId coarsest, PartId k,
                         unsigned seed, Workspace& work) {
    std::size_t top = from;
    while (work.graph(top).num_vertices() > coarsest + k) {
        // Clustering stalls once clusters reach their caps: stop when it would shrink the
        // graph by less than a tenth.
        const VertexId n = work.graph(top).num_vertices();
        if (most_clustered_away(work.graph(top), work.fixed(top), limits) < n / 10) break;
        if (work.coarse.size() <= top) work.coarse.emplace_back();
        coarsen_within_parts(work.graph(top), work.part(top), work.fixed(top), limits,
                             seed + unsigned(top), work.coarse[top], work.coarsening);
        if (work.coarse[top].graph.num_vertices() > n * 9 / 10) break;
        ++top;
    }
    return top;
}

// FM on level l. Every level has the whole graph's cut (clusters lie inside parts, anchors
// never move), and a level keeps only moves that lower it, so the cut drops by the sum of
// the levels' gains. With `projected`, work.carry holds what project() handed down from the
// level above; otherwise (the coarsest level of a hierarchy) every vertex is a candidate.
WeightSum refine_level(std::size_t l, bool projected, const Partition& partition,
                       const BandRefineOptions& options, Workspace& work,
                       BandRefineResult& result) {
    if (!projected) {
        work.carry.candidate.assign(std::size_t(work.graph(l).num_vertices()), 1);
        work.carry.part_weights.clear();
    }
    Partition level_partition{partition.num_parts, std::move(work.part(l)), partition.targets};
    const PolishResult p =
        polish_boundary(work.graph(l), level_partition, options.tolerance,
                        {.max_passes = options.max_passes, .fixed = &work.fixed(l)}, work.carry);
    work.part(l) = std::move(level_partition.part);
    result.polish.moves += p.moves;
    result.polish.cut_reduction += p.cut_reduction;
    result.polish.passes += p.passes;
    ++result.levels;
    return p.cut_reduction;
}

// Hands level l's parts to level l - 1, and its polish's carry (refine_level) as the finer
// level's. The finer boundary lies in the members of the coarse candidates: a finer vertex's
// neighbours lie in its own cluster or in clusters adjacent to it (every edge between two
// clusters is kept), so if it has one in another part, its cluster has too, and is free (fixed
// vertices are clusters of their own), hence a candidate. The part weights stay: a coarse
// vertex weighs exactly what its members weigh (clusters are capped at a Weight's maximum).
void project(std::size_t l, Workspace& work) {
    const VertexId n = work.graph(l - 1).num_vertices();
    const PartId* coarse_part = work.part(l).data();
    const char* coarse_candidate = work.carry.candidate.data();
    const VertexId* coarse_of = work.coarse[l - 1].coarse_of.data();
    PartId* finer = work.part(l - 1).data();
    // Never shrunk: every entry below n is written, and those past it are not read.
    if (work.finer_candidate.size() < std::size_t(n)) work.finer_candidate.resize(std::size_t(n));
    char* finer_candidate = work.finer_candidate.data();
    for (VertexId v = 0; v < n; ++v) {
        const VertexId c = coarse_of[v];
        finer[v] = coarse_part[c];
        finer_candidate[v] = coarse_candidate[c];
    }
    work.carry.candidate.swap(work.finer_candidate);
}

// Coarsening of the workspace's band (which holds `parts` parts) and refinement coarse to fine
// with the F-cycle's detours; `seed` varies the clusters. Returns the cut's reduction.
WeightSum refine_hierarchy(const Graph& graph, const Partition& partition,
                           const BandRefineOptions& options, PartId parts, unsigned seed,
                           Workspace& work, BandRefineResult& result) {
    const PartId k = partition.num_parts;
    const double total = double(graph.total_vertex_weight()[0]);
    const ClusterLimits limits{
        std::max<WeightSum>(2, WeightSum(options.cluster_fraction * total / k)),
        options.cluster_members};
    const VertexId coarsest = options.coarsest > 0 ? options.coarsest : 20 * parts;
    std::size_t top = coarsen_from(0, limits, coarsest, k, seed, work);
    WeightSum gain = 0;
    bool top_projected = false; // level `top` got its parts and carry from the level above
    for (int again = 1; again <= options.recoarsenings; ++again) {
        // Refine the coarsest share of the levels and coarsen again from the level reached
        // (which keeps at least one level of the first hierarchy below it).
        const auto climb = std::size_t(std::max(1L, std::lround(options.recoarsen_share * top)));
        if (climb >= top) break;
        const std::size_t from = top - climb;
        const WeightSum before_detour = gain;
        for (std::size_t l = top; l > from; --l) {
            gain += refine_level(l, options.carry_boundary && l < top, partition, options, work,
                                 result);
            project(l, work);
        }
        // A detour that did not lower the cut leaves parts much as they were, and new clusters
        // of them seldom find what these did not: on the bench's 31 rcb/farhat/3D starts,
        // going down at once gave the same cut on 30 (one more cut edge on the 31st) for less
        // work, most of it on starts the refinement barely changes.
        if (gain == before_detour) {
            top = from;
            top_projected = true;
            break;
        }
        top = coarsen_from(from, limits, coarsest, k, seed + 100 * unsigned(again), work);
    }
    for (std::size_t l = top;; --l) {
        const bool projected = l < top || top_projected;
        gain +=
            refine_level(l, options.carry_boundary && projected, partition, options, work, result);
        if (l == 0) break;
        project(l, work);
    }
    return gain;
}

// Hands the band's parts to the partition. `boundary` (if not empty: marks of at least the
// vertices with a neighbour in another part, which the next band's extraction reads) gets
// every vertex that moved and its neighbours, the only ones whose marks can have to change.
void write_back(const Graph& graph, const BandGraph& band, Partition& partition,
                std::vector<char>& boundary) {
    for (VertexId i = 0; i < band.num_band_vertices(); ++i) {
        const VertexId v = band.vertex[i];
        if (partition.part[v] == band.part[i]) continue;
        partition.part[v] = band.part[i];
        if (boundary.empty()) continue;
        boundary[v] = 1;
        for (VertexId u : graph.neighbours(v)) boundary[u] = 1;
    }
}

// The marks as extract_band takes them: none when unknown.
const std::vector<char>* marks(const std::vector<char>& boundary) {
    return boundary.empty() ? nullptr : &boundary;
}

// The options of cycle `cycle` (0: the first) on a band of `parts` parts: later cycles take
// their own width and effort settings.
BandRefineOptions options_of_cycle(const BandRefineOptions& options, int cycle, PartId parts) {
    if (cycle == 0) return options;
    BandRefineOptions later = options;
    later.width = options.later_width;
    later.recoarsenings = options.later_recoarsenings;
    later.max_passes = options.later_max_passes;
    if (options.later_coarsest_per_part > 0)
        later.coarsest = options.later_coarsest_per_part * parts;
    return later;
}

// Level 0 is the graph itself, every vertex free: work.band describes it as a band of all
// vertices with no anchor.
void take_whole_graph(const Graph& graph, const Partition& partition, Workspace& work) {
    const auto n = std::size_t(graph.num_vertices());
    work.level0 = &graph;
    work.band.part = partition.part;
    work.band.fixed.assign(n, 0);
    work.band.vertex.resize(n);
    std::iota(work.band.vertex.begin(), work.band.vertex.end(), 0);
}

// One cycle on the band of the whole partition (or on the graph itself, when the band would
// hold nearly all of it).
void refine_band_once(const Graph& graph, Partition& partition, const BandRefineOptions& options,
                      unsigned seed, std::vector<char>& boundary, Workspace& work,
                      BandRefineResult& result) {
    const auto whole_from =
        VertexId(std::ceil(options.whole_graph_share * double(graph.num_vertices())));
    if (extract_band(graph, partition.part, options.width, work.band, work.band_scratch,
                     marks(boundary), whole_from))
        work.level0 = &work.band.graph;
    else
        take_whole_graph(graph, partition, work);
    result.band_vertices = std::max(result.band_vertices, work.band.num_band_vertices());
    if (work.band.num_band_vertices() == 0) return;
    const WeightSum gain =
        refine_hierarchy(graph, partition, options, partition.num_parts, seed, work, result);
    if (gain == 0) return; // moves that changed nothing are not worth reporting
    write_back(graph, work.band, partition, boundary);
    result.cut_reduction += gain;
}

// Adds the levels and passes of `found` to `result`.
void add_polish(const BandRefineResult& found, BandRefineResult& result) {
    result.levels += found.levels;
    result.polish.moves += found.polish.moves;
    result.polish.cut_reduction += found.polish.cut_reduction;
    result.polish.passes += found.polish.passes;
}

// One cycle in two groups of parts (part_groups.hpp), each on the band of the borders inside it
// (extract_group_band), one after the other: the bands share no vertex and each reads the
// partition as it was. The borders between the groups are left to the next cycle.
void refine_band_in_groups(const Graph& graph, Partition& partition,
                           const BandRefineOptions& options, unsigned seed,
                           const std::vector<char>& group, std::vector<char>& boundary,
                           Workspace& work, BandRefineResult& result) {
    Workspace other; // group 1's; group 0 uses (and leaves warm for the next cycle) `work`
    Workspace* workspace[2] = {&work, &other};
    BandRefineResult found[2];
    WeightSum gain[2] = {0, 0};
    const Partition& start = partition;
    auto refine_group = [&](int g) {
        std::vector<char> in_group(group.size());
        for (std::size_t p = 0; p < group.size(); ++p) in_group[p] = group[p] == g;
        Workspace& w = *workspace[g];
        extract_group_band(graph, start.part, in_group, options.width, w.band, w.band_scratch,
                           marks(boundary));
        w.level0 = &w.band.graph;
        if (w.band.num_band_vertices() == 0) return;
        const auto parts = PartId(std::count(in_group.begin(), in_group.end(), 1));
        gain[g] = refine_hierarchy(graph, start, options, parts, seed, w, found[g]);
    };
    refine_group(0);
    refine_group(1);

    result.band_vertices = std::max(result.band_vertices,
                                    work.band.num_band_vertices() + other.band.num_band_vertices());
    for (int g = 0; g < 2; ++g) {
        add_polish(found[g], result);
        if (gain[g] == 0) continue;
        write_back(graph, workspace[g]->band, partition, boundary);
        result.cut_reduction += gain[g];
    }
}

} // namespace

BandRefineResult refine_band(const Graph& graph, Partition& partition,
                             const BandRefineOptions& options) {
    BandRefineResult result;
    Workspace work;
    // Small graphs are not worth the groups; with fewer than 4 parts a group would have no border
    // of its own; without a later cycle the borders between the groups would stay as they are.
    const bool grouped = options.cycles > 1 && partition.num_parts >= 4 &&
                         graph.num_vertices() >= options.groups_from;
    // The groups' bisection needs the borders between the parts, and their sweep gives the cut
    // and the boundary, which the band extractions then read instead of every row.
    std::vector<char> group, boundary;
    WeightSum cut = 0;
    if (grouped) {
        PartBorders borders = part_borders(graph, partition.part, partition.num_parts);
        cut = borders.cut;
        group = bisect_parts(borders);
        if (options.carry_boundary) boundary = std::move(borders.boundary);
    } else if (options.cycles > 1) { // only the rule for another cycle reads it
        cut = edge_cut(graph, partition.part);
    }
    for (int cycle = 0; cycle < options.cycles; ++cycle) {
        const WeightSum before = result.cut_reduction;
        const unsigned seed = 1 + 1000 * unsigned(cycle);
        const BandRefineOptions cycle_options =
            options_of_cycle(options, cycle, partition.num_parts);
        if (cycle == 0 && grouped)
            refine_band_in_groups(graph, partition, cycle_options, seed, group, boundary, work,
                                  result);
        else
            refine_band_once(graph, partition, cycle_options, seed, boundary, work, result);
        ++result.cycles;
        // After the groups the borders between them are still to do, but the same rule holds:
        // where the borders inside gave little (rcb starts on trigrid700 gain nothing), those
        // between the groups, no different, give little too.
        const WeightSum gain = result.cut_reduction - before;
        if (gain == 0 || double(gain) < options.min_cycle_gain * double(cut)) break;
        cut -= gain;
    }
    return result;
}

} // namespace part::refine
