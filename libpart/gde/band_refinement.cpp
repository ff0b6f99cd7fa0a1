#include "libpart/gde/band_refinement.hpp"

#include <algorithm>

#include "libpart/core/metrics.hpp"
#include "libpart/gde/band_graph.hpp"
#include "libpart/gde/part_coarsening.hpp"

namespace part::gde {

namespace {

// The arrays of every cycle's band and levels, kept across cycles: the second and third
// cycles build graphs of about the first one's sizes, into memory already touched.
struct Workspace {
    BandGraph band;
    BandScratch band_scratch;
    std::vector<CoarseLevel> coarse; // coarse[l] is level l + 1; only the first `used` count
    CoarseningScratch coarsening;
};

// One cycle: band, coarsening, refinement coarse to fine; `seed` varies the matchings.
void refine_band_once(const Graph& graph, Partition& partition, const BandRefineOptions& options,
                      unsigned seed, Workspace& work, BandRefineResult& result) {
    const PartId k = partition.num_parts;
    BandGraph& band = work.band;
    extract_band(graph, partition.part, options.width, band, work.band_scratch);
    result.band_vertices = std::max(result.band_vertices, band.num_band_vertices());
    if (band.num_band_vertices() == 0) return;

    // Levels: 0 is the band, l > 0 is work.coarse[l - 1], each coarser than the one before.
    std::vector<CoarseLevel>& coarse = work.coarse;
    const double total = double(graph.total_vertex_weight()[0]);
    const WeightSum max_cluster =
        std::max<WeightSum>(2, WeightSum(options.cluster_fraction * total / k));
    const VertexId coarsest = options.coarsest > 0 ? options.coarsest : 20 * k;
    auto graph_of = [&](std::size_t l) -> const Graph& {
        return l == 0 ? band.graph : coarse[l - 1].graph;
    };
    auto part_of = [&](std::size_t l) -> std::vector<PartId>& {
        return l == 0 ? band.part : coarse[l - 1].part;
    };
    auto fixed_of = [&](std::size_t l) -> const std::vector<char>& {
        return l == 0 ? band.fixed : coarse[l - 1].fixed;
    };
    std::size_t levels = 1;
    for (unsigned level = 0; graph_of(levels - 1).num_vertices() > coarsest + k; ++level) {
        if (coarse.size() < levels) coarse.emplace_back();
        const std::size_t fine = levels - 1;
        coarsen_within_parts(graph_of(fine), part_of(fine), fixed_of(fine), max_cluster,
                             seed + level, coarse[fine], work.coarsening);
        // Matching stalls once clusters reach their weight cap: stop when it barely shrinks.
        if (coarse[fine].graph.num_vertices() > graph_of(fine).num_vertices() * 9 / 10) break;
        ++levels;
    }

    // Coarse to fine: refine each level, then hand its parts to the finer one. Every level
    // has the whole graph's cut (clusters lie inside parts, anchors never move), and a level
    // keeps only moves that lower it, so the cut drops by the sum of the levels' gains.
    WeightSum gain = 0;
    for (std::size_t l = levels; l-- > 0;) {
        Partition level_partition{k, std::move(part_of(l)), partition.targets};
        const PolishResult p =
            polish_boundary(graph_of(l), level_partition, options.tolerance,
                            {.max_passes = options.max_passes, .fixed = &fixed_of(l)});
        part_of(l) = std::move(level_partition.part);
        result.polish.moves += p.moves;
        result.polish.cut_reduction += p.cut_reduction;
        gain += p.cut_reduction;
        result.polish.passes += p.passes;
        ++result.levels;
        if (l == 0) break;
        const std::vector<PartId>& coarse_part = part_of(l);
        const std::vector<VertexId>& coarse_of = coarse[l - 1].coarse_of;
        std::vector<PartId>& finer = part_of(l - 1);
        for (VertexId v = 0; v < graph_of(l - 1).num_vertices(); ++v)
            finer[v] = coarse_part[coarse_of[v]];
    }

    if (gain == 0) return; // moves that changed nothing are not worth reporting
    for (VertexId i = 0; i < VertexId(band.vertex.size()); ++i)
        partition.part[band.vertex[i]] = band.part[i];
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
        refine_band_once(graph, partition, options, 1 + 1000 * unsigned(cycle), work, result);
        ++result.cycles;
        const WeightSum gain = result.cut_reduction - before;
        if (gain == 0 || double(gain) < options.min_cycle_gain * double(cut)) break;
        cut -= gain;
    }
    return result;
}

} // namespace part::gde
