#include "libpart/mpi/distributed_adaptive.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "libpart/mpi/exchange.hpp"
#include "libpart/mpi/rank_share.hpp"
#include "libpart/refine/overload_balancer.hpp"
#include "libpart/repart/adaptive_repart.hpp"
#include "libpart/repart/anchored_partition.hpp"

namespace part::mpi {

namespace {

// The rank's vertices clustered within their old parts, ghosts alone and fixed, level by level.
std::vector<refine::CoarseLevel> local_levels(MPI_Comm comm, const RankShare& share, PartId parts) {
    const StageClock clock("adaptive: clustering");
    const Graph& g = share.view.graph;
    WeightSum own = 0;
    for (VertexId v = 0; v < share.owned(); ++v) own += g.vertex_weight(v);
    return coarsen_within_groups(g, share.view.label,
                                 adaptive_cluster_limits(sum_over_ranks(comm, own), parts),
                                 share.ghost_mask());
}

// The clusters of one level (`depth` levels down; 0: the vertices). Owned vertices' clusters
// come first (ids follow the lowest member, and a ghost is alone), so clusters 0..count-1 are
// the rank's own.
struct LocalClusters {
    const Graph* graph;               // the level's graph
    const std::vector<PartId>* part;  // its old parts
    std::vector<VertexId> cluster_of; // per view vertex
    VertexId count = 0;
};

LocalClusters clusters_at(const RankShare& share, const std::vector<refine::CoarseLevel>& levels,
                          std::size_t depth) {
    LocalClusters clusters{depth == 0 ? &share.view.graph : &levels[depth - 1].graph,
                           depth == 0 ? &share.view.label : &levels[depth - 1].part,
                           {},
                           0};
    const Graph& g = share.view.graph;
    clusters.cluster_of.resize(std::size_t(g.num_vertices()));
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        VertexId c = v;
        for (std::size_t l = 0; l < depth; ++l) c = levels[l].coarse_of[c];
        clusters.cluster_of[v] = c;
        if (v < share.owned())
            clusters.count = std::max(clusters.count, c + 1);
        else if (c < clusters.count)
            throw std::logic_error("adaptive: a ghost was clustered with owned vertices");
    }
    return clusters;
}

// The clusters of every rank as one graph, built on root: cluster weights, sizes and old
// parts, and rows in global cluster ids (rank order), with the edges between two ranks'
// clusters summed.
struct ClusterGraph {
    Graph graph;              // on root
    std::vector<PartId> part; // on root: each cluster's old part
    VertexId first = 0;       // global id of this rank's first cluster
};

// This rank's clusters as rows of the cluster graph: per cluster its weight, size, old part and
// degree, then its neighbours in global cluster ids (`first` is this rank's first;
// `ghost_cluster` the cluster of each ghost), a row's entries to one cluster summed.
struct ClusterRow {
    Weight weight, size, degree;
    PartId old_part;
};
struct ClusterEntry {
    VertexId neighbour;
    Weight weight;
};

std::pair<std::vector<ClusterRow>, std::vector<ClusterEntry>>
cluster_rows(const RankShare& share, const LocalClusters& clusters, VertexId first,
             const std::vector<std::int32_t>& ghost_cluster) {
    const Graph& coarse = *clusters.graph;
    // The ghost in each ghost's cluster (a ghost is alone in its cluster).
    std::vector<VertexId> ghost_in(std::size_t(coarse.num_vertices()), -1);
    for (VertexId v = share.owned(); v < share.view.graph.num_vertices(); ++v)
        ghost_in[clusters.cluster_of[v]] = v - share.owned();
    std::vector<ClusterRow> rows;
    std::vector<ClusterEntry> entries, row;
    for (VertexId c = 0; c < clusters.count; ++c) {
        row.clear();
        for (EdgeOffset e = coarse.xadj[c]; e < coarse.xadj[c + 1]; ++e) {
            const VertexId d = coarse.adjncy[e];
            row.push_back({d < clusters.count ? first + d : ghost_cluster[ghost_in[d]],
                           coarse.edge_weight(e)});
        }
        std::ranges::sort(row, {}, &ClusterEntry::neighbour);
        const std::size_t before = entries.size();
        for (const ClusterEntry& entry : row)
            if (entries.size() > before && entries.back().neighbour == entry.neighbour)
                entries.back().weight += entry.weight;
            else
                entries.push_back(entry);
        rows.push_back({coarse.vertex_weight(c), coarse.vertex_size(c),
                        Weight(entries.size() - before), (*clusters.part)[c]});
    }
    return {rows, entries};
}

ClusterGraph gather_clusters(MPI_Comm comm, const RankShare& share, const LocalClusters& clusters,
                             int root) {
    const StageClock clock("adaptive: cluster graph");
    const std::vector<VertexId> counts =
        all_gather_pieces<VertexId>(comm, std::span(&clusters.count, 1));
    ClusterGraph out;
    for (int r = 0; r < rank_of(comm); ++r) out.first += counts[r];
    std::vector<std::int32_t> global_cluster(std::size_t(share.owned()));
    for (VertexId v = 0; v < share.owned(); ++v)
        global_cluster[v] = out.first + clusters.cluster_of[v];
    const auto [rows, entries] =
        cluster_rows(share, clusters, out.first, ghost_values(comm, share, global_cluster));
    Graph& g = out.graph;
    g.ncon = 1;
    g.xadj.assign(1, 0);
    for (const ClusterRow& row : gather_pieces<ClusterRow>(comm, rows, root)) {
        g.vwgt.push_back(row.weight);
        g.vsize.push_back(row.size);
        out.part.push_back(row.old_part);
        g.xadj.push_back(g.xadj.back() + row.degree);
    }
    for (const ClusterEntry& entry : gather_pieces<ClusterEntry>(comm, entries, root)) {
        g.adjncy.push_back(entry.neighbour);
        g.adjwgt.push_back(entry.weight);
    }
    return out;
}

// The new part of each owned vertex from `cluster_part` (per gathered cluster, on every rank).
std::vector<PartId> parts_of_clusters(const LocalClusters& clusters, const ClusterGraph& gathered,
                                      const std::vector<PartId>& cluster_part, VertexId owned) {
    std::vector<PartId> new_part(static_cast<std::size_t>(owned));
    for (VertexId v = 0; v < owned; ++v)
        new_part[v] = cluster_part[std::size_t(gathered.first + clusters.cluster_of[v])];
    return new_part;
}

// One candidate on this rank: the new part of each owned vertex and what made it.
struct RankCandidate {
    std::vector<PartId> new_part;
    std::vector<VertexId> cluster_moves{0, 0}; // moves and detached moves of whole clusters
    refine::BalanceResult vertex_moves;        // this rank's; overload_left over all ranks
    WeightSum band_cut_reduction = 0;          // this rank's
    int slack_rounds = 0;
    double objective = 0; // cut + migration_cost x migrated size, over all ranks
};

// Collective. Diffusion: root moves whole clusters out of the overloaded parts.
RankCandidate moved_clusters(MPI_Comm comm, const RankShare& share, const LocalClusters& clusters,
                             const RepartRequest& request, int root) {
    const ClusterGraph gathered = gather_clusters(comm, share, clusters, root);
    RankCandidate candidate;
    std::vector<PartId> cluster_part;
    if (rank_of(comm) == root) {
        const StageClock clock("adaptive: cluster balance");
        Partition balanced{request.new_parts, gathered.part, request.targets};
        const refine::BalanceResult moved = refine::balance_overloaded_parts(
            gathered.graph, balanced, {request.tolerance, &gathered.part, request.migration_cost});
        cluster_part = std::move(balanced.part);
        candidate.cluster_moves = {moved.moves, moved.detached_moves};
    }
    broadcast(comm, candidate.cluster_moves, root);
    broadcast(comm, cluster_part, root);
    candidate.new_part = parts_of_clusters(clusters, gathered, cluster_part, share.owned());
    return candidate;
}

// Collective. Scratch-remap: root partitions the gathered clusters afresh with the data's parts
// priced in (best_anchored_partition), as the serial method does its level. Nothing (on every
// rank) when METIS cannot take the anchored graph.
std::optional<RankCandidate> remapped_clusters(MPI_Comm comm, const RankShare& share,
                                               const LocalClusters& clusters,
                                               const RepartRequest& request, int root) {
    const ClusterGraph gathered = gather_clusters(comm, share, clusters, root);
    std::vector<PartId> cluster_part;
    if (rank_of(comm) == root) {
        const StageClock clock("adaptive: scratch-remap");
        if (std::optional<std::vector<PartId>> fresh =
                best_anchored_partition(gathered.graph, gathered.part, request))
            cluster_part = std::move(*fresh);
    }
    broadcast(comm, cluster_part, root); // empty on every rank when none was made
    if (cluster_part.empty()) return std::nullopt;
    RankCandidate candidate;
    candidate.new_part = parts_of_clusters(clusters, gathered, cluster_part, share.owned());
    return candidate;
}

// Collective. Slack rounds (border_reshaping.hpp) on every rank's view: each balances the parts
// to their targets, then reshapes the borders; a round is kept while it lowers the objective
// over all ranks, at most `max_rounds`. The rounds free the two ends of the edges between ranks
// in turn, the higher end first (the first reshaping freed the lower): reshaping from one side
// only rarely recovered what the exact balance cost.
void slack_rounds_here(MPI_Comm comm, const RankShare& share, const RepartRequest& request,
                       int max_rounds, RankCandidate& candidate) {
    const StageClock clock("adaptive: slack rounds");
    RepartRequest exact = request;
    exact.tolerance = 0;
    for (; candidate.slack_rounds < max_rounds; ++candidate.slack_rounds) {
        std::vector<PartId> trial = candidate.new_part;
        balance_vertices(comm, share, exact, trial);
        reshape_borders_here(comm, share, request,
                             candidate.slack_rounds % 2 == 0 ? MovingEnd::Higher : MovingEnd::Lower,
                             trial);
        const double objective =
            global_objective(comm, share, view_parts(comm, share, trial), request.migration_cost);
        if (objective >= candidate.objective) break;
        candidate.objective = objective;
        candidate.new_part = std::move(trial);
    }
}

// Collective. Single vertices finish the balance, the borders are reshaped, then slack rounds
// while they pay; fills the candidate's vertex moves, reshaping and objective.
void finish_here(MPI_Comm comm, const RankShare& share, const RepartRequest& request,
                 int slack_rounds, RankCandidate& candidate) {
    {
        const StageClock clock("adaptive: balance");
        candidate.vertex_moves = balance_vertices(comm, share, request, candidate.new_part);
    }
    {
        const StageClock clock("adaptive: border reshaping");
        candidate.band_cut_reduction =
            reshape_borders_here(comm, share, request, MovingEnd::Lower, candidate.new_part);
    }
    candidate.objective = global_objective(comm, share, view_parts(comm, share, candidate.new_part),
                                           request.migration_cost);
    if (slack_rounds > 0) slack_rounds_here(comm, share, request, slack_rounds, candidate);
}

} // namespace

