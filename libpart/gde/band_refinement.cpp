#include "libpart/gde/band_refinement.hpp"

#include <algorithm>

#include "libpart/core/metrics.hpp"
#include "libpart/gde/band_graph.hpp"
#include "libpart/gde/part_coarsening.hpp"

namespace part::gde {

namespace {

// One cycle: band, coarsening, refinement coarse to fine; `seed` varies the matchings.
void refine_band_once(const Graph& graph, Partition& partition, const BandRefineOptions& options,
                      unsigned seed, BandRefineResult& result) {
    const PartId k = partition.num_parts;
    BandGraph band = extract_band(graph, partition.part, options.width);
    result.band_vertices = std::max(result.band_vertices, band.num_band_vertices());
    if (band.num_band_vertices() == 0) return;

    // Levels: levels[0] is the band; each next one is coarser.
    std::vector<CoarseLevel> levels;
    levels.push_back({std::move(band.graph), std::move(band.part), std::move(band.fixed), {}});
    const double total = double(graph.total_vertex_weight()[0]);
    const WeightSum max_cluster =
        std::max<WeightSum>(2, WeightSum(options.cluster_fraction * total / k));
    const VertexId coarsest = options.coarsest > 0 ? options.coarsest : 20 * k;
    for (unsigned level = 0; levels.back().graph.num_vertices() > coarsest + k; ++level) {
        const CoarseLevel& fine = levels.back();
        CoarseLevel coarse =
            coarsen_within_parts(fine.graph, fine.part, fine.fixed, max_cluster, seed + level);
        // Matching stalls once clusters reach their weight cap: stop when it barely shrinks.
        if (coarse.graph.num_vertices() > fine.graph.num_vertices() * 9 / 10) break;
        levels.push_back(std::move(coarse));
    }

    // Coarse to fine: refine each level, then hand its parts to the finer one. Every level
    // has the whole graph's cut (clusters lie inside parts, anchors never move), and a level
    // keeps only moves that lower it, so the cut drops by the sum of the levels' gains.
    WeightSum gain = 0;
    for (std::size_t l = levels.size(); l-- > 0;) {
        Partition level_partition{k, std::move(levels[l].part), partition.targets};
        const PolishResult p =
            polish_boundary(levels[l].graph, level_partition, options.tolerance,
                            {.max_passes = options.max_passes, .fixed = &levels[l].fixed});
        result.polish.moves += p.moves;
        result.polish.cut_reduction += p.cut_reduction;
        gain += p.cut_reduction;
        result.polish.passes += p.passes;
        ++result.levels;
        if (l == 0) {
            levels[0].part = std::move(level_partition.part);
            break;
        }
        CoarseLevel& finer = levels[l - 1];
        for (VertexId v = 0; v < finer.graph.num_vertices(); ++v)
            finer.part[v] = level_partition.part[levels[l].coarse_of[v]];
    }

    if (gain == 0) return; // moves that changed nothing are not worth reporting
    for (VertexId i = 0; i < VertexId(band.vertex.size()); ++i)
        partition.part[band.vertex[i]] = levels[0].part[i];
    result.cut_reduction += gain;
}

} // namespace

BandRefineResult refine_band(const Graph& graph, Partition& partition,
                             const BandRefineOptions& options) {
    BandRefineResult result;
    WeightSum cut = edge_cut(graph, partition.part);
    for (int cycle = 0; cycle < options.cycles; ++cycle) {
        const WeightSum before = result.cut_reduction;
        refine_band_once(graph, partition, options, 1 + 1000 * unsigned(cycle), result);
        ++result.cycles;
        const WeightSum gain = result.cut_reduction - before;
        if (gain == 0 || double(gain) < options.min_cycle_gain * double(cut)) break;
        cut -= gain;
    }
    return result;
}

} // namespace part::gde
