#pragma once
// Parallel boundary refinement after the distributed remapping (the refinement rounds that
// may follow the migration, issue 7): cut-lowering moves across processor borders, decided by
// each processor from its ghost labels alone, with no move invalidating another's gain.
#include <vector>

#include "libpart/mpi/subdomain_view.hpp"

namespace part::mpi {

struct BorderRefineStats {
    VertexId moves = 0;          // over all ranks
    WeightSum cut_reduction = 0; // over all ranks
    WeightSum edge_cut = 0;      // of the refined partition (every rank)
};

// Collective; processors (parts) labelled and hosted as in rebalance_with_gde, `capacity`
// their shares (0: retired, receives nothing). A pass goes through the colours of the
// processor links (longer borders first) and, per colour, first the lower then the higher
// processor of each link: it moves border vertices to its partner while a move lowers the cut,
// best gain first, keeps the partner within (1 + tolerance) x its target weight, leaves the
// mover a vertex and its part locally connected. A processor has one partner per colour and
// only one side moves, so no vertex a gain counts changes part meanwhile and the cut falls by
// exactly the gains. Within a pass a processor moves only the vertices it held when the pass
// began (each moves at most once); the steps exchange only the labels that changed, and the
// vertices migrate once, at the pass's end. Passes repeat while one moves something, up to
// three. Deterministic, and the same for any P (each processor decides from its own view).
BorderRefineStats refine_borders(LabelledGraph& labelled, const std::vector<double>& capacity,
                                 double tolerance);

} // namespace part::mpi
