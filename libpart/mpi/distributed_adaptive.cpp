#include "libpart/mpi/distributed_adaptive.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <optional>
#include <span>
#include <stdexcept>

#include "libpart/mpi/exchange.hpp"
#include "libpart/mpi/ghost_layer.hpp"
#include "libpart/mpi/neighbour_slots.hpp"
#include "libpart/mpi/subdomain_view.hpp"
#include "libpart/refine/boundary_polish.hpp"
#include "libpart/refine/overload_balancer.hpp"
#include "libpart/repart/adaptive_repart.hpp"
#include "libpart/repart/anchored_partition.hpp"
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

// Collective. The most each part may weigh in this rank's view: what it weighs there, plus a
// share of the part's room (its limit minus its weight over all ranks), split evenly among the
// ranks whose view holds the part; an overloaded part's excess is shed by the ranks holding
// it, in proportion to what each holds.
struct RoomShares {
    std::vector<WeightSum> limit; // per part, in this rank's view
    std::vector<WeightSum> here;  // per part, what it weighs in this rank's view
    std::vector<WeightSum> total; // per part, over all ranks
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
    RoomShares shares{std::vector<WeightSum>(static_cast<std::size_t>(k)), here, total_weight, 0};
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

// Of the two ends of an edge between ranks, the one that may move: on the lower rank or on the
// higher.
enum class MovingEnd { Lower, Higher };

// The vertices that stay put: ghosts, and the owned vertices at the other end of an edge to
// another rank than `moving`, so that the gains a rank sees are exact.
bool is_fixed(const RankShare& share, int rank, MovingEnd moving, VertexId v) {
    for (VertexId u : share.view.graph.neighbours(v))
        if (u >= share.owned()) {
            const int other = share.ghost_rank[std::size_t(u - share.owned())];
            if (moving == MovingEnd::Lower ? other < rank : other > rank) return true;
        }
    return false;
}

std::vector<char> fixed_vertices(MPI_Comm comm, const RankShare& share, MovingEnd moving) {
    std::vector<char> fixed = share.ghost_mask();
    for (VertexId v = 0; v < share.owned(); ++v)
        fixed[v] = is_fixed(share, rank_of(comm), moving, v);
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

// Collective. The borders reshaped on every rank's view, the `moving` end of the edges between
// ranks free; returns the band refinement's cut reduction on this rank.
WeightSum reshape_borders_here(MPI_Comm comm, const RankShare& share, const RepartRequest& request,
                               MovingEnd moving, std::vector<PartId>& new_part) {
    Partition partition{request.new_parts, view_parts(comm, share, new_part), request.targets};
    const RoomShares room = room_shares(comm, share, partition.part, request);
    const std::vector<char> fixed = fixed_vertices(comm, share, moving);
    const WeightSum reduction =
        reshape_borders(share.view.graph, partition, share.view.label,
                        {request.tolerance, request.migration_cost, &fixed, &room.limit});
    new_part.assign(partition.part.begin(), partition.part.begin() + share.owned());
    return reduction;
}

// Collective. cut + migration_cost x migrated size over all ranks, for the rank's view parts
// `part` (owned vertices, then ghosts). An edge between two ranks is seen from both.
double global_objective(MPI_Comm comm, const RankShare& share, const std::vector<PartId>& part,
                        double migration_cost) {
    const Graph& g = share.view.graph;
    long long inside = 0, across = 0, migrated = 0;
    for (VertexId v = 0; v < share.owned(); ++v) {
        if (part[v] != share.view.label[v]) migrated += g.vertex_size(v);
        for (EdgeOffset e = g.xadj[v]; e < g.xadj[v + 1]; ++e) {
            const VertexId u = g.adjncy[e];
            if (part[u] == part[v]) continue;
            if (u >= share.owned())
                across += g.edge_weight(e);
            else if (u > v)
                inside += g.edge_weight(e);
        }
    }
    const long long cut = sum_over_ranks(comm, inside) + sum_over_ranks(comm, across) / 2;
    return double(cut) + migration_cost * double(sum_over_ranks(comm, migrated));
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

// Islands: pieces of a part among the rank's owned vertices (connected through them) with no
// edge to a ghost in their part, so cut off from the rest of it, and at most `largest` in
// weight. Only pieces holding or touching a vertex whose part changed are searched (the others
// are as the old partition left them), and a search stops once it knows its piece is none.
struct Islands {
    std::vector<VertexId> order;       // island after island
    std::vector<std::size_t> first{0}; // where each starts in `order`; then order.size()
    std::vector<WeightSum> weight;     // per island
    std::span<const VertexId> members(std::size_t i) const {
        return {order.data() + first[i], first[i + 1] - first[i]};
    }
};

Islands islands_of(const RankShare& share, const std::vector<PartId>& part, WeightSum largest) {
    const Graph& g = share.view.graph;
    const VertexId owned = share.owned();
    const auto changed = [&](VertexId v) { return part[v] != share.view.label[v]; };
    enum : char { Unseen, Searched, NotIsland };
    std::vector<char> state(std::size_t(owned), Unseen);
    Islands islands;
    std::vector<VertexId> piece;
    for (VertexId start = 0; start < owned; ++start) {
        const auto row = g.neighbours(start);
        if (state[start] != Unseen ||
            (!changed(start) && std::none_of(row.begin(), row.end(), changed)))
            continue;
        piece.assign(1, start);
        state[start] = Searched;
        WeightSum weight = 0;
        bool island = true;
        for (std::size_t at = 0; island && at < piece.size(); ++at) {
            const VertexId v = piece[at];
            weight += g.vertex_weight(v);
            island = weight <= largest;
            for (VertexId u : g.neighbours(v)) {
                if (!island || part[u] != part[v]) continue;
                if (u >= owned || state[u] == NotIsland) {
                    island = false;
                } else if (state[u] == Unseen) {
                    state[u] = Searched;
                    piece.push_back(u);
                }
            }
        }
        if (!island) {
            for (VertexId v : piece) state[v] = NotIsland;
            continue;
        }
        islands.order.insert(islands.order.end(), piece.begin(), piece.end());
        islands.first.push_back(islands.order.size());
        islands.weight.push_back(weight);
    }
    return islands;
}

// The part an island (`members`, cut off from its part) joins: of the neighbouring parts with
// room for it, the one it shares the most edge weight with (the lowest on a tie); -1 when none,
// or when the move does not lower cut + price x migrated size. The cut falls by what it shares
// with that part (it shares nothing with its own); migration is counted from the old parts.
PartId island_target(const RankShare& share, const std::vector<PartId>& part,
                     std::span<const VertexId> members, WeightSum weight, const RoomShares& room,
                     double price) {
    const Graph& g = share.view.graph;
    std::map<PartId, WeightSum> shared;
    for (VertexId v : members)
        for (EdgeOffset e = g.xadj[v]; e < g.xadj[v + 1]; ++e)
            if (part[g.adjncy[e]] != part[v]) shared[part[g.adjncy[e]]] += g.edge_weight(e);
    PartId to = -1;
    for (const auto& [q, w] : shared)
        if (room.here[q] + weight <= room.limit[q] && (to < 0 || w > shared[to])) to = q;
    if (to < 0) return -1;
    const PartId from = part[members[0]];
    WeightSum migrated = 0; // the change, in vertex sizes
    for (VertexId v : members) {
        const PartId old_part = share.view.label[v];
        migrated += g.vertex_size(v) * (WeightSum(old_part != to) - WeightSum(old_part != from));
    }
    return price * double(migrated) < double(shared[to]) ? to : -1;
}

// Collective. Islands, pieces of a part cut off from the rest of it on this rank (wholly owned,
// no edge to their part elsewhere, lighter than a diffusion cluster and than their part), join
// a neighbouring part (island_target). Vertex moves near the borders between ranks leave them
// where both sides moved at once. An island moves only when no member is fixed for the moving
// end (so two adjacent islands on two ranks never swap), and the two ends take turns. The
// diffusion's whole clusters, heavier, stay where it put them. Returns the islands moved.
VertexId absorb_islands(MPI_Comm comm, const RankShare& share, const RepartRequest& request,
                        std::vector<PartId>& new_part) {
    const StageClock clock("adaptive: islands");
    const int rank = rank_of(comm);
    VertexId absorbed = 0;
    for (MovingEnd moving : {MovingEnd::Lower, MovingEnd::Higher}) {
        std::vector<PartId> part = view_parts(comm, share, new_part);
        RoomShares room = room_shares(comm, share, part, request);
        const WeightSum total = std::accumulate(room.total.begin(), room.total.end(), WeightSum(0));
        const WeightSum largest = adaptive_cluster_limits(total, request.new_parts).weight;
        const Islands islands = islands_of(share, part, largest);
        long long held = 0; // islands fixed at this end
        for (std::size_t i = 0; i < islands.weight.size(); ++i) {
            const std::span<const VertexId> members = islands.members(i);
            const PartId from = part[members[0]];
            const WeightSum weight = islands.weight[i];
            if (weight >= room.total[from]) continue;
            if (std::any_of(members.begin(), members.end(),
                            [&](VertexId v) { return is_fixed(share, rank, moving, v); })) {
                ++held;
                continue;
            }
            const PartId to =
                island_target(share, part, members, weight, room, request.migration_cost);
            if (to < 0) continue;
            for (VertexId v : members) new_part[v] = part[v] = to;
            room.here[to] += weight;
            room.here[from] -= weight;
            ++absorbed;
        }
        if (sum_over_ranks(comm, held) == 0) break; // the other end has none to move
    }
    return VertexId(sum_over_ranks(comm, absorbed));
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
    outcome.new_part = std::move(kept.new_part);
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
