#include "libpart/repart/adaptive_repart.hpp"

#include <algorithm>
#include <exception>
#include <map>
#include <optional>
#include <tuple>

#include "libpart/refine/overload_balancer.hpp"
#include "libpart/refine/part_coarsening.hpp"
#include "libpart/repart/anchored_partition.hpp"
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

std::size_t scratch_remap_level(const std::vector<refine::CoarseLevel>& levels, VertexId vertices,
                                VertexId fixed) {
    for (std::size_t l = 0; l < levels.size(); ++l)
        if (levels[l].graph.num_vertices() - fixed <= vertices / 15) return l + 1;
    return levels.size();
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

// One candidate: a partition of the graph, its balance moves and what its reshaping did.
struct Candidate {
    std::vector<PartId> part;
    refine::BalanceResult coarse_moves, fine_moves;
    WeightSum band_cut_reduction = 0;
    int slack_rounds = 0;
    double objective = 0; // cut + migration_cost x migrated size
};

// The coarse parts handed down the levels to the graph.
std::vector<PartId> project_to_graph(const std::vector<refine::CoarseLevel>& levels,
                                     std::size_t from, std::vector<PartId> part) {
    for (std::size_t l = from; l-- > 0;) {
        std::vector<PartId> finer(levels[l].coarse_of.size());
        for (std::size_t v = 0; v < finer.size(); ++v) finer[v] = part[levels[l].coarse_of[v]];
        part = std::move(finer);
    }
    return part;
}

// Single vertices finish the balance (clusters too heavy for the room left), then the borders
// are reshaped, with slack rounds while they pay; fills the candidate's fine moves, reshaping
// and objective.
void finish_candidate(const Graph& graph, const RepartStart& start, const RepartRequest& request,
                      int slack_rounds, Candidate& candidate) {
    Partition partition{request.new_parts, std::move(candidate.part), request.targets};
    candidate.fine_moves = refine::balance_overloaded_parts(
        graph, partition, {request.tolerance, &start.origin, request.migration_cost});
    candidate.band_cut_reduction = reshape_borders(graph, partition, start.origin,
                                                   {request.tolerance, request.migration_cost});
    const SlackResult slack = reshape_with_slack(
        graph, partition, start.origin, {request.tolerance, request.migration_cost}, slack_rounds);
    candidate.slack_rounds = slack.rounds;
    candidate.objective = slack.objective;
    candidate.part = std::move(partition.part);
}

// Diffusion: whole clusters leave the overloaded parts at the coarsest level, best gain per
// unit of weight first.
Candidate moved_clusters(const Graph& graph, const RepartStart& start,
                         const std::vector<refine::CoarseLevel>& levels,
                         const std::vector<PartId>& group,
                         const std::vector<std::pair<PartId, PartId>>& pairs,
                         const RepartRequest& request, int slack_rounds) {
    const Graph& coarse = levels.empty() ? graph : levels.back().graph;
    const std::vector<PartId>& coarse_group = levels.empty() ? group : levels.back().part;
    Partition balanced{request.new_parts, std::vector<PartId>(coarse_group.size()),
                       request.targets};
    std::vector<PartId> coarse_origin(coarse_group.size());
    for (std::size_t c = 0; c < coarse_group.size(); ++c)
        std::tie(balanced.part[c], coarse_origin[c]) = pairs[std::size_t(coarse_group[c])];
    Candidate candidate;
    candidate.coarse_moves = refine::balance_overloaded_parts(
        coarse, balanced, {request.tolerance, &coarse_origin, request.migration_cost});
    candidate.part = project_to_graph(levels, levels.size(), std::move(balanced.part));
    finish_candidate(graph, start, request, slack_rounds, candidate);
    return candidate;
}

// Scratch-remap: a coarse level partitioned afresh with the data's parts priced in
// (best_anchored_partition), then finished. Nothing when METIS cannot take the anchored graph.
std::optional<Candidate> anchored_remap(const Graph& graph, const RepartStart& start,
                                        const std::vector<refine::CoarseLevel>& levels,
                                        const std::vector<PartId>& group,
                                        const std::vector<std::pair<PartId, PartId>>& pairs,
                                        const RepartRequest& request) {
    const std::size_t level = scratch_remap_level(levels, graph.num_vertices(), 0);
    const Graph& coarse = level == 0 ? graph : levels[level - 1].graph;
    const std::vector<PartId>& coarse_group = level == 0 ? group : levels[level - 1].part;
    std::vector<PartId> coarse_origin(coarse_group.size());
    for (std::size_t c = 0; c < coarse_group.size(); ++c)
        coarse_origin[c] = pairs[std::size_t(coarse_group[c])].second;
    std::optional<std::vector<PartId>> best =
        best_anchored_partition(coarse, coarse_origin, request);
    if (!best) return std::nullopt;
    Candidate candidate;
    candidate.part = project_to_graph(levels, level, std::move(*best));
    finish_candidate(graph, start, request, kAdaptiveSlackRounds, candidate);
    return candidate;
}

// The candidate to keep: one within the limits over one that is not, then the lower objective
// (the diffusion's on a tie, as it moves whole clusters of the old parts).
bool better(const Candidate& a, const Candidate& b) {
    const bool a_fits = a.fine_moves.overload_left == 0, b_fits = b.fine_moves.overload_left == 0;
    if (a_fits != b_fits) return a_fits;
    return a.objective < b.objective;
}

} // namespace

