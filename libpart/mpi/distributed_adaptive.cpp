#include "libpart/mpi/distributed_adaptive.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "libpart/mpi/exchange.hpp"
#include "libpart/mpi/ghost_layer.hpp"
#include "libpart/mpi/neighbour_slots.hpp"
#include "libpart/mpi/subdomain_view.hpp"
#include "libpart/refine/boundary_polish.hpp"
#include "libpart/refine/overload_balancer.hpp"
#include "libpart/repart/adaptive_repart.hpp"
#include "libpart/repart/border_reshaping.hpp"

namespace part::mpi {

namespace {

// Balancing passes at most: each shares the room anew, after the previous pass filled some.
constexpr int kBalancePasses = 4;

// The rank's vertices with their neighbours on other ranks as ghosts, and where each ghost
// lives: the rank of its old part, since nothing has moved yet.
struct RankShare {
    ProcessorView view;          // labelled with old parts
    std::vector<int> ghost_rank; // per ghost
    OwnedIndex index;            // owned vertex of a global id
    VertexId owned() const { return view.members(); }
    // 1 for the ghosts, 0 for the owned vertices: the ghosts never move here.
    std::vector<char> ghost_mask() const {
        std::vector<char> mask(view.label.size(), 0);
        std::fill(mask.begin() + owned(), mask.end(), 1);
        return mask;
    }
};

RankShare rank_share(MPI_Comm comm, const DistributedInput& input) {
    const GhostLayer ghosts =
        ghost_layer(comm, input.graph, input.block_start, input.block_old_part);
    RankShare share{
        owned_view(input.graph, input.old_part, ghosts), {}, OwnedIndex(input.graph.global_id)};
    const int ranks = size_of(comm);
    for (std::size_t j = 0; j < share.view.ghost.size(); ++j)
        share.ghost_rank.push_back(owner_of_part(share.view.label[share.owned() + j], ranks));
    return share;
}

// Collective. The value of each ghost, asked of the rank that owns it (`owned_values` per
// owned vertex there).
std::vector<std::int32_t> ghost_values(MPI_Comm comm, const RankShare& share,
                                       const std::vector<std::int32_t>& owned_values) {
    return ask_ranks<std::int32_t>(
        comm, share.view.ghost, [&](std::size_t j) { return share.ghost_rank[j]; },
        [&](const std::vector<VertexId>& asked) {
            std::vector<std::int32_t> answers(asked.size());
            for (std::size_t i = 0; i < asked.size(); ++i)
                answers[i] = owned_values[std::size_t(share.index.find(asked[i]))];
            return answers;
        });
}

// The local clusters: the coarsest level of the rank's vertices clustered within their old
// parts, ghosts alone and fixed. Owned vertices' clusters come first (ids follow the lowest
// member), so clusters 0..count-1 are the rank's own.
struct LocalClusters {
    std::vector<refine::CoarseLevel> levels;
    std::vector<VertexId> cluster_of; // per view vertex
    VertexId count = 0;
};

LocalClusters local_clusters(MPI_Comm comm, const RankShare& share, PartId parts) {
    const StageClock clock("adaptive: clustering");
    const Graph& g = share.view.graph;
    WeightSum own = 0;
    for (VertexId v = 0; v < share.owned(); ++v) own += g.vertex_weight(v);
    LocalClusters clusters;
    clusters.levels = coarsen_within_groups(
        g, share.view.label, adaptive_cluster_limits(sum_over_ranks(comm, own), parts),
        share.ghost_mask());
    clusters.cluster_of.resize(std::size_t(g.num_vertices()));
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        VertexId c = v;
        for (const refine::CoarseLevel& level : clusters.levels) c = level.coarse_of[c];
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
    const bool coarsened = !clusters.levels.empty();
    const Graph& coarse = coarsened ? clusters.levels.back().graph : share.view.graph;
    const std::vector<PartId>& coarse_part =
        coarsened ? clusters.levels.back().part : share.view.label;
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
                        Weight(entries.size() - before), coarse_part[c]});
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

// Collective. Root moves whole clusters out of the overloaded parts; every rank gets the new
// part of each of its owned vertices. Returns (moves, detached moves).
std::pair<VertexId, VertexId> balance_clusters(MPI_Comm comm, const RankShare& share,
                                               const LocalClusters& clusters,
                                               const RepartRequest& request,
                                               std::vector<PartId>& new_part, int root) {
    ClusterGraph gathered = gather_clusters(comm, share, clusters, root);
    std::vector<PartId> cluster_part;
    std::vector<VertexId> moves(2, 0);
    if (rank_of(comm) == root) {
        const StageClock clock("adaptive: cluster balance");
        Partition balanced{request.new_parts, gathered.part, request.targets};
        const refine::BalanceResult moved = refine::balance_overloaded_parts(
            gathered.graph, balanced, {request.tolerance, &gathered.part, request.migration_cost});
        cluster_part = std::move(balanced.part);
        moves = {moved.moves, moved.detached_moves};
    }
    broadcast(comm, cluster_part, root);
    broadcast(comm, moves, root);
    new_part.resize(std::size_t(share.owned()));
    for (VertexId v = 0; v < share.owned(); ++v)
        new_part[v] = cluster_part[std::size_t(gathered.first + clusters.cluster_of[v])];
    return {moves[0], moves[1]};
}

// Collective. The most each part may weigh in this rank's view: what it weighs there, plus a
// share of the part's room (its limit minus its weight over all ranks), split evenly among the
// ranks whose view holds the part; an overloaded part's excess is shed by the ranks holding
// it, in proportion to what each holds.
struct RoomShares {
    std::vector<WeightSum> limit; // per part, in this rank's view
    WeightSum overload = 0;       // over all ranks: the weight above the parts' limits
};

RoomShares room_shares(MPI_Comm comm, const RankShare& share, const std::vector<PartId>& part,
                       const RepartRequest& request) {
    const PartId k = request.new_parts;
    const Graph& g = share.view.graph;
    std::vector<WeightSum> here(std::size_t(k), 0), owned(std::size_t(k), 0),
        holders(std::size_t(k), 0);
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        here[part[v]] += g.vertex_weight(v);
        if (v < share.owned()) owned[part[v]] += g.vertex_weight(v);
    }
    std::vector<WeightSum> total_weight = owned;
    MPI_Allreduce(MPI_IN_PLACE, total_weight.data(), k, MPI_INT64_T, MPI_SUM, comm);
    for (PartId q = 0; q < k; ++q) holders[q] = here[q] > 0;
    MPI_Allreduce(MPI_IN_PLACE, holders.data(), k, MPI_INT64_T, MPI_SUM, comm);
    WeightSum total = 0;
    for (WeightSum w : total_weight) total += w;
    const std::vector<WeightSum> global_limit =
        refine::part_weight_limits({k, {}, request.targets}, total, request.tolerance);
    RoomShares shares{std::vector<WeightSum>(static_cast<std::size_t>(k)), 0};
    for (PartId q = 0; q < k; ++q) {
        const WeightSum room = global_limit[q] - total_weight[q];
        shares.overload += std::max<WeightSum>(0, -room);
        WeightSum mine = 0;
        if (room >= 0 && here[q] > 0) mine = room / holders[q];
        if (room < 0 && owned[q] > 0)
            mine = WeightSum(std::floor(double(room) * double(owned[q]) / double(total_weight[q])));
        shares.limit[q] = here[q] + mine;
    }
    return shares;
}

