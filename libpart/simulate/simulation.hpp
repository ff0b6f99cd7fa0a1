#pragma once
// Runs a synthetic time-varying workload on a partitioned mesh and remaps whenever an online
// policy says so, recording what every step and remap costs.
//
// Cost model (per step): max over parts of load / capacity (loads are the summed cell
// weights; capacity is k x the part's target fraction, 1 for every part when the targets are
// equal, so a balanced step takes total load / k) + beta x the largest per-part communication
// volume (METIS's definition: for each vertex, its size times the number of other parts among
// its neighbours). Per remap: gamma x data moved (sizes of the vertices that change part) + the
// decision cost. The policies see the idle time max - mean load of each step and, as the cost
// of the next remap, the cost of the last one (before the first: gamma x n / k + decision cost).
#include <cstdint>
#include <string>
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/core/partition.hpp"
#include "libpart/schedule/online_policies.hpp"

namespace part {

struct SimulationCosts {
    double beta = 0.05;         // time per unit of communication volume
    double gamma = 0.5;         // time per unit of data moved in a remap
    double decision_cost = 0.0; // time to decide and compute a new partition
};

struct SimulationSetup {
    PartId num_parts = 2;
    std::vector<double> targets; // capacity fraction of each part, summing to 1; empty: equal
    std::string workload = "hotspot";
    // The remaps' method, from the repartitioning registry (libpart/repart/repart_method.hpp:
    // adaptive, gde, interval, scratch), run with the part count unchanged so part ids stay rank
    // ids.
    std::string method = "scratch";
    std::int64_t steps = 100;
    unsigned seed = 1;   // of the workload and the initial partition
    int remap_seed = -1; // METIS seed of the remaps (-1: METIS's default)
    SimulationCosts costs;
    OnlinePolicyOptions policy_options;
};

struct SimulatedStep {
    double time = 0;     // compute plus communication
    double max_load = 0; // max over parts of load / capacity
    double mean_load = 0;
    double communication = 0; // largest per-part communication volume
    bool remapped = false;    // a remap came just before this step
    double remap_cost = 0;
    WeightSum moved = 0;

    // Max over mean load; 1 when nothing is loaded.
    double imbalance() const { return mean_load > 0 ? max_load / mean_load : 1.0; }
};

struct SimulationRun {
    std::string policy;
    double total = 0; // step times plus remap costs
    std::int64_t remaps = 0;
    WeightSum moved = 0;
    std::vector<SimulatedStep> steps;
};

// The graph needs coordinates. The initial partition is METIS on the step-0 weights and the
// targets (free); every remap is setup.method's, with the same targets. Throws
// InvalidArgument for a bad setup, method or policy name.
SimulationRun simulate(const Graph& graph, const SimulationSetup& setup, const std::string& policy);

} // namespace part
