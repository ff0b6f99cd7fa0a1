#pragma once
// The Hilbert ordering of points spread over the ranks, without any rank holding them all:
// the bounding box by one reduction, each rank's points placed in its frame, then a sample
// sort by (cube, key, global id) (Kaddoura & Ranka 1995, 3.1: the one-dimensional ordering
// the interval method cuts). The positions equal hilbert_order's on the whole graph.
#include <mpi.h>

#include <vector>

#include "libpart/core/graph.hpp"

namespace part::mpi {

// Collective. `coords` holds this rank's points, whose global ids are first_id,
// first_id + 1, ...; coords.dim must be the same on every rank (a rank may hold no point).
// Returns the position of each of them in the Hilbert order of all points, ties by id.
std::vector<VertexId> distributed_hilbert_positions(MPI_Comm comm, const Coordinates& coords,
                                                    VertexId first_id);

} // namespace part::mpi
