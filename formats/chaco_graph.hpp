#pragma once
// Chaco/METIS graph files: header "n m [fmt [ncon]]", then one line per vertex holding
// [size] [weight x ncon] then neighbour ids (1-based), each followed by an edge weight when
// fmt asks for one. fmt's three digits say: vertex sizes, vertex weights, edge weights.
// Lines starting with '%' are comments; a blank vertex line is an isolated vertex.
#include <functional>
#include <span>
#include <string>

#include "libpart/core/graph.hpp"

namespace part::formats {

// Reads and validates a graph. Throws InputError naming the file, the line and what was
// expected on any problem, including asymmetric adjacency.
Graph read_chaco_graph(const std::string& path);

// Parses graph text already in memory, line by line; `name` is used in error messages.
Graph parse_chaco_graph(std::string_view text, const std::string& name);

// Text of a graph in Chaco/METIS format (coordinates are not part of it).
std::string format_chaco_graph(const Graph& graph);

// Writes atomically: a failure leaves no file behind.
void write_chaco_graph(const std::string& path, const Graph& graph);

// A graph handed to the writer one vertex at a time, so that it is never held whole (a
// mesh's dual graph, made row by row by DualAdjacency). No edge weights.
struct ChacoRows {
    VertexId num_vertices = 0;
    EdgeOffset num_edges = 0;      // for the header: the rows must list each edge at both ends
    int ncon = 0;                  // vertex weights per vertex, 0 for none
    std::span<const Weight> vwgt;  // num_vertices * ncon, row-major, or empty
    std::span<const Weight> vsize; // num_vertices, or empty
    // The 0-based neighbours of vertex v, asked for once per vertex in order; the span need
    // only stay valid until the next call.
    std::function<std::span<const VertexId>(VertexId v)> neighbours;
};

// Writes the rows exactly as write_chaco_graph writes the equal Graph, atomically. Throws
// InvalidArgument, leaving no file, when the weights do not fit num_vertices or the rows do
// not list 2 * num_edges entries.
void write_chaco_graph(const std::string& path, const ChacoRows& rows);

} // namespace part::formats
