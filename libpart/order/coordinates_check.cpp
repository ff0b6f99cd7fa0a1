#include "libpart/order/coordinates_check.hpp"

#include <cmath>
#include <string>

namespace part {

void require_coordinates(const Graph& graph, std::string_view method) {
    const std::string name(method);
    if (graph.coords.empty())
        throw InvalidArgument(
            "method '" + name +
            "' needs vertex coordinates: give a coordinates file (.xyz, one point per "
            "vertex; part-convert writes one from a mesh), or use a graph method "
            "(bfs, rcm, nd, spectral, farhat, metis)");
    const std::size_t expected = std::size_t(graph.num_vertices()) * std::size_t(graph.coords.dim);
    if (graph.coords.values.size() != expected)
        throw InvalidArgument("method '" + name + "': coordinates hold " +
                              std::to_string(graph.coords.values.size()) + " values, expected " +
                              std::to_string(expected));
    for (std::size_t i = 0; i < expected; ++i)
        if (!std::isfinite(graph.coords.values[i]))
            throw InvalidArgument("method '" + name + "': coordinate of vertex " +
                                  std::to_string(i / std::size_t(graph.coords.dim) + 1) +
                                  " is not finite (NaN or infinity)");
}

} // namespace part
