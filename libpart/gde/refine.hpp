#pragma once
// GDE-based refinement of an existing partition (Xu, Lau & Diekmann 1997, Section 6): the
// decision maker balances part weights over a processor network, flows on links between
// parts that do not touch are derouted and cyclic traffic removed, the workload adjuster
// moves border vertices along the flows, and an optional boundary pass lowers the cut.
#include <vector>

#include "libpart/gde/flow_routing.hpp"
#include "libpart/gde/gde_driver.hpp"
#include "libpart/gde/network.hpp"
#include "libpart/gde/workload_adjuster.hpp"
#include "libpart/refine/band_refinement.hpp"
#include "libpart/refine/boundary_polish.hpp"
#include "libpart/refine/fragment_absorption.hpp"

namespace part::gde {

// Where GDE computes flows: on the processor network (flows on mismatched links are
// derouted), or directly on the quotient graph (the paper's Figure 12).
enum class FlowGraph { Network, Quotient };

struct RefineOptions {
    MapKind map = MapKind::Identity;
    double lambda = 0.5; // ignored when optimal_lambda is set
    bool optimal_lambda = false;
    FlowGraph flow_graph = FlowGraph::Network;
    bool absorb_fragments = true; // hand detached components whole to a neighbour first
    bool polish = true;
    bool multilevel_polish = true; // polish the band by multilevel FM; false: one-level FM
    int band_width = 8;            // layers of the band the multilevel polish works on
    double tolerance = 0.03;       // polish keeps every part within (1 + tolerance) x its target
    // Balance only as far as the tolerance asks: each processor's goal (tolerance_goal) lies
    // just under (1 + tolerance) x its target, so only parts above it shed load and parts
    // below it may stay below the average. Off: the paper's balancing to the average.
    bool within_tolerance = false;
    // Within the tolerance, the decision maker sends excess towards the nearest room
    // (room_flow, goals at the limits) instead of diffusing it, until a round's flows prove
    // too much for the adjuster (it carries less than half); then rounds diffuse.
    bool nearest_room = false;
    // The workload adjuster moves the heaviest border vertices first (see adjust_workload).
    bool heaviest_first = false;
    // > 0: the boundary polish also counts migration, this much per unit of vertex size
    // moved away from (or back to) its origin part (see polish_boundary).
    double migration_cost = 0;
    // The origin part of each vertex, -1 for none; empty: the partition refined.
    std::vector<PartId> migration_origin;
    // In the first round, flow passing through a part between two parts that share a border
    // goes straight across that border (see shortcut_transit). Later rounds, which balance
    // what the adjuster could not carry, keep the plain flows.
    bool shortcut_transit = false;
    int max_sweeps = 200000;
    int max_rounds = 8;
    // Within a tolerance, rounds repeat until every part is within it or a round moves
    // nothing: a hot spot covering several parts can need more than the few remappings the
    // paper's refinement does, and each round's flows are only what is still above the
    // goals, so later rounds are small.
    int max_tolerance_rounds = 64;
};

// What a refinement optimises; each goal stands for a setting of five of the options above.
enum class RefineGoal {
    // The cut (the paper's refinement): flows balance every part to the average, the workload
    // adjuster moves border vertices by gain, the polish lowers the cut alone.
    Cut,
    // Cut and migration (repartitioning, which pays for every vertex that changes part): the
    // tolerance is an allowance to spend on moving less. within_tolerance, nearest_room,
    // shortcut_transit and heaviest_first on, and migration_cost 1 (the polish weighs a moved
    // unit of size like a cut edge: the cut + migration objective of adaptive repartitioners).
    Migration,
};

// The default options with the five that `goal` stands for set accordingly.
RefineOptions options_for(RefineGoal goal);

// One remapping: decision maker, routing, workload adjuster.
struct RefineRound {
    GdeRun gde;         // sweeps, lambda, colours, delta, loads per processor
    RoutedFlows routed; // network link flows and the final acyclic part flows
    WeightSum cycle_flow_removed = 0;
    WeightSum transit_shortcut = 0; // flow taken off two-border paths (shortcut_transit)
    bool nearest_room = false;      // the flows went to the nearest room, not diffused
    std::vector<Transfer> transfers;
};

struct RefineResult {
    std::vector<PartId> part; // the refined partition
    std::string network_name;
    ProcessorMap map;
    // The first round is the paper's remapping. Moving a border can close another border
    // before its flow is served; then a further round balances what is left on the new
    // quotient graph, as repeated remapping would.
    std::vector<RefineRound> rounds;
    refine::FragmentResult fragments; // before the first round, and any the polish cut off
    // Absorbing the fragments left an imbalance GDE could not remove, so the partition as
    // given was balanced instead, with only the fragments that fitted within the tolerance.
    bool fragments_dropped = false;
    refine::PolishResult polish;   // summed over the levels of the multilevel polish
    refine::BandRefineResult band; // the multilevel polish (band_vertices 0 when it did not run)
    VertexId vertices_moved = 0;   // vertices whose part changed
    WeightSum weight_moved = 0;
};

// `network` is null for the quotient graph. Its size must be the number of parts
// (InvalidArgument otherwise). Loads are part weights of constraint 0; target fractions of
// the partition act as processor capacities. Rounds repeat while a round moved vertices
// but fell short of a flow by a vertex or more, up to max_rounds; within_tolerance: while a
// round moved vertices and a part is above (1 + tolerance) x its target, up to
// max_tolerance_rounds. Deterministic.
RefineResult refine_with_gde(const Graph& graph, const Partition& partition, const Network* network,
                             const RefineOptions& options);

} // namespace part::gde