// The vertices that stay put: ghosts, and owned vertices next to a lower rank, so that of the
// two ends of an edge between ranks only the one on the lower rank may move.
std::vector<char> fixed_vertices(MPI_Comm comm, const RankShare& share) {
    const Graph& g = share.view.graph;
    const int rank = rank_of(comm);
    std::vector<char> fixed = share.ghost_mask();
    for (VertexId v = 0; v < share.owned(); ++v)
        for (VertexId u : g.neighbours(v))
            if (u >= share.owned()) {
                const int other = share.ghost_rank[std::size_t(u - share.owned())];
                if (other < rank) fixed[v] = 1;
            }
    return fixed;
}

// Collective. The parts of the rank's view: its own vertices' `new_part`, then the ghosts'.
std::vector<PartId> view_parts(MPI_Comm comm, const RankShare& share,
                               const std::vector<PartId>& new_part) {
    std::vector<PartId> part(new_part);
    const std::vector<std::int32_t> ghost_part = ghost_values(comm, share, new_part);
    part.insert(part.end(), ghost_part.begin(), ghost_part.end());
    return part;
}

// Collective. Single vertices leave the parts still overloaded after the clusters moved, each
// rank within its share of the room; passes repeat, with the room shared anew, while the
// parts are over their limits and a pass moved something. Returns the moves and the overload
// left.
refine::BalanceResult balance_vertices(MPI_Comm comm, const RankShare& share,
                                       const RepartRequest& request,
                                       std::vector<PartId>& new_part) {
    const std::vector<PartId>& origin = share.view.label;
    const std::vector<char> ghosts = share.ghost_mask();
    refine::BalanceResult total;
    for (int pass = 0; pass < kBalancePasses; ++pass) {
        Partition partition{request.new_parts, view_parts(comm, share, new_part), request.targets};
        const RoomShares room = room_shares(comm, share, partition.part, request);
        total.overload_left = room.overload;
        if (room.overload == 0) break;
        const refine::BalanceResult moved = refine::balance_overloaded_parts(
            share.view.graph, partition,
            {request.tolerance, &origin, request.migration_cost, &ghosts, &room.limit});
        new_part.assign(partition.part.begin(), partition.part.begin() + share.owned());
        total.moves += moved.moves;
        total.detached_moves += moved.detached_moves;
        if (sum_over_ranks(comm, moved.moves) == 0) break;
    }
    return total;
}

