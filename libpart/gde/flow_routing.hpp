#pragma once
// From GDE's flows on network links to flows between sub-domains (Xu, Lau & Diekmann 1997,
// Section 6.1, Figure 11): a flow on a link whose two parts do not share a border is derouted
// along a shortest path of the quotient graph, and the cyclic traffic this can create is
// removed so that the flows form a DAG with unchanged net flow per part (Figures 11(c), 12(b)).
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/gde/processor_map.hpp"

namespace part::gde {

// One network link's GDE flow, seen as a flow between the parts on its two processors.
struct LinkFlow {
    VertexId from_processor = -1, to_processor = -1;
    PartId from = -1, to = -1;
    WeightSum amount = 0;      // > 0, from -> to
    std::vector<PartId> route; // parts visited, from .. to; more than two when derouted
};

struct PartFlow {
    PartId from = -1, to = -1;
    WeightSum amount = 0;
};

struct RoutedFlows {
    // Net flow per quotient adjacency entry p -> q (antisymmetric: entry q -> p is minus it).
    std::vector<WeightSum> outflow;
    std::vector<LinkFlow> links; // network links with a non-zero flow, in link order
    // Flows between parts with no path in the quotient graph (an empty part, or parts in
    // different components): no border can carry them, so the adjuster moves them directly.
    std::vector<PartFlow> direct;
    WeightSum unroutable = 0; // their total
};

// `link_outflow` is per network adjacency entry (as GdeRun::link_outflow). Quotient and
// network rows must be sorted by id (quotient_graph and Network guarantee it). Routes are
// breadth-first with lower part ids tried first, so they are deterministic.
RoutedFlows route_flows(const Graph& quotient, const Graph& network,
                        const std::vector<WeightSum>& link_outflow, const ProcessorMap& map);

// Removes directed cycles of positive flow by subtracting each cycle's smallest flow from
// all of its links; returns the total flow removed (sum over cycles of amount x length).
// Each cancellation zeroes a link, so there are at most `links` of them, each found by one
// depth-first search: O(links x (K + links)) on the quotient graph.
WeightSum eliminate_cycles(const Graph& quotient, std::vector<WeightSum>& outflow);

bool has_flow_cycle(const Graph& quotient, const std::vector<WeightSum>& outflow);

// Flow that passes through a part b from a to c, where a and c share a border, is sent from a
// to c directly: the net flow of every part is unchanged and the load crosses one border
// instead of two, so fewer vertices move. The counterpart of 6.1's derouting along shortest
// paths, applied once the flows are known; part b needs only its neighbours' adjacency.
// Acyclic flows stay acyclic (a -> c closes no cycle a -> b -> c did not). Each shortcut
// lowers the total flow, so passes repeat until none applies (at most K passes). Returns the
// flow taken off the two-border paths.
WeightSum shortcut_transit(const Graph& quotient, std::vector<WeightSum>& outflow);

// Parts ordered so that every positive flow goes from an earlier to a later part (the DAG
// order in which the workload adjuster serves multi-hop flows); ties by lower part id.
// Throws Error if the flows still contain a cycle.
std::vector<PartId> flow_order(const Graph& quotient, const std::vector<WeightSum>& outflow);

// Net outflow of each part (sum of its positive and negative link flows).
std::vector<WeightSum> net_outflow(const Graph& quotient, const std::vector<WeightSum>& outflow);

// Index of the reverse entry of every adjacency entry (rows sorted by id).
std::vector<EdgeOffset> reverse_entries(const Graph& graph);

} // namespace part::gde
