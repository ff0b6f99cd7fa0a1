#pragma once
// What a partitioned dataset spread over the ranks holds (dataset_totals), the same on every
// rank: owned cells and distinct points by global id, and per field its sums and fingerprint.
// Comparing the totals before and after moving cells between ranks shows that every cell and
// every field value was moved exactly once (as part-plan apply checks serially).
#include <mpi.h>

#include <span>

#include "libpart/mesh/dataset_totals.hpp"

namespace part::mpi {

// Collective. `pieces` are this rank's pieces (any number, each with GlobalCellIds and
// GlobalNodeIds). A point that several ranks hold counts once, on the lowest rank holding it
// (decided by a rank chosen by its global id: one MPI_Alltoallv there and back). The totals
// are merged in rank order, so every rank gets the same figures. Throws CollectiveError on
// every rank when a piece lacks the id arrays.
DatasetTotals distributed_dataset_totals(MPI_Comm comm, std::span<const Mesh> pieces);

} // namespace part::mpi