// Collective. The borders reshaped on every rank's view; returns the band refinement's cut
// reduction on this rank.
WeightSum reshape_borders_here(MPI_Comm comm, const RankShare& share, const RepartRequest& request,
                               std::vector<PartId>& new_part) {
    Partition partition{request.new_parts, view_parts(comm, share, new_part), request.targets};
    const RoomShares room = room_shares(comm, share, partition.part, request);
    const std::vector<char> fixed = fixed_vertices(comm, share);
    const WeightSum reduction =
        reshape_borders(share.view.graph, partition, share.view.label,
                        {request.tolerance, request.migration_cost, &fixed, &room.limit});
    new_part.assign(partition.part.begin(), partition.part.begin() + share.owned());
    return reduction;
}

} // namespace

AdaptiveOutcome adaptive_new_parts(MPI_Comm comm, const DistributedInput& input,
                                   const RepartRequest& request, int root) {
    if (request.new_parts != input.old_parts)
        throw std::invalid_argument("distributed adaptive: the part count must stay the same");
    const RankShare share = rank_share(comm, input);
    const LocalClusters clusters = local_clusters(comm, share, request.new_parts);
    AdaptiveOutcome outcome;
    const auto [moves, detached] =
        balance_clusters(comm, share, clusters, request, outcome.new_part, root);
    const refine::BalanceResult balanced = [&] {
        const StageClock clock("adaptive: balance");
        return balance_vertices(comm, share, request, outcome.new_part);
    }();
    const WeightSum band_cut_reduction = [&] {
        const StageClock clock("adaptive: border reshaping");
        return reshape_borders_here(comm, share, request, outcome.new_part);
    }();
    outcome.details = {
        {"coarse_levels", double(max_over_ranks(comm, int(clusters.levels.size())))},
        {"clusters", double(sum_over_ranks(comm, clusters.count))},
        {"balance_moves", double(moves + sum_over_ranks(comm, balanced.moves))},
        {"detached_moves", double(detached + sum_over_ranks(comm, balanced.detached_moves))},
        {"band_cut_reduction", double(sum_over_ranks(comm, band_cut_reduction))},
        {"overload_left", double(balanced.overload_left)}};
    return outcome;
}

} // namespace part::mpi
