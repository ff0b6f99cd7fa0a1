#pragma once
// Distributed repartitioning under mpirun: each method takes the graph distributed by old part
// and leaves every rank knowing the new part of the vertices of the block it read, so the new
// partition can be written in file order without gathering it. The figures a tool reports
// (part weights, cut, imbalance) and the migration plan are computed collectively; no rank
// gathers the partition or the graph.
#include <mpi.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "libpart/mpi/distributed_input.hpp"
#include "libpart/mpi/distributed_plan.hpp"
#include "libpart/repart/amortization.hpp"
#include "libpart/repart/repart_method.hpp"

namespace part::mpi {

struct DistributedRepartResult {
    std::vector<PartId> block_new_part;  // new part of each vertex of this rank's block
    std::vector<PartId> new_part_rank;   // physical rank of each new part (plan numbering)
    std::vector<WeightSum> part_weights; // every rank: total weight per new part (constraint 0)
    WeightSum edge_cut = 0;              // every rank
    double imbalance = 0;                // every rank: max weight / (target x total)
    std::vector<std::pair<std::string, double>> details; // method figures
    DistributedPlan plan; // equals diff(old, new, new_part_rank), spread over the ranks
    // The remap's amortization, on root, as the serial tool reports it: interval: the candidate's,
    // judged by the controller before data moves, and its decision (with a horizon, when it is
    // not to remap, the new partition is the old one and the plan moves nothing); gde: the
    // result's, after the fact (remap_amortization).
    std::optional<Amortization> candidate;
    RemapDecision decision;
    double decision_seconds = 0; // on root: wall time of controller_verdict
};

// interval's cost model and profitability test: without a horizon the controller always remaps.
struct ControllerOptions {
    CostModel model;
    std::optional<double> horizon;
};

// Collective. Interval repartition with rank `root` as controller (Kaddoura & Ranka 1995,
// 3.5): the result equals the serial interval method's. request.targets must be the same on
// every rank; request.position is not used (input.position is). Before data moves the
// controller judges the candidate (controller_verdict, always: its figures are the report's);
// with options.horizon it keeps the old partition when the remap does not pay off in time, as
// the serial tool does.
DistributedRepartResult distributed_interval(MPI_Comm comm, DistributedInput& input,
                                             const RepartRequest& request,
                                             const ControllerOptions& options = {}, int root = 0);

// Collective. The gde method distributed (rebalance_with_gde, then refine_borders; within a
// tolerance and the same part count, the borders reshaped for cut + migration): old part x
// is GDE processor x on rank owner_of_part(x, P), for any P (several processors per rank when
// P < K). Growing, empty new parts are seeded from heavy ones; shrinking, the K2 old parts
// holding the most data stay (new_part_rank, as the serial methods choose) and the others are
// drained as processors of capacity 0. New part q ends on rank owner_of_part(new_part_rank[q],
// P). Without a tolerance (the paper's balancing) the partition does not depend on P.
// `model`: for the result's amortization.
DistributedRepartResult distributed_gde(MPI_Comm comm, DistributedInput& input,
                                        const RepartRequest& request, const CostModel& model = {});

// Collective. The adaptive method distributed (distributed_adaptive.hpp), for the same part
// count (request.new_parts == input.old_parts): new part q is old part q's successor, on the
// same rank. `model`: for the result's amortization.
DistributedRepartResult distributed_adaptive(MPI_Comm comm, DistributedInput& input,
                                             const RepartRequest& request,
                                             const CostModel& model = {});

// Collective. Totals of bytes_sent() over the ranks, on root: (sum, largest of one rank).
std::pair<long long, long long> reduce_bytes_sent(MPI_Comm comm, int root = 0);

} // namespace part::mpi