RepartResult adaptive_repartition(const Graph& graph, const Partition& old_partition,
                                  const RepartRequest& request) {
    RepartResult result = start_repart_result(graph, old_partition, request);
    const RepartStart start = repart_start(graph, old_partition, result);
    std::vector<std::pair<PartId, PartId>> pairs; // (start part, origin) of each group
    const std::vector<PartId> group = group_by_part_and_origin(start, pairs);
    const std::vector<refine::CoarseLevel> levels = coarsen_within_groups(
        graph, group, adaptive_cluster_limits(graph.total_vertex_weight()[0], request.new_parts),
        std::vector<char>(group.size(), 0));

    Candidate diffusion;
    std::optional<Candidate> remap;
    if (request.migration_cost >= kDiffusionOnlyPrice) {
        diffusion = moved_clusters(graph, start, levels, group, pairs, request, 0);
    } else {
        // The candidates are independent: one thread each. An exception may not leave a
        // thread, so each section keeps its own and the first is thrown after both.
        std::exception_ptr failures[2];
        const auto guarded = [&failures](int section, const auto& make) {
            try {
                make();
            } catch (...) {
                failures[section] = std::current_exception();
            }
        };
#pragma omp parallel sections num_threads(2)
        {
#pragma omp section
            guarded(0, [&] {
                diffusion = moved_clusters(graph, start, levels, group, pairs, request,
                                           kAdaptiveSlackRounds);
            });
#pragma omp section
            guarded(1,
                    [&] { remap = anchored_remap(graph, start, levels, group, pairs, request); });
        }
        for (const std::exception_ptr& failure : failures)
            if (failure) std::rethrow_exception(failure);
    }

    const bool remapped = remap && better(*remap, diffusion);
    Candidate& kept = remapped ? *remap : diffusion;
    result.partition.part = std::move(kept.part);
    result.details = {{"coarse_levels", double(levels.size())},
                      {"scratch_remap", double(remapped)},
                      {"diffusion_objective", diffusion.objective},
                      {"scratch_remap_objective", remap ? remap->objective : -1},
                      {"balance_moves", double(kept.coarse_moves.moves + kept.fine_moves.moves)},
                      {"detached_moves",
                       double(kept.coarse_moves.detached_moves + kept.fine_moves.detached_moves)},
                      {"band_cut_reduction", double(kept.band_cut_reduction)},
                      {"slack_rounds", double(kept.slack_rounds)},
                      {"overload_left", double(kept.fine_moves.overload_left)}};
    return result;
}

} // namespace part
