#pragma once
// Breadth-first orderings for graphs without coordinates: plain BFS and reverse Cuthill-McKee,
// each component started from a pseudo-peripheral vertex (George & Liu) so that the levels are
// long and thin, which is what makes contiguous blocks of the ordering compact.
#include <cstdint>
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/order/permutation.hpp"

namespace part {

// A vertex of (nearly) maximal eccentricity in `start`'s component: repeated BFS from the
// lowest-degree vertex of the last level while the depth grows. `distance` (size n, all -1 on
// entry) is left all -1. O(m) per sweep, a few sweeps.
VertexId pseudo_peripheral_vertex(const Graph& graph, VertexId start,
                                  std::vector<VertexId>& distance);

// BFS levels from `source` for its component; writes distance[v] for reached vertices and
// returns them in visiting order.
std::vector<VertexId> breadth_first(const Graph& graph, VertexId source,
                                    std::vector<VertexId>& distance);

// Orderings over all components. The first component is searched from the vertex `seed`
// picks (seed mod n; 0 when negative), the others from their lowest-numbered vertex.
Permutation bfs_order(const Graph& graph, int seed);
// Cuthill-McKee (neighbours by increasing degree), reversed.
Permutation rcm_order(const Graph& graph, int seed);

} // namespace part
