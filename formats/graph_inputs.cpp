#include "formats/graph_inputs.hpp"

#include <future>

#include "formats/chaco_graph.hpp"
#include "formats/coordinates_file.hpp"
#include "formats/misplaced_inputs.hpp"
#include "formats/partition_file.hpp"

namespace part::formats {

// A mesh's coordinates file is about twice the size of its graph: it is read on a second
// thread (std::async) while the graph is, before the graph's vertex count is known. Any
// failure or a row count other than the graph's is then read again in one pass with that
// count, so that errors, and which file is blamed first, are those of reading one after the
// other.
Graph read_graph_with_coordinates(const std::string& graph_path, const std::string& coords_path) {
    if (coords_path.empty()) return read_chaco_graph(graph_path);
    std::future<Coordinates> pending = std::async(
        std::launch::async, [&coords_path] { return read_coordinates(coords_path, -1); });
    Graph graph = read_chaco_graph(graph_path);
    try {
        graph.coords = pending.get();
    } catch (const Error&) {
        graph.coords = read_coordinates(coords_path, graph.num_vertices());
    }
    // No columns at all too: the one-pass read with the count then decides.
    const std::size_t values = std::size_t(graph.num_vertices()) * std::size_t(graph.coords.dim);
    if (graph.coords.dim == 0 || graph.coords.values.size() != values)
        graph.coords = read_coordinates(coords_path, graph.num_vertices());
    return graph;
}

Graph read_graph_beside_partition(const std::string& graph_path, const std::string& coords_path,
                                  const std::string& partition_path) {
    try {
        return read_graph_with_coordinates(graph_path, coords_path);
    } catch (const InputError& e) {
        throw graph_error_if_swapped(e, graph_path, partition_path);
    }
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
    inputs.graph = read_graph_beside_partition(graph_path, coords_path, partition_path);
    inputs.partition = read_partition_with_targets(partition_path, inputs.graph.num_vertices(),
                                                   num_parts, targets_path);
    return inputs;
}

} // namespace part::formats
