#pragma once
// The remap's amortization under mpirun (libpart/repart/amortization; Kaddoura & Ranka 1995,
// 3.5). The serial cost model reads only per-part totals (PartLoads) and the plan's traffic,
// exact integers the ranks reduce to one rank, so the distributed report and the controller's
// decision carry the serial tool's figures for the same partitions.
#include <mpi.h>

#include <optional>
#include <span>
#include <vector>

#include "libpart/mpi/distributed_graph.hpp"
#include "libpart/plan/plan_traffic.hpp"
#include "libpart/repart/amortization.hpp"

namespace part::mpi {

// The two partitions of a remap, as the ranks hold them.
struct RemapParts {
    std::span<const PartId> old_part, new_part;             // per owned vertex
    std::span<const PartId> block_old_part, block_new_part; // per vertex of this rank's block
    const std::vector<VertexId>& block_start;               // the blocks, in rank order
    PartId old_parts = 0;
    const Partition& new_shape;               // K2 and the targets (`part` is not read)
    const std::vector<PartId>& new_part_rank; // physical rank of each new part
};

// Where the owned vertices lie. Before the remap's data moves each vertex is on the rank of
// its old part (owner_of_part), so a neighbour another rank owns is in none of this rank's old
// parts and its old part need not be asked.
enum class Placement { ByOldPart, Anywhere };

struct RemapLoads {
    PartLoads old_loads, new_loads;
};

// Collective. The weight and incident cut per part of the old and of the new partition, summed
// over the ranks on `root` (elsewhere: this rank's share). The parts of neighbours on other
// ranks are asked of the ranks holding their block (one look-up; two with Placement::Anywhere);
// the sums take one reduction. Per rank O(owned vertices + adjacency entries + K + K2).
RemapLoads reduce_remap_loads(MPI_Comm comm, const DistributedGraph& graph, const RemapParts& parts,
                              Placement placement, int root = 0);

// Collective. The amortization of a remap already carried out, as the serial tool reports it
// for the same old and new partitions: `traffic` is the plan's (DistributedPlan::traffic) and
// the vertices may lie anywhere. On root; none elsewhere.
std::optional<Amortization> remap_amortization(MPI_Comm comm, const DistributedGraph& graph,
                                               const RemapParts& parts, const PlanTraffic& traffic,
                                               const CostModel& model, int root = 0);

} // namespace part::mpi
