#pragma once
// A rank's share of a distributed graph for refinement: its owned vertices with their
// neighbours on other ranks as ghosts (fixed), and what the distributed repartitioners do on it
// with serial libpart code: share each part's room among the ranks, balance, reshape the
// borders with one end of the edges between ranks fixed, count the objective over all ranks,
// and let islands cut off at a border between ranks join a neighbouring part.
#include <mpi.h>

#include <span>
#include <vector>

#include "libpart/mpi/distributed_input.hpp"
#include "libpart/mpi/neighbour_slots.hpp"
#include "libpart/mpi/subdomain_view.hpp"
#include "libpart/refine/overload_balancer.hpp"
#include "libpart/repart/repart_method.hpp"

namespace part::mpi {

// The rank's vertices with their neighbours on other ranks as ghosts, and the rank each ghost
// lives on. The view numbers the owned vertices part by part (part_major_renumbering) when the
// rank's own numbering, by global id, scatters neighbours, so that the serial passes over it
// read nearby memory; view.member[i] is the rank-local index of the view's vertex i, and the
// per-owned-vertex values the functions below take and give are in the view's order.
struct RankShare {
    ProcessorView view;            // owned vertices labelled with their origin (old part)
    std::vector<int> ghost_rank;   // per ghost
    OwnedIndex index;              // rank-local owned vertex of a global id
    std::vector<VertexId> in_view; // per rank-local owned vertex: its place in the view
    VertexId owned() const { return view.members(); }
    // Per-owned-vertex values from the rank's order into the view's, and back.
    template <typename T> std::vector<T> to_view(std::span<const T> per_local) const {
        std::vector<T> per_view(per_local.size());
        for (std::size_t v = 0; v < per_local.size(); ++v) per_view[in_view[v]] = per_local[v];
        return per_view;
    }
    template <typename T> std::vector<T> to_local(std::span<const T> per_view) const {
        std::vector<T> per_local(per_view.size());
        for (std::size_t i = 0; i < per_view.size(); ++i) per_local[view.member[i]] = per_view[i];
        return per_local;
    }
    // 1 for the ghosts, 0 for the owned vertices: the ghosts never move here.
    std::vector<char> ghost_mask() const {
        std::vector<char> mask(view.label.size(), 0);
        std::fill(mask.begin() + owned(), mask.end(), 1);
        return mask;
    }
};

// Collective. The rank's share of the input as read: vertices on the ranks of their old parts,
// labelled with them.
RankShare rank_share(MPI_Comm comm, const DistributedInput& input);

// The rank's share of `graph` whose owned vertices have the `origin` labels, with `ghosts`
// labelled by the processor whose rank holds each.
RankShare rank_share(MPI_Comm comm, const DistributedGraph& graph, std::span<const PartId> origin,
                     const GhostLayer& ghosts);

// Collective. The value of each ghost, asked of the rank that owns it (`owned_values` per
// owned vertex there).
std::vector<std::int32_t> ghost_values(MPI_Comm comm, const RankShare& share,
                                       const std::vector<std::int32_t>& owned_values);

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
                       const RepartRequest& request);

// Of the two ends of an edge between ranks, the one that may move: on the lower rank or on the
// higher.
enum class MovingEnd { Lower, Higher };

std::vector<char> fixed_vertices(MPI_Comm comm, const RankShare& share, MovingEnd moving);

// Collective. The parts of the rank's view: its own vertices' `new_part`, then the ghosts'.
std::vector<PartId> view_parts(MPI_Comm comm, const RankShare& share,
                               const std::vector<PartId>& new_part);

// Collective. Single vertices leave the parts still overloaded after the clusters moved, each
// rank within its share of the room; passes repeat, with the room shared anew, while the
// parts are over their limits and a pass moved something. Returns the moves and the overload
// left.
refine::BalanceResult balance_vertices(MPI_Comm comm, const RankShare& share,
                                       const RepartRequest& request, std::vector<PartId>& new_part);

// Collective. The borders reshaped on every rank's view, the `moving` end of the edges between
// ranks free; returns the band refinement's cut reduction on this rank.
WeightSum reshape_borders_here(MPI_Comm comm, const RankShare& share, const RepartRequest& request,
                               MovingEnd moving, std::vector<PartId>& new_part);

// Collective. cut + migration_cost x migrated size over all ranks, for the rank's view parts
// `part` (owned vertices, then ghosts). An edge between two ranks is seen from both.
double global_objective(MPI_Comm comm, const RankShare& share, const std::vector<PartId>& part,
                        double migration_cost);

// Collective. Islands, pieces of a part cut off from the rest of it on this rank (wholly owned,
// no edge to their part elsewhere, lighter than a diffusion cluster and than their part), join
// a neighbouring part (island_target). Vertex moves near the borders between ranks leave them
// where both sides moved at once. An island moves only when no member is fixed for the moving
// end (so two adjacent islands on two ranks never swap), and the two ends take turns. The
// diffusion's whole clusters, heavier, stay where it put them. Returns the islands moved.
VertexId absorb_islands(MPI_Comm comm, const RankShare& share, const RepartRequest& request,
                        std::vector<PartId>& new_part);

} // namespace part::mpi
