#include "libpart/repart/gde_repart.hpp"

#include <algorithm>

#include "libpart/core/metrics.hpp"
#include "libpart/gde/refine.hpp"
#include "libpart/refine/band_refinement.hpp"
#include "libpart/refine/boundary_polish.hpp"
#include "libpart/repart/host_ranks.hpp"
#include "libpart/repart/part_seeding.hpp"

namespace part {

namespace {

// Shrinking: parts on active ranks keep their logical id (logical_of_old: the new part on
// each old rank, -1 where it retires); every other part joins the active part it shares the
// most edge weight with (else the lightest one).
std::vector<PartId> merge_retired_parts(const Graph& graph, const Partition& old_partition,
                                        const std::vector<PartId>& new_part_rank,
                                        std::vector<PartId> logical_of_old) {
    const PartId k = old_partition.num_parts;
    const Graph quotient = quotient_graph(graph, old_partition.part, k);
    const auto weights = part_weights(graph, old_partition.part, k);
    for (PartId p = 0; p < k; ++p) {
        if (logical_of_old[p] >= 0) continue;
        PartId best = -1;
        Weight best_link = -1;
        for (EdgeOffset e = quotient.xadj[p]; e < quotient.xadj[p + 1]; ++e) {
            const PartId neighbour = quotient.adjncy[e];
            if (logical_of_old[neighbour] >= 0 && neighbour != p &&
                quotient.adjwgt[e] > best_link) {
                best_link = quotient.adjwgt[e];
                best = neighbour;
            }
        }
        if (best < 0)
            for (PartId q : new_part_rank)
                if (best < 0 || weights[std::size_t(q) * graph.num_constraints()] <
                                    weights[std::size_t(best) * graph.num_constraints()])
                    best = q;
        logical_of_old[p] = logical_of_old[best];
    }
    std::vector<PartId> part(old_partition.part.size());
    for (std::size_t v = 0; v < part.size(); ++v) part[v] = logical_of_old[old_partition.part[v]];
    return part;
}

// Growing: each new part K..K2-1 is carved, as a ball of its target weight, out of the part
// heaviest for its target around that part's deepest vertex; GDE then balances the rest
// through the quotient graph, which now links the new part to where the load is.
void seed_new_parts(const Graph& graph, std::vector<PartId>& part, PartId old_parts,
                    const Partition& target) {
    auto weights = part_weights(graph, part, target.num_parts);
    const int ncon = graph.num_constraints();
    const WeightSum total = graph.total_vertex_weight()[0];
    for (PartId fresh = old_parts; fresh < target.num_parts; ++fresh) {
        PartId heaviest = 0;
        for (PartId p = 1; p < fresh; ++p)
            if (double(weights[std::size_t(p) * ncon]) / target.target(p) >
                double(weights[std::size_t(heaviest) * ncon]) / target.target(heaviest))
                heaviest = p;
        const VertexId centre = deepest_vertex(graph, part, heaviest);
        const auto wanted = WeightSum(double(total) * target.target(fresh));
        const WeightSum moved = carve_ball(graph, part, heaviest, fresh, centre, wanted,
                                           weights[std::size_t(heaviest) * ncon]);
        weights[std::size_t(heaviest) * ncon] -= moved;
        weights[std::size_t(fresh) * ncon] += moved;
    }
}

// After the flows, when migration counts: the border moves leave ragged borders, which the
// multilevel band refinement reshapes for the cut (it moves clusters, as a one-level pass
// cannot); then a one-level FM pass that also counts migration takes back the moves that buy
// less cut than they cost. The band refinement itself leaves migration out: FM crosses cut
// plateaus by moves of zero gain, and a price on every move would turn those walks into losses
// that the best-prefix rule undoes. Returns the cut reduction of the band refinement.
WeightSum reshape_borders(const Graph& graph, Partition& partition,
                          const std::vector<PartId>& origin, double tolerance,
                          WeightSum migration_weight) {
    refine::BandRefineOptions band;
    band.tolerance = tolerance;
    const WeightSum band_cut_reduction = refine::refine_band(graph, partition, band).cut_reduction;
    refine::polish_boundary(graph, partition, tolerance,
                            {.origin = &origin, .migration_weight = migration_weight});
    return band_cut_reduction;
}

} // namespace

RepartResult gde_repartition(const Graph& graph, const Partition& old_partition,
                             const RepartRequest& request) {
    RepartResult result = start_repart_result(graph, old_partition, request);
    std::vector<PartId> part_on_rank(std::size_t(old_partition.num_parts), -1);
    for (PartId q = 0; q < PartId(result.new_part_rank.size()); ++q)
        if (result.new_part_rank[q] < old_partition.num_parts)
            part_on_rank[result.new_part_rank[q]] = q;
    Partition start = result.partition;
    if (request.new_parts < old_partition.num_parts) {
        start.part = merge_retired_parts(graph, old_partition, result.new_part_rank, part_on_rank);
    } else {
        start.part = old_partition.part;
        seed_new_parts(graph, start.part, old_partition.num_parts, start);
    }
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
    if (goal == gde::RefineGoal::Migration) options.tolerance = request.tolerance;
    if (goal == gde::RefineGoal::Migration && request.new_parts != old_partition.num_parts) {
        // Migration counts from the old ranks, not from the merged or seeded start: a vertex's
        // origin is the new part on its old rank, none when that rank retires.
        options.migration_origin.resize(old_partition.part.size());
        for (std::size_t v = 0; v < old_partition.part.size(); ++v)
            options.migration_origin[v] = part_on_rank[old_partition.part[v]];
    }
    const gde::RefineResult refined = gde::refine_with_gde(graph, start, nullptr, options);
    result.partition.part = refined.part;
    WeightSum band_cut_reduction = 0;
    if (goal == gde::RefineGoal::Migration)
        band_cut_reduction = reshape_borders(
            graph, result.partition,
            options.migration_origin.empty() ? old_partition.part : options.migration_origin,
            request.tolerance, options.migration_weight);
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
                      {"transit_shortcut", refined.rounds.empty()
                                               ? 0.0
                                               : double(refined.rounds.front().transit_shortcut)}};
    return result;
}

} // namespace part
