#include "libpart/mpi/rank_share.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

#include "libpart/mpi/exchange.hpp"
#include "libpart/mpi/ghost_layer.hpp"
#include "libpart/order/locality_renumbering.hpp"
#include "libpart/order/permutation.hpp"
#include "libpart/refine/boundary_polish.hpp"
#include "libpart/repart/adaptive_repart.hpp"
#include "libpart/repart/border_reshaping.hpp"

namespace part::mpi {

namespace {

// Balancing passes at most: each shares the room anew, after the previous pass filled some.
constexpr int kBalancePasses = 4;

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

// Numbers the view's owned vertices part by part when the rank's numbering scatters
// neighbours (see RankShare); the ghosts keep their places after them. Ghosts are keyed apart
// from every owned vertex, so no component mixes the two and the owned vertices' components,
// whose lowest vertices come first, fill the first places.
void number_for_locality(RankShare& share) {
    ProcessorView& view = share.view;
    const VertexId owned = share.owned();
    share.in_view = view.member; // the identity, as owned_view builds it
    if (!scatters_neighbours(view.graph)) return;
    const StageClock clock("share: renumbering");
    std::vector<PartId> key = view.label;
    const PartId labels = *std::max_element(key.begin(), key.end()) + 1;
    for (std::size_t v = std::size_t(owned); v < key.size(); ++v) key[v] += labels;
    Renumbering r = part_major_renumbering(view.graph, key);
    std::iota(r.old_of.begin() + owned, r.old_of.end(), owned);
    r.new_of = inverse_permutation(r.old_of);
    view.graph = renumbered_graph(view.graph, r);
    view.label = in_new_order(view.label, r);
    view.member.assign(r.old_of.begin(), r.old_of.begin() + owned);
    share.in_view.assign(r.new_of.begin(), r.new_of.begin() + owned);
}

} // namespace

RankShare rank_share(MPI_Comm comm, const DistributedInput& input) {
    return rank_share(comm, input.graph, input.old_part,
                      ghost_layer(comm, input.graph, input.block_start, input.block_old_part));
}

RankShare rank_share(MPI_Comm comm, const DistributedGraph& graph, std::span<const PartId> origin,
                     const GhostLayer& ghosts) {
    RankShare share{owned_view(graph, origin, ghosts), {}, OwnedIndex(graph.global_id), {}};
    number_for_locality(share);
    const int ranks = size_of(comm);
    for (VertexId slot : share.view.ghost_slot)
        share.ghost_rank.push_back(
            owner_of_part(ghosts.label[std::size_t(slot - graph.num_owned())], ranks));
    return share;
}

std::vector<std::int32_t> ghost_values(MPI_Comm comm, const RankShare& share,
                                       const std::vector<std::int32_t>& owned_values) {
    return ask_ranks<std::int32_t>(
        comm, share.view.ghost, [&](std::size_t j) { return share.ghost_rank[j]; },
        [&](const std::vector<VertexId>& asked) {
            std::vector<std::int32_t> answers(asked.size());
            for (std::size_t i = 0; i < asked.size(); ++i)
                answers[i] = owned_values[std::size_t(share.in_view[share.index.find(asked[i])])];
            return answers;
        });
}

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

std::vector<char> fixed_vertices(MPI_Comm comm, const RankShare& share, MovingEnd moving) {
    std::vector<char> fixed = share.ghost_mask();
    for (VertexId v = 0; v < share.owned(); ++v)
        fixed[v] = is_fixed(share, rank_of(comm), moving, v);
    return fixed;
}

std::vector<PartId> view_parts(MPI_Comm comm, const RankShare& share,
                               const std::vector<PartId>& new_part) {
    std::vector<PartId> part(new_part);
    const std::vector<std::int32_t> ghost_part = ghost_values(comm, share, new_part);
    part.insert(part.end(), ghost_part.begin(), ghost_part.end());
    return part;
}

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

} // namespace part::mpi
