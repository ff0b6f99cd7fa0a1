#include "libpart/gde/band_refinement.hpp"

#include <algorithm>
#include <cmath>

#include "libpart/core/metrics.hpp"
#include "libpart/gde/band_graph.hpp"
#include "libpart/gde/part_coarsening.hpp"

namespace part::gde {

namespace {

// The arrays of every cycle's band and levels, kept across cycles and re-coarsenings: later
// ones build graphs of about the first one's sizes, into memory already touched.
struct Workspace {
    BandGraph band;
    BandScratch band_scratch;
    std::vector<CoarseLevel> coarse; // coarse[l] is level l + 1 (those above the coarsest
                                     // level are left from an earlier hierarchy)
    CoarseningScratch coarsening;

    // Levels: 0 is the band, l > 0 is coarse[l - 1], each coarser than the one before.
    const Graph& graph(std::size_t l) const { return l == 0 ? band.graph : coarse[l - 1].graph; }
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
    const PolishResult p =
        polish_boundary(work.graph(l), level_partition, options.tolerance,
                        {.max_passes = options.max_passes, .fixed = &work.fixed(l)});
    work.part(l) = std::move(level_partition.part);
    result.polish.moves += p.moves;
    result.polish.cut_reduction += p.cut_reduction;
    result.polish.passes += p.passes;
    ++result.levels;
    return p.cut_reduction;
}

// Hands level l's parts to level l - 1.
void project(std::size_t l, Workspace& work) {
    const std::vector<PartId>& coarse_part = work.part(l);
    const std::vector<VertexId>& coarse_of = work.coarse[l - 1].coarse_of;
    std::vector<PartId>& finer = work.part(l - 1);
    for (VertexId v = 0; v < work.graph(l - 1).num_vertices(); ++v)
        finer[v] = coarse_part[coarse_of[v]];
}

// One cycle: band, coarsening, refinement coarse to fine with the F-cycle's detours; `seed`
// varies the clusters.
void refine_band_once(const Graph& graph, Partition& partition, const BandRefineOptions& options,
                      int width, unsigned seed, Workspace& work, BandRefineResult& result) {
    const PartId k = partition.num_parts;
    extract_band(graph, partition.part, width, work.band, work.band_scratch);
    result.band_vertices = std::max(result.band_vertices, work.band.num_band_vertices());
    if (work.band.num_band_vertices() == 0) return;

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
        for (std::size_t l = top; l > from; --l) {
            gain += refine_level(l, partition, options, work, result);
            project(l, work);
        }
        top = coarsen_from(from, limits, coarsest, k, seed + 100 * unsigned(again), work);
    }
    for (std::size_t l = top;; --l) {
        gain += refine_level(l, partition, options, work, result);
        if (l == 0) break;
        project(l, work);
    }

    if (gain == 0) return; // moves that changed nothing are not worth reporting
    for (VertexId i = 0; i < work.band.num_band_vertices(); ++i)
        partition.part[work.band.vertex[i]] = work.band.part[i];
    result.cut_reduction += gain;
}

} // namespace

BandRefineResult refine_band(const Graph& graph, Partition& partition,
                             const BandRefineOptions& options) {
    BandRefineResult result;
    WeightSum cut = edge_cut(graph, partition.part);
    Workspace work;
    for (int cycle = 0; cycle < options.cycles; ++cycle) {
        const WeightSum before = result.cut_reduction;
        refine_band_once(graph, partition, options,
                         cycle == 0 ? options.width : options.later_width,
                         1 + 1000 * unsigned(cycle), work, result);
        ++result.cycles;
        const WeightSum gain = result.cut_reduction - before;
        if (gain == 0 || double(gain) < options.min_cycle_gain * double(cut)) break;
        cut -= gain;
    }
    return result;
}

} // namespace part::gde
