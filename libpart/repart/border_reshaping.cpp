#include "libpart/repart/border_reshaping.hpp"

#include "libpart/core/metrics.hpp"
#include "libpart/refine/band_refinement.hpp"
#include "libpart/refine/boundary_polish.hpp"
#include "libpart/refine/overload_balancer.hpp"

namespace part {

WeightSum reshape_borders(const Graph& graph, Partition& partition,
                          const std::vector<PartId>& origin, const ReshapeOptions& options) {
    refine::BandRefineOptions band;
    band.tolerance = options.tolerance;
    band.fixed = options.fixed;
    band.limits = options.limits;
    const WeightSum band_cut_reduction = refine::refine_band(graph, partition, band).cut_reduction;
    refine::polish_boundary(graph, partition, options.tolerance,
                            {.fixed = options.fixed,
                             .origin = &origin,
                             .migration_cost = options.migration_cost,
                             .limits = options.limits});
    return band_cut_reduction;
}

SlackResult reshape_with_slack(const Graph& graph, Partition& partition,
                               const std::vector<PartId>& origin, const ReshapeOptions& options,
                               int max_rounds) {
    SlackResult result{0, repart_objective(graph, partition.part, origin, options.migration_cost)};
    if (max_rounds <= 0) return result;
    const std::vector<WeightSum> targets = refine::part_weight_limits(graph, partition, 0);
    for (; result.rounds < max_rounds; ++result.rounds) {
        Partition trial = partition;
        refine::balance_overloaded_parts(graph, trial,
                                         {.origin = &origin,
                                          .migration_cost = options.migration_cost,
                                          .fixed = options.fixed,
                                          .limits = &targets});
        reshape_borders(graph, trial, origin, options);
        const double objective =
            repart_objective(graph, trial.part, origin, options.migration_cost);
        if (objective >= result.objective) break;
        result.objective = objective;
        partition = std::move(trial);
    }
    return result;
}

double repart_objective(const Graph& graph, const std::vector<PartId>& part,
                        const std::vector<PartId>& origin, double migration_cost) {
    WeightSum migrated = 0;
    for (VertexId v = 0; v < graph.num_vertices(); ++v)
        if (origin[v] >= 0 && origin[v] != part[v]) migrated += graph.vertex_size(v);
    return double(edge_cut(graph, part)) + migration_cost * double(migrated);
}

} // namespace part
