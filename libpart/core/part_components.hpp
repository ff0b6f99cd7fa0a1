#pragma once
// Connected components of the subgraph each part induces: vertices are in the same component
// when a path joins them inside their part.
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/core/partition.hpp"

namespace part {

// Component label of every vertex, 0.. in order of each component's lowest vertex. O(n + m).
std::vector<VertexId> label_part_components(const Graph& graph, const std::vector<PartId>& part,
                                            VertexId& num_components);

// Components per part (0 for an empty part), from the labels of label_part_components.
std::vector<VertexId> count_part_components(const std::vector<VertexId>& label,
                                            VertexId num_components,
                                            const std::vector<PartId>& part, PartId num_parts);

// Components per part (0 for an empty part).
std::vector<VertexId> components_per_part(const Graph& graph, const std::vector<PartId>& part,
                                          PartId num_parts);

} // namespace part
