#pragma once
// METIS nested dissection (METIS_NodeND) as an ordering: separators last, recursively.
#include "libpart/core/graph.hpp"
#include "libpart/order/permutation.hpp"

namespace part {

// `seed` < 0 keeps METIS's default. Vertex weights are passed (first constraint only, as
// METIS_NodeND takes one). Throws Error when METIS fails.
Permutation nested_dissection_order(const Graph& graph, int seed);

} // namespace part
