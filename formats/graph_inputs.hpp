#pragma once
// The inputs most tools start from, read together so that each is checked against the graph:
// a Chaco graph with optional coordinates, a partition with optional per-part targets.
#include <string>

#include "libpart/core/graph.hpp"
#include "libpart/core/partition.hpp"

namespace part::formats {

// The graph, with the coordinates of `coords_path` when it is not empty (one row per vertex).
Graph read_graph_with_coordinates(const std::string& graph_path, const std::string& coords_path);

// read_graph_with_coordinates for a tool that also reads the partition `partition_path`: an
// error reading the graph says the two arguments are swapped when they look it
// (graph_error_if_swapped).
Graph read_graph_beside_partition(const std::string& graph_path, const std::string& coords_path,
                                  const std::string& partition_path);

// read_partition, with the targets of `targets_path` when it is not empty (one per part).
Partition read_partition_with_targets(const std::string& partition_path, VertexId vertices,
                                      PartId num_parts, const std::string& targets_path);

struct GraphAndPartition {
    Graph graph;
    Partition partition;
};

// read_graph_beside_partition, then read_partition_with_targets for its vertices.
GraphAndPartition read_graph_and_partition(const std::string& graph_path,
                                           const std::string& coords_path,
                                           const std::string& partition_path, PartId num_parts,
                                           const std::string& targets_path);

} // namespace part::formats
