#pragma once
// The last step of the repartitioners that move load across borders (gde, adaptive): the moves
// leave ragged borders, which the multilevel band refinement reshapes for the cut (it moves
// clusters, as a one-level pass cannot); then a one-level FM pass that also counts migration
// takes back the moves that buy less cut than they cost. The band refinement itself leaves
// migration out: FM crosses cut plateaus by moves of zero gain, and a price on every move would
// turn those walks into losses that the best-prefix rule undoes.
#include <vector>

#include "libpart/core/partition.hpp"

namespace part {

struct ReshapeOptions {
    double tolerance = 0.03;
    double migration_cost = 0; // the cut edge weight one moved unit of vertex size is worth
    const std::vector<char>* fixed = nullptr;       // vertices marked here never move
    const std::vector<WeightSum>* limits = nullptr; // replace the tolerance (PolishOptions)
};

// `origin`: the part each vertex's data is on (-1: none). Returns the band refinement's cut
// reduction.
WeightSum reshape_borders(const Graph& graph, Partition& partition,
                          const std::vector<PartId>& origin, const ReshapeOptions& options);

// A balancer stops as soon as every part is within its limit, so the parts that received load
// end at the limit, where the refinement cannot move anything into them. A slack round
// balances every part to its target (no tolerance) and reshapes the borders again, so that the
// refinement has the whole tolerance as room, as Jet alternates unconstrained moves with
// rebalancing (Gilbert, Madduri, Boman & Rajamanickam, "Jet: multilevel graph partitioning on
// GPUs", 2024, section 3). Rounds repeat while each lowers cut + migration_cost x migrated
// size, at most `max_rounds`. Serial graphs only (no `limits`).
struct SlackResult {
    int rounds = 0;       // kept
    double objective = 0; // repart_objective of the partition returned
};
SlackResult reshape_with_slack(const Graph& graph, Partition& partition,
                               const std::vector<PartId>& origin, const ReshapeOptions& options,
                               int max_rounds);

// cut + migration_cost x the size of the vertices not on their origin part (origin >= 0).
double repart_objective(const Graph& graph, const std::vector<PartId>& part,
                        const std::vector<PartId>& origin, double migration_cost);

} // namespace part
