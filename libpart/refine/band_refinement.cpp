#include "libpart/refine/band_refinement.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "libpart/refine/band_graph.hpp"
#include "libpart/refine/part_coarsening.hpp"

namespace part::refine {

namespace {

// The band and its levels, kept across re-coarsenings.
struct Workspace {
    BandGraph band;
    const Graph* level0 = nullptr;   // band.graph, or the graph itself (take_whole_graph)
    std::vector<CoarseLevel> coarse; // coarse[l] is level l + 1 (those above the coarsest
                                     // level are left from an earlier hierarchy)
    CoarseningScratch coarsening;

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
// the levels' gains.
WeightSum refine_level(std::size_t l, const Partition& partition, const BandRefineOptions& options,
                       Workspace& work, BandRefineResult& result) {
    Partition level_partition{partition.num_parts, std::move(work.part(l)), partition.targets};
    const PolishResult p = polish_boundary(
        work.graph(l), level_partition, options.tolerance,
        {.max_passes = options.max_passes, .fixed = &work.fixed(l), .limits = options.limits});
    work.part(l) = std::move(level_partition.part);
    result.polish.moves += p.moves;
    result.polish.cut_reduction += p.cut_reduction;
    result.polish.passes += p.passes;
    ++result.levels;
    return p.cut_reduction;
}

// Hands level l's parts to level l - 1.
void project(std::size_t l, Workspace& work) {
    const std::vector<VertexId>& coarse_of = work.coarse[l - 1].coarse_of;
    std::vector<PartId>& finer = work.part(l - 1);
    for (std::size_t v = 0; v < coarse_of.size(); ++v) finer[v] = work.part(l)[coarse_of[v]];
}

// Coarsening of the workspace's band and refinement coarse to fine with the F-cycle's detours.
// Returns the cut's reduction.
WeightSum refine_hierarchy(const Graph& graph, const Partition& partition,
                           const BandRefineOptions& options, Workspace& work,
                           BandRefineResult& result) {
    const unsigned seed = 1; // varies the clusters
    const PartId k = partition.num_parts;
    const double total = double(graph.total_vertex_weight()[0]);
    const ClusterLimits limits{
        std::max<WeightSum>(2, WeightSum(options.cluster_fraction * total / k)),
        options.cluster_members};
    const VertexId coarsest = options.coarsest > 0 ? options.coarsest : 20 * k;
    std::size_t top = coarsen_from(0, limits, coarsest, k, seed, work);
    WeightSum gain = 0;
    for (int again = 1; again <= options.recoarsenings; ++again) {
        // Refine the coarsest share of the levels and coarsen again from the level reached
        // (which keeps at least one level of the first hierarchy below it).
        const auto climb = std::size_t(std::max(1L, std::lround(options.recoarsen_share * top)));
        if (climb >= top) break;
        const std::size_t from = top - climb;
        const WeightSum before_detour = gain;
        for (std::size_t l = top; l > from; --l) {
            gain += refine_level(l, partition, options, work, result);
            project(l, work);
        }
        // A detour that did not lower the cut leaves parts much as they were, and new clusters
        // of them seldom find what these did not: on the bench's 31 rcb/farhat/3D starts,
        // going down at once gave the same cut on 30 (one more cut edge on the 31st) for less
        // work, most of it on starts the refinement barely changes.
        if (gain == before_detour) {
            top = from;
            break;
        }
        top = coarsen_from(from, limits, coarsest, k, seed + 100 * unsigned(again), work);
    }
    for (std::size_t l = top;; --l) {
        gain += refine_level(l, partition, options, work, result);
        if (l == 0) break;
        project(l, work);
    }
    return gain;
}

// Hands the band's parts to the partition.
void write_back(const BandGraph& band, Partition& partition) {
    for (VertexId i = 0; i < band.num_band_vertices(); ++i)
        partition.part[band.vertex[i]] = band.part[i];
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

// The caller's fixed vertices stay fixed in the band (besides its anchors).
void fix_band_vertices(const std::vector<char>& fixed, BandGraph& band) {
    for (VertexId i = 0; i < band.num_band_vertices(); ++i)
        band.fixed[i] = band.fixed[i] || fixed[band.vertex[i]];
}

} // namespace

// The band of the whole partition, or the graph itself when the band would hold nearly all of
// it.
BandRefineResult refine_band(const Graph& graph, Partition& partition,
                             const BandRefineOptions& options) {
    BandRefineResult result;
    Workspace work;
    const auto whole_from =
        VertexId(std::ceil(options.whole_graph_share * double(graph.num_vertices())));
    if (extract_band(graph, partition.part, options.width, work.band, whole_from))
        work.level0 = &work.band.graph;
    else
        take_whole_graph(graph, partition, work);
    if (options.fixed) fix_band_vertices(*options.fixed, work.band);
    result.band_vertices = work.band.num_band_vertices();
    if (result.band_vertices == 0) return result;
    const WeightSum gain = refine_hierarchy(graph, partition, options, work, result);
    if (gain == 0) return result; // moves that changed nothing are not worth reporting
    write_back(work.band, partition);
    result.cut_reduction = gain;
    return result;
}

} // namespace part::refine
