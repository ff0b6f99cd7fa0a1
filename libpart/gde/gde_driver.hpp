#pragma once
// Runs the GDE decision maker serially: one GdeProcessor per processor, with this driver
// delivering the messages colour by colour. It never decides when to stop; each processor
// stops by the distributed termination detection (Xu, Lau & Diekmann 1997, Section 3.1).
#include <vector>

#include "libpart/gde/edge_colouring.hpp"
#include "libpart/gde/gde_processor.hpp"

namespace part::gde {

// lambda_opt = 1/(1 + sin(pi/k)) for meshes and tori (Section 2.2); 1/2 when k < 2.
double optimal_lambda(int k);

// Sweeps for information to reach every processor from every other: messages travel along
// links in colour order within a sweep and continue in the next one. 0 for one processor;
// per connected component when the network is disconnected.
int information_sweeps(const Graph& network, const EdgeColouring& colouring);

// The State value at which a processor may conclude global stability: one more than
// information_sweeps. A processor whose State is s knows that each processor j was stable
// in the sweeps from s sweeps ago up to (sweeps from j to it) ago; with one sweep more than
// the crossing time these windows share a sweep in which everybody was stable, and a sweep
// without any flow repeats for ever. (Section 3.1 counts the crossing time alone.)
int termination_delta(const Graph& network, const EdgeColouring& colouring);

struct GdeRun {
    std::vector<WeightSum> loads;        // per processor at the end
    std::vector<WeightSum> link_outflow; // per network adjacency entry: net outflow v -> u
    int sweeps = 0;                      // sweeps of the last processor to stop
    std::vector<int> stop_sweep;         // per processor
    int last_change_sweep = 0;           // last sweep in which any FlowTrace changed
    double lambda = 0.5;
    int num_colours = 0;
    int delta = 0;
};

// Balances `loads` (with relative `capacities`, empty for equal) over the network. `goals`
// (one per processor, see pair_flow; empty for the paper's full balancing) let processors
// within them keep their load; `nearest_room` (goals needed) sends excess towards the nearest
// room instead (room_flow). Throws Error if some processor is still running after
// max_sweeps (a safety net, not the stopping rule).
GdeRun run_gde(const Graph& network, const EdgeColouring& colouring,
               const std::vector<WeightSum>& loads, const std::vector<double>& capacities,
               double lambda, int max_sweeps = 200000, const std::vector<WeightSum>& goals = {},
               bool nearest_room = false);

} // namespace part::gde
