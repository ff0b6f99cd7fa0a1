#pragma once
// Is a remap worth it? (Kaddoura & Ranka 1995, 3.5: a remap is profitable when its cost is
// offset by the time it saves; Edjlali et al. 1997, Table 4: the number of time steps that
// amortize a remap.) A deliberately simple, documented cost model; its constants are options
// of part-repart.
//
// Speeds. New part q runs on rank new_part_rank[q] at relative speed K2 * target(q) (1 for
// an average rank). Old part p ran on rank p; after the change rank p has the speed of the
// new part it hosts, and a rank hosting no new part is leaving, so the old partition cannot
// keep running and the remap is mandatory.
//
// One time step of a partition = max over parts of
//     time_per_weight * (part weight, constraint 0) / speed + time_per_cut_edge * (cut edge
//     weight incident to the part).
// The remap = latency * (most messages any rank sends plus receives)
//           + time_per_size * (most size any rank sends or receives).
// Amortization steps = remap / (old step - new step); never when the new step is not faster.
//
// The model reads only per-part totals (PartLoads) and the plan's traffic, exact integers a
// distributed run reduces over its ranks, so the serial tool and the controller under mpirun
// (libpart/mpi/interval_controller) reach the same figures and the same decision.
#include <optional>
#include <span>
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/core/partition.hpp"
#include "libpart/plan/plan_traffic.hpp"

namespace part {

struct CostModel {
    double time_per_weight = 1e-6;   // s per unit of vertex weight on an average rank
    double time_per_cut_edge = 1e-6; // s per unit of cut edge weight per step
    double latency = 1e-5;           // s per message
    double time_per_size = 1e-7;     // s per unit of vertex size moved
};

struct Amortization {
    double old_step = 0; // s; infinite when the old partition uses a leaving rank
    double new_step = 0; // s
    double remap = 0;    // s
    double saved_per_step = 0;
    double steps = 0; // remap / saved; infinite when nothing is saved, 0 when mandatory
    bool mandatory = false;
    bool pays_off = false;
};

// What the step time of a partition depends on, per part: its weight (constraint 0) and the
// weight of the cut edges incident to it.
struct PartLoads {
    std::vector<WeightSum> weight, cut;
};

// O(n + m).
PartLoads part_loads(const Graph& graph, std::span<const PartId> part, PartId num_parts);

// Throws InvalidArgument when a constant is negative or not finite.
void validate(const CostModel& model);

// new_shape: the new part count and targets (its `part` is not read).
Amortization amortization(const PartLoads& old_loads, const PartLoads& new_loads,
                          const Partition& new_shape, const std::vector<PartId>& new_part_rank,
                          const PlanTraffic& traffic, const CostModel& model);

Amortization amortization(const Graph& graph, const Partition& old_partition,
                          const Partition& new_partition, const std::vector<PartId>& new_part_rank,
                          const PlanTraffic& traffic, const CostModel& model);

// The controller's profitability test (Kaddoura & Ranka 1995, 3.5): remap when the time saved
// over the `horizon` steps until the next chance to remap offsets the remap's cost, i.e. when
// it amortizes within the horizon (remap <= horizon x saved per step); always when the remap is
// mandatory or when there is no horizon (the remap was asked for unconditionally). Keeping the
// old partition also needs every old part to remain a part (K2 >= K).
struct RemapDecision {
    bool remap = true;
    bool forced = false;           // with a horizon: mandatory, or K2 < K
    std::optional<double> horizon; // steps; none: remap unconditionally
    // Ranks leaving, with a horizon (Ashok 1994, 13.1): the cost over the horizon (remap + horizon
    // x step) of not adapting, the old parts kept and the leaving ones folded whole onto the
    // staying ranks (fold_onto_staying_ranks), against the candidate's; `fold` when folding
    // costs less and was chosen.
    std::optional<double> fold_cost, remap_cost;
    bool fold = false;
};
RemapDecision decide_remap(const Amortization& candidate, std::optional<double> horizon,
                           PartId old_parts, PartId new_parts);

// Ashok (1994), chapter 13: not adapting to fewer ranks keeps the old parts and relocates those
// of the leaving ranks whole onto the staying ones, as evenly as possible. New part of each old
// part: a staying old part (its rank hosts new part q, new_part_rank[q]) stays with q; the
// leaving ones, heaviest first, each go to the new part that then carries the least weight
// per speed (K2 x target; ties to the lower part).
std::vector<PartId> fold_onto_staying_ranks(std::span<const WeightSum> old_weight,
                                            const Partition& new_shape,
                                            const std::vector<PartId>& new_part_rank);

// Throws InvalidArgument unless the horizon is a positive finite number of steps.
void validate_horizon(double horizon);

// What one unit of migrated vertex size is worth in cut edge weight over `horizon` steps: it
// costs time_per_size once, a unit of cut edge weight time_per_cut_edge on every step (the
// remap's message latency is not per unit and is left out). RepartRequest::migration_cost.
double migration_cost(const CostModel& model, double horizon);

// The result of deciding not to remap: the old partition as K2 >= K parts (the parts K..K2-1
// empty) with the new targets, new part q on rank q, so its plan moves nothing.
Partition kept_partition(const Partition& old_partition, PartId new_parts,
                         const std::vector<double>& new_targets);

} // namespace part
