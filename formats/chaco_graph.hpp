#pragma once
// Chaco/METIS graph files: header "n m [fmt [ncon]]", then one line per vertex holding
// [size] [weight x ncon] then neighbour ids (1-based), each followed by an edge weight when
// fmt asks for one. fmt's three digits say: vertex sizes, vertex weights, edge weights.
// Lines starting with '%' are comments; a blank vertex line is an isolated vertex.
#include <string>

#include "libpart/core/graph.hpp"

namespace part::formats {

// Reads and validates a graph. Throws InputError naming the file, the line and what was
// expected on any problem, including asymmetric adjacency.
Graph read_chaco_graph(const std::string& path);

// Parses graph text already in memory; `name` is used in error messages.
Graph parse_chaco_graph(std::string_view text, const std::string& name);

// Text of a graph in Chaco/METIS format (coordinates are not part of it).
std::string format_chaco_graph(const Graph& graph);

// Writes atomically: a failure leaves no file behind.
void write_chaco_graph(const std::string& path, const Graph& graph);

} // namespace part::formats
