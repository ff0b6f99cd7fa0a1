#pragma once
// The GDE decision maker over MPI (Xu, Lau & Diekmann 1997, 3.1-3.2): each rank is one
// processor, a GdeProcessor that sees only its own load and its neighbours' messages. In
// each sweep it exchanges (State, Load) with its partner on each colour in turn by
// MPI_Sendrecv, and it stops by itself when its State counter proves global stability; no
// rank waits for a global decision. Flows only: no vertex moves yet.
#include <mpi.h>

#include <vector>

#include "libpart/gde/gde_processor.hpp"
#include "libpart/mpi/rank_network.hpp"

namespace part::mpi {

struct DistributedGdeResult {
    WeightSum load = 0;          // this rank's load at the end
    std::vector<WeightSum> flow; // net outflow to each neighbour (as neighbours lists them)
    int sweeps = 0;              // this rank's sweeps
};

// Collective over the ranks (each sweep's messages are point-to-point). The State value that
// proves stability is P, a bound every rank knows without the network: information crosses
// at least one link per sweep, so it crosses any network of P processors in P - 1 sweeps (the
// serial driver computes the exact crossing time from the whole network). Throws Error after
// max_sweeps.
DistributedGdeResult run_distributed_gde(MPI_Comm comm, WeightSum load, double capacity,
                                         const std::vector<int>& neighbours,
                                         const RankColouring& colouring, double lambda,
                                         int max_sweeps = 200000);

} // namespace part::mpi