AdaptiveOutcome adaptive_new_parts(MPI_Comm comm, const DistributedInput& input,
                                   const RepartRequest& request, int root) {
    if (request.new_parts != input.old_parts)
        throw std::invalid_argument("distributed adaptive: the part count must stay the same");
    const RankShare share = rank_share(comm, input);
    const std::vector<refine::CoarseLevel> levels = local_levels(comm, share, request.new_parts);
    const LocalClusters coarsest = clusters_at(share, levels, levels.size());
    // As the serial method: below kDiffusionOnlyPrice the scratch-remap is made too, from the
    // level with at most a fifteenth of the rank's vertices, and each candidate takes slack
    // rounds; the two run one after the other here, each over all ranks.
    const bool both = request.migration_cost < kDiffusionOnlyPrice;
    const int slack_rounds = both ? kAdaptiveSlackRounds : 0;
    RankCandidate diffusion = moved_clusters(comm, share, coarsest, request, root);
    finish_here(comm, share, request, slack_rounds, diffusion);
    std::optional<RankCandidate> remap;
    if (both) {
        const LocalClusters remap_clusters = clusters_at(
            share, levels,
            scratch_remap_level(levels, share.owned(), VertexId(share.view.ghost.size())));
        remap = remapped_clusters(comm, share, remap_clusters, request, root);
        if (remap) finish_here(comm, share, request, slack_rounds, *remap);
    }
    // The serial method's choice: within the limits first, then the lower objective, the
    // diffusion's on a tie.
    const auto fits = [](const RankCandidate& c) { return c.vertex_moves.overload_left == 0; };
    const bool remapped =
        remap &&
        (fits(*remap) != fits(diffusion) ? fits(*remap) : remap->objective < diffusion.objective);
    RankCandidate& kept = remapped ? *remap : diffusion;
    const VertexId islands = absorb_islands(comm, share, request, kept.new_part);
    if (islands > 0)
        kept.objective = global_objective(comm, share, view_parts(comm, share, kept.new_part),
                                          request.migration_cost);
    AdaptiveOutcome outcome;
    outcome.new_part = share.to_local<PartId>(kept.new_part);
    outcome.details = {
        {"coarse_levels", double(max_over_ranks(comm, int(levels.size())))},
        {"clusters", double(sum_over_ranks(comm, coarsest.count))},
        {"scratch_remap", double(remapped)},
        {"diffusion_objective", diffusion.objective},
        {"scratch_remap_objective", remap ? remap->objective : -1},
        {"balance_moves",
         double(kept.cluster_moves[0] + sum_over_ranks(comm, kept.vertex_moves.moves))},
        {"detached_moves",
         double(kept.cluster_moves[1] + sum_over_ranks(comm, kept.vertex_moves.detached_moves))},
        {"band_cut_reduction", double(sum_over_ranks(comm, kept.band_cut_reduction))},
        {"slack_rounds", double(kept.slack_rounds)},
        {"islands_absorbed", double(islands)},
        {"overload_left", double(kept.vertex_moves.overload_left)}};
    return outcome;
}

} // namespace part::mpi
