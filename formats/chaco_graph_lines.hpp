#pragma once
// The pieces of the Chaco/METIS reader that a reader of part of a file needs: the header and
// one vertex line, with the same checks and messages as read_chaco_graph.
#include <string>
#include <string_view>

#include "formats/line_reader.hpp"
#include "libpart/core/graph.hpp"

namespace part::formats {

struct ChacoHeader {
    std::int64_t n = 0;
    std::int64_t m = 0;
    bool has_sizes = false;
    bool has_vertex_weights = false;
    bool has_edge_weights = false;
    int ncon = 0;
};

// Reads the first non-comment, non-blank line as the header. Throws InputError.
ChacoHeader parse_chaco_header(LineReader& lines);

// Appends the vertex on `line` to `graph` (size, weights, 0-based neighbours, edge weights,
// one xadj entry). Checks ids against header.n; adjacency is not checked for symmetry.
void parse_chaco_vertex_line(std::string_view line, const LineReader& lines,
                             const ChacoHeader& header, Graph& graph);

// Why the vertex lines do not match the header: the file ends after `vertices` of its n
// vertex lines, or the lines list `entries` adjacency entries instead of 2m.
std::string truncated_vertex_lines_message(std::int64_t vertices, const ChacoHeader& header);
std::string edge_count_message(std::int64_t entries, const ChacoHeader& header);

} // namespace part::formats
