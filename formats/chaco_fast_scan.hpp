#pragma once
// The fast path of the Chaco/METIS reader: the vertex lines of a well-formed file, scanned
// with word-at-a-time digit parsing straight into the graph's arrays on up to one thread per
// core, validated as it goes. It only accepts; it never reports. Anything unusual (a sign, a
// non-digit, a long number, a missing weight, a count that does not add up) makes it return
// nothing, and the careful line-by-line parser then reads the file again and names the line and the
// problem.
#include <optional>
#include <string_view>

#include "formats/chaco_graph_lines.hpp"
#include "libpart/core/graph.hpp"

namespace part::formats {

// The graph of the vertex section `body` (the text after the header line), which must end
// where the file ends, and only when it is valid: ids in range, counts matching n and m, no
// self loop, no neighbour listed twice in a row (checked exactly), and symmetric with equal
// edge weights (checked by the mirror fingerprint of libpart/core/graph_quick_check.hpp,
// which accepts an asymmetric graph with probability 2^-64). validate() need not run again.
// `pieces`: how many pieces it is scanned in, one after the other (0: one). The graph is the same.
std::optional<Graph> scan_chaco_vertex_lines(std::string_view body, const ChacoHeader& header,
                                             unsigned pieces = 0);

} // namespace part::formats
