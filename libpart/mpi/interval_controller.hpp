#pragma once
// Controller-based interval remapping (Kaddoura & Ranka 1995, 3.5): every rank sends what it
// measured about its own vertices to one controller rank, the controller decides the new
// intervals with exactly the serial method (decide_intervals), and broadcasts them; each rank
// then knows the new part of its vertices and data moves directly between ranks. Before any
// data moves, the controller can also decide whether the remap is profitable at all
// (controller_verdict: the serial cost model of libpart/repart/amortization on figures the
// ranks reduce to it).
#include <mpi.h>

#include <optional>
#include <span>
#include <vector>

#include "libpart/mpi/distributed_amortization.hpp"
#include "libpart/mpi/distributed_graph.hpp"
#include "libpart/repart/amortization.hpp"
#include "libpart/repart/repart_method.hpp"

namespace part::mpi {

struct IntervalPlan {
    std::vector<PartId> arrangement;   // new parts in order along the line
    std::vector<VertexId> bounds;      // start of each interval along the line, then n
    std::vector<PartId> new_part_rank; // physical rank (plan numbering) of each new part
    std::vector<std::pair<std::string, double>> details; // on the controller only

    // New part of the vertex at `position` on the line.
    PartId part_at(VertexId position) const;
};

// Collective. position[v] is owned vertex v's place on the line (an ordering), or empty for
// the global numbering; request.position is not used. Each rank sends the weight, migration size
// and old part of its owned vertices to `root` (the line profile: 16 bytes per vertex, no
// adjacency), which holds it only while deciding; the decision (3 K2 + 1 numbers) is broadcast. The
// result equals interval_repartition on the whole graph. Errors (a bad request, an old part out of
// range) are thrown on every rank.
IntervalPlan controller_interval(MPI_Comm comm, const DistributedGraph& graph,
                                 std::span<const PartId> old_part, PartId old_parts,
                                 std::span<const VertexId> position, const RepartRequest& request,
                                 int root = 0);

// The controller's profitability decision (Kaddoura & Ranka 1995, 3.5).
struct ControllerVerdict {
    Amortization candidate; // on the controller only
    RemapDecision decision; // every rank
};

// Collective, before any data moves (each vertex on the rank of its old part; parts.new_part is
// the candidate). The weight and cut per part of both partitions are reduced to `root`
// (reduce_remap_loads: one look-up of the ghosts' new parts, one reduction), and each rank's
// would-be messages, counted and sized per (old part, new part), are gathered there; `root`
// evaluates the cost model exactly as the serial tool does (amortization on PartLoads and
// message_traffic: integers, so the same figures) and decides with decide_remap; the decision
// is broadcast. Without a horizon the decision is to remap and the figures are the report's.
// Per rank: O(owned vertices + adjacency entries + K + K2).
ControllerVerdict controller_verdict(MPI_Comm comm, const DistributedGraph& graph,
                                     const RemapParts& parts, const CostModel& model,
                                     std::optional<double> horizon, int root = 0);

} // namespace part::mpi
