#pragma once
// Quality measures of a partition, with the definitions METIS uses so that figures can be
// compared with gpmetis's report.
#include <optional>
#include <span>
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/core/part_components.hpp"
#include "libpart/core/partition.hpp"

namespace part {

// Sum of the weights of edges whose ends lie in different parts.
WeightSum edge_cut(const Graph& graph, const std::vector<PartId>& part);

// Weight of each part per constraint, row-major: [p * ncon + c].
std::vector<WeightSum> part_weights(const Graph& graph, const std::vector<PartId>& part,
                                    PartId num_parts);

// Per constraint: max over parts of part weight / (target fraction * total weight).
// 1.0 is perfect balance. A constraint with zero total weight reports 1.0.
std::vector<double> imbalance(const Graph& graph, const Partition& partition);

// The graph of parts: parts are adjacent when an edge joins them; the edge weight is the
// total weight of the edges between them. Vertex weights are the part weights.
// `border`, if given, is set per vertex to whether a neighbour lies in another part (the same
// pass finds both).
Graph quotient_graph(const Graph& graph, const std::vector<PartId>& part, PartId num_parts,
                     std::vector<char>* border = nullptr);

// Kaddoura & Ranka's efficiency of a heterogeneous machine (000, section 4):
// E = 1 / (T(p_1..p_n) * sum_i 1 / T(p_i)), where processor i alone would take T(p_i) =
// W / capacity_i for all the work W, and together they take the slowest one's
// load_i / capacity_i (communication left out). 1 when every load is its capacity's share;
// 0 when work sits on a processor of capacity 0. `capacity` holds relative speeds.
double heterogeneous_efficiency(std::span<const WeightSum> load, std::span<const double> capacity);

struct PartitionMetrics {
    VertexId num_vertices = 0;
    EdgeOffset num_edges = 0;
    PartId num_parts = 0;
    int num_constraints = 1;
    WeightSum edge_cut = 0;
    // METIS's total communication volume: each vertex counts its size once for every other
    // part among its neighbours.
    WeightSum communication_volume = 0;
    std::vector<WeightSum> part_weights; // [p * num_constraints + c]
    std::vector<double> imbalance;       // per constraint
    VertexId boundary_vertices = 0;
    PartId min_neighbour_parts = 0;
    PartId max_neighbour_parts = 0;
    double avg_neighbour_parts = 0;
    PartId disconnected_parts = 0; // parts whose subgraph has more than one component
    VertexId total_components = 0; // over all non-empty parts
    PartId empty_parts = 0;
    // Set when the partition has target capacities: heterogeneous_efficiency of the first
    // constraint's part weights (the work) on them.
    std::optional<double> efficiency;
};

PartitionMetrics compute_metrics(const Graph& graph, const Partition& partition);

} // namespace part
