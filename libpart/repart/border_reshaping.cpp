#include "libpart/repart/border_reshaping.hpp"

#include "libpart/refine/band_refinement.hpp"
#include "libpart/refine/boundary_polish.hpp"

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

} // namespace part
