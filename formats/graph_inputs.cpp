#include "formats/graph_inputs.hpp"

#include "formats/chaco_graph.hpp"
#include "formats/coordinates_file.hpp"
#include "formats/partition_file.hpp"

namespace part::formats {

Graph read_graph_with_coordinates(const std::string& graph_path, const std::string& coords_path) {
    Graph graph = read_chaco_graph(graph_path);
    if (!coords_path.empty()) graph.coords = read_coordinates(coords_path, graph.num_vertices());
    return graph;
}

Partition read_partition_with_targets(const std::string& partition_path, VertexId vertices,
                                      PartId num_parts, const std::string& targets_path) {
    Partition partition = read_partition(partition_path, vertices, num_parts);
    if (!targets_path.empty()) partition.targets = read_targets(targets_path, partition.num_parts);
    return partition;
}

GraphAndPartition read_graph_and_partition(const std::string& graph_path,
                                           const std::string& coords_path,
                                           const std::string& partition_path, PartId num_parts,
                                           const std::string& targets_path) {
    GraphAndPartition inputs;
    inputs.graph = read_graph_with_coordinates(graph_path, coords_path);
    inputs.partition = read_partition_with_targets(partition_path, inputs.graph.num_vertices(),
                                                   num_parts, targets_path);
    return inputs;
}

} // namespace part::formats
