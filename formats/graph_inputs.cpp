#include "formats/graph_inputs.hpp"

#include "formats/chaco_graph.hpp"
#include "formats/chaco_graph_lines.hpp"
#include "formats/coordinates_file.hpp"
#include "formats/line_reader.hpp"
#include "formats/mapped_file.hpp"
#include "formats/partition_file.hpp"
#include "libpart/core/parallel.hpp"

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
    // Opening the graph and reading its header first meets the errors read_chaco_graph meets
    // first. A graph that parses has exactly the header's n vertices, so the other files can
    // be checked against n while it is parsed. Each read keeps its error, and the first in
    // the sequential order (graph, coordinates, partition) is thrown.
    const MappedFile graph_file(graph_path);
    LineReader header(graph_file.text(), graph_path);
    const auto vertices = VertexId(parse_chaco_header(header).n);
    GraphAndPartition inputs;
    Coordinates coords;
    std::exception_ptr graph_error, coords_error, partition_error;
    auto keep_error = [](std::exception_ptr& error, auto read) {
        try {
            read();
        } catch (...) {
            error = std::current_exception();
        }
    };
    // The coordinates (naca0012.xyz: twice the graph's time) on the second thread, the graph
    // and the partition on this one.
    const auto bytes = std::int64_t(graph_file.text().size());
    run_both(
        bytes,
        [&] {
            keep_error(graph_error,
                       [&] { inputs.graph = parse_chaco_graph(graph_file.text(), graph_path); });
            keep_error(partition_error, [&] {
                inputs.partition =
                    read_partition_with_targets(partition_path, vertices, num_parts, targets_path);
            });
        },
        [&] {
            if (!coords_path.empty())
                keep_error(coords_error, [&] { coords = read_coordinates(coords_path, vertices); });
        });
    for (const auto& error : {graph_error, coords_error, partition_error})
        if (error) std::rethrow_exception(error);
    inputs.graph.coords = std::move(coords);
    return inputs;
}

} // namespace part::formats
