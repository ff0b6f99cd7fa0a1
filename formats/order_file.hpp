#pragma once
// Ordering files: line i holds the 0-based position of vertex i on a one-dimensional line
// (a permutation of 0..n-1), as part-order writes them.
#include <string>
#include <vector>

#include "libpart/core/graph.hpp"

namespace part::formats {

// Reads exactly `expected_vertices` positions. Errors name the line: non-integers, positions
// outside 0..n-1, a position given twice (naming the earlier line), the wrong count.
std::vector<VertexId> read_order(const std::string& path, VertexId expected_vertices);
std::vector<VertexId> parse_order(std::string_view text, const std::string& name,
                                  VertexId expected_vertices);

} // namespace part::formats
