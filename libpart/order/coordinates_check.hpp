#pragma once
// Geometric methods need one finite point per vertex; this says so clearly when they are absent.
#include <string_view>

#include "libpart/core/graph.hpp"

namespace part {

// Throws InvalidArgument naming `method` when the graph has no coordinates, the wrong number
// of them, or a NaN/infinite value (naming the vertex).
void require_coordinates(const Graph& graph, std::string_view method);

} // namespace part
