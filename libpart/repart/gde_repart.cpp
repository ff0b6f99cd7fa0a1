#include "libpart/repart/gde_repart.hpp"

#include <algorithm>

#include "libpart/core/metrics.hpp"
#include "libpart/gde/refine.hpp"
#include "libpart/refine/overload_balancer.hpp"
#include "libpart/repart/border_reshaping.hpp"
#include "libpart/repart/host_ranks.hpp"
#include "libpart/repart/part_seeding.hpp"

namespace part {

RepartResult gde_repartition(const Graph& graph, const Partition& old_partition,
                             const RepartRequest& request) {
    RepartResult result = start_repart_result(graph, old_partition, request);
    const RepartStart start = repart_start(graph, old_partition, result);
    // A tolerance in the request is an allowance to spend on moving less, as for interval:
    // the goal is then cut and migration. Without one (part-simulate's remaps) the paper's
    // refinement runs for the cut.
    const gde::RefineGoal goal =
        request.tolerance > 0 ? gde::RefineGoal::Migration : gde::RefineGoal::Cut;
    gde::RefineOptions options = gde::options_for(goal);
    // Repartitioning weighs migration: keep the single-vertex polish and leave detached pieces
    // where they are (region moves reshape borders for cut, at the price of moving more).
    options.absorb_fragments = false;
    options.multilevel_polish = false;
    if (goal == gde::RefineGoal::Migration) {
        options.tolerance = request.tolerance;
        options.migration_cost = request.migration_cost;
    }
    // Migration counts from the old ranks, not from the merged or seeded start.
    if (goal == gde::RefineGoal::Migration && request.new_parts != old_partition.num_parts)
        options.migration_origin = start.origin;
    const gde::RefineResult refined =
        gde::refine_with_gde(graph, start.partition, nullptr, options);
    result.partition.part = refined.part;
    WeightSum band_cut_reduction = 0;
    refine::BalanceResult finish;
    if (goal == gde::RefineGoal::Migration) {
        // Where the rounds stopped short of the tolerance (borders closed by the moves), the
        // overload balancer finishes it, from the neighbours with room first.
        finish = refine::balance_overloaded_parts(
            graph, result.partition, {request.tolerance, &start.origin, options.migration_cost});
        band_cut_reduction = reshape_borders(graph, result.partition, start.origin,
                                             {request.tolerance, options.migration_cost});
    }
    int sweeps = 0;
    WeightSum flow = 0; // weight x borders crossed that the rounds asked the adjuster to carry
    for (const auto& round : refined.rounds) {
        sweeps += round.gde.sweeps;
        for (const gde::Transfer& t : round.transfers) flow += t.requested;
    }
    result.details = {{"gde_rounds", double(refined.rounds.size())},
                      {"gde_sweeps", double(sweeps)},
                      {"gde_flow", double(flow)},
                      {"polish_moves", double(refined.polish.moves)},
                      {"band_cut_reduction", double(band_cut_reduction)},
                      {"balance_moves", double(finish.moves)},
                      {"transit_shortcut", refined.rounds.empty()
                                               ? 0.0
                                               : double(refined.rounds.front().transit_shortcut)}};
    return result;
}

} // namespace part
