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
    std::exception_ptr graph_error, partition_error;
    auto keep_error = [](std::exception_ptr& error, auto read) {
        try {
            read();
        } catch (...) {
            error = std::current_exception();
        }
    };
    // The coordinates in two pieces, the first on a second thread, the graph, the partition
    // and the second piece on this one: about as many bytes each (naca0012's coordinates take
    // about as long per byte as its graph, and are 2.4 times as large).
    std::optional<CoordinatesInPieces> coords;
    if (!coords_path.empty()) coords.emplace(coords_path, vertices);
    const std::size_t graph_bytes = graph_file.text().size();
    const std::size_t coords_bytes = coords ? coords->size() : 0;
    if (coords) coords->split((graph_bytes + coords_bytes) / 2);
    run_both(
        std::int64_t(graph_bytes + coords_bytes),
        [&] {
            keep_error(graph_error,
                       [&] { inputs.graph = parse_chaco_graph(graph_file.text(), graph_path); });
            keep_error(partition_error, [&] {
                inputs.partition =
                    read_partition_with_targets(partition_path, vertices, num_parts, targets_path);
            });
            if (coords) coords->parse_second();
        },
        [&] {
            if (coords) coords->parse_first();
        });
    if (graph_error) std::rethrow_exception(graph_error);
    if (coords) inputs.graph.coords = coords->finish(); // throws the coordinates' error
    if (partition_error) std::rethrow_exception(partition_error);
    return inputs;
}

} // namespace part::formats
