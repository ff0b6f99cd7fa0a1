#include "formats/graph_inputs.hpp"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <system_error>

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

namespace {

// Graph files from this size are scanned on two threads when nothing else is read beside them:
// half of 4elt's 0.8 ms scan (427 kB) is worth a thread start (0.1-0.2 ms).
constexpr std::size_t kSplitGraphBytes = std::size_t(128) << 10;

} // namespace

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
    const std::size_t graph_bytes = graph_file.text().size();
    GraphAndPartition inputs;
    if (worker_threads(std::int64_t(graph_bytes)) > 1) {
        // Large graphs are scanned on every core, and so are large coordinate files: one
        // after the other, as the sequential reads do (a coordinates thread beside the graph's
        // would hold up one of its threads, which wait for each other).
        inputs.graph = parse_chaco_graph(graph_file.text(), graph_path);
        if (!coords_path.empty()) inputs.graph.coords = read_coordinates(coords_path, vertices);
        inputs.partition =
            read_partition_with_targets(partition_path, vertices, num_parts, targets_path);
        return inputs;
    }
    if (coords_path.empty()) { // the partition is too small to overlap: the graph takes both
        const bool split =
            graph_bytes >= kSplitGraphBytes && runs_both_concurrently(std::int64_t(graph_bytes));
        inputs.graph = parse_chaco_graph(graph_file.text(), graph_path, split ? 2 : 0);
        inputs.partition =
            read_partition_with_targets(partition_path, vertices, num_parts, targets_path);
        return inputs;
    }
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
    CoordinatesInPieces coords(coords_path, vertices);
    std::error_code unknown; // the partition's size, 0 if unknown: only the split depends on it
    const std::uintmax_t partition_bytes = std::filesystem::file_size(partition_path, unknown);
    coords.split((graph_bytes + (unknown ? 0 : partition_bytes) + coords.size()) / 2);
    run_both(
        std::int64_t(graph_bytes + coords.size()),
        [&] {
            keep_error(graph_error,
                       [&] { inputs.graph = parse_chaco_graph(graph_file.text(), graph_path); });
            keep_error(partition_error, [&] {
                inputs.partition =
                    read_partition_with_targets(partition_path, vertices, num_parts, targets_path);
            });
            coords.parse_second();
        },
        [&] { coords.parse_first(); });
    if (graph_error) std::rethrow_exception(graph_error);
    inputs.graph.coords = coords.finish(); // throws the coordinates' error
    if (partition_error) std::rethrow_exception(partition_error);
    return inputs;
}

} // namespace part::formats
