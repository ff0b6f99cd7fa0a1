#pragma once
// The GDE decision maker over MPI (Xu, Lau & Diekmann 1997, 3.1-3.2): each processor (part) is
// a GdeProcessor that sees only its own load and its neighbours' messages. In each sweep it
// exchanges (State, Load) with its partner on each colour in turn, point-to-point between
// ranks or by a copy between two processors of one rank, and it stops by itself when its
// State counter proves global stability; no processor waits for a global decision. Flows
// only: no vertex moves yet.
#include <mpi.h>

#include <span>
#include <vector>

#include "libpart/gde/gde_processor.hpp"
#include "libpart/mpi/rank_network.hpp"

namespace part::mpi {

struct DistributedGdeResult {
    std::vector<WeightSum> load; // per processor of this rank, at the end
    std::vector<WeightSum> flow; // per link: net outflow to the neighbour
    int sweeps = 0;              // this rank's sweeps (its slowest processor's)
};

// Collective over the ranks `exchange` links this rank with (each sweep's messages are
// point-to-point; no global collective). `loads` and
// `capacities` are per processor of `links` (a capacity 0 drains the processor). The State
// value that proves stability is `processors` (the network's size), a bound every processor
// knows without the network: information crosses at least one link per sweep, so it crosses
// any network of N processors in N - 1 sweeps (the serial driver computes the exact crossing
// time from the whole network). `goals` (per processor of `links`, or empty for the paper's
// full balance) is the load each may keep; with `nearest_room` a processor above its goal
// sends the excess towards the nearest processor below its own (room_flow) instead of
// diffusing it. Throws Error after max_sweeps.
DistributedGdeResult run_distributed_gde(const ProcessorLinks& links, LinkExchange& exchange,
                                         const LinkColouring& colouring,
                                         std::span<const WeightSum> loads,
                                         std::span<const double> capacities, PartId processors,
                                         double lambda, std::span<const WeightSum> goals = {},
                                         bool nearest_room = false, int max_sweeps = 200000);

} // namespace part::mpi
