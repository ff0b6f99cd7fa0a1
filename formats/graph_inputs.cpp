#include "formats/graph_inputs.hpp"

#include "formats/chaco_graph.hpp"
#include "formats/chaco_graph_lines.hpp"
#include "formats/coordinates_file.hpp"
#include "formats/line_reader.hpp"
#include "formats/mapped_file.hpp"
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
    // Read in order (graph, coordinates, partition): the first error met is thrown. A graph
    // that parses has exactly the header's n vertices, against which the others are checked.
    const MappedFile graph_file(graph_path);
    LineReader header(graph_file.text(), graph_path);
    const auto vertices = VertexId(parse_chaco_header(header).n);
    GraphAndPartition inputs;
    inputs.graph = parse_chaco_graph(graph_file.text(), graph_path);
    if (!coords_path.empty()) inputs.graph.coords = read_coordinates(coords_path, vertices);
    inputs.partition =
        read_partition_with_targets(partition_path, vertices, num_parts, targets_path);
    return inputs;
}

} // namespace part::formats
