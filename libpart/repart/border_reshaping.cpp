#include "libpart/repart/border_reshaping.hpp"

#include "libpart/refine/band_refinement.hpp"
#include "libpart/refine/boundary_polish.hpp"

namespace part {

WeightSum reshape_borders(const Graph& graph, Partition& partition,
                          const std::vector<PartId>& origin, double tolerance,
                          double migration_cost) {
    refine::BandRefineOptions band;
    band.tolerance = tolerance;
    const WeightSum band_cut_reduction = refine::refine_band(graph, partition, band).cut_reduction;
    refine::polish_boundary(graph, partition, tolerance,
                            {.origin = &origin, .migration_cost = migration_cost});
    return band_cut_reduction;
}

} // namespace part
