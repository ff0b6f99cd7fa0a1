#include "libpart/repart/adaptive_repart.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "libpart/refine/overload_balancer.hpp"
#include "libpart/refine/part_coarsening.hpp"
#include "libpart/repart/border_reshaping.hpp"
#include "libpart/repart/host_ranks.hpp"
#include "libpart/repart/part_seeding.hpp"

namespace part {

refine::ClusterLimits adaptive_cluster_limits(WeightSum total_weight, PartId parts) {
    // A cluster weighs at most this share of an average part: fine enough for the balance to
    // be met by whole clusters, coarse enough that each is a compact region with a short border.
    constexpr double kClusterShare = 0.03;
    return {std::max<WeightSum>(2, WeightSum(kClusterShare * double(total_weight) / parts)), 4};
}

std::vector<refine::CoarseLevel> coarsen_within_groups(const Graph& graph,
                                                       const std::vector<PartId>& group,
                                                       refine::ClusterLimits limits,
                                                       const std::vector<char>& fixed_vertices) {
    std::vector<refine::CoarseLevel> levels;
    for (unsigned seed = 1;; ++seed) {
        const Graph& fine = levels.empty() ? graph : levels.back().graph;
        const std::vector<char>& fixed = levels.empty() ? fixed_vertices : levels.back().fixed;
        // Shrinking is measured on the free vertices: fixed ones never cluster.
        const auto free = VertexId(std::count(fixed.begin(), fixed.end(), 0));
        if (refine::most_clustered_away(fine, fixed, limits) < free / 10) break;
        refine::CoarseLevel level = refine::coarsen_within_parts(
            fine, levels.empty() ? group : levels.back().part, fixed, limits, seed);
        if (fine.num_vertices() - level.graph.num_vertices() < free - free * 9 / 10) break;
        level.graph.vsize.assign(std::size_t(level.graph.num_vertices()), 0);
        for (VertexId v = 0; v < fine.num_vertices(); ++v)
            level.graph.vsize[level.coarse_of[v]] += fine.vertex_size(v);
        levels.push_back(std::move(level));
    }
    return levels;
}

namespace {

// Each vertex's group: the pair (start part, origin) it belongs to, numbered in order of first
// appearance; `pairs` receives the pair of each group.
std::vector<PartId> group_by_part_and_origin(const RepartStart& start,
                                             std::vector<std::pair<PartId, PartId>>& pairs) {
    std::map<std::pair<PartId, PartId>, PartId> id_of;
    std::vector<PartId> group(start.origin.size());
    for (std::size_t v = 0; v < group.size(); ++v) {
        const std::pair<PartId, PartId> pair{start.partition.part[v], start.origin[v]};
        const auto [it, fresh] = id_of.try_emplace(pair, PartId(pairs.size()));
        if (fresh) pairs.push_back(pair);
        group[v] = it->second;
    }
    return group;
}

} // namespace

RepartResult adaptive_repartition(const Graph& graph, const Partition& old_partition,
                                  const RepartRequest& request) {
    RepartResult result = start_repart_result(graph, old_partition, request);
    const RepartStart start = repart_start(graph, old_partition, result);
    const PartId k2 = request.new_parts;
    std::vector<std::pair<PartId, PartId>> pairs; // (start part, origin) of each group
    const std::vector<PartId> group = group_by_part_and_origin(start, pairs);
    const std::vector<refine::CoarseLevel> levels = coarsen_within_groups(
        graph, group, adaptive_cluster_limits(graph.total_vertex_weight()[0], k2),
        std::vector<char>(group.size(), 0));

    const Graph& coarse = levels.empty() ? graph : levels.back().graph;
    const std::vector<PartId>& coarse_group = levels.empty() ? group : levels.back().part;
    Partition balanced{k2, std::vector<PartId>(coarse_group.size()), request.targets};
    std::vector<PartId> coarse_origin(coarse_group.size());
    for (std::size_t c = 0; c < coarse_group.size(); ++c)
        std::tie(balanced.part[c], coarse_origin[c]) = pairs[std::size_t(coarse_group[c])];
    const refine::BalanceResult coarse_moves = refine::balance_overloaded_parts(
        coarse, balanced, {request.tolerance, &coarse_origin, request.migration_cost});
    for (std::size_t l = levels.size(); l-- > 0;) {
        std::vector<PartId> finer(levels[l].coarse_of.size());
        for (std::size_t v = 0; v < finer.size(); ++v)
            finer[v] = balanced.part[levels[l].coarse_of[v]];
        balanced.part = std::move(finer);
    }
    result.partition.part = std::move(balanced.part);
    // Clusters too heavy for the room left: single vertices finish the balance.
    const refine::BalanceResult fine_moves = refine::balance_overloaded_parts(
        graph, result.partition, {request.tolerance, &start.origin, request.migration_cost});
    const WeightSum band_cut_reduction = reshape_borders(
        graph, result.partition, start.origin, {request.tolerance, request.migration_cost});
    result.details = {
        {"coarse_levels", double(levels.size())},
        {"balance_moves", double(coarse_moves.moves + fine_moves.moves)},
        {"detached_moves", double(coarse_moves.detached_moves + fine_moves.detached_moves)},
        {"band_cut_reduction", double(band_cut_reduction)},
        {"overload_left", double(fine_moves.overload_left)}};
    return result;
}

} // namespace part
