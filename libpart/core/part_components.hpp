#pragma once
// Connected components of the subgraph each part induces: vertices are in the same component
// when a path joins them inside their part.
#include <memory>
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/core/partition.hpp"

namespace part {

// Whether the numbering scatters neighbours: the graph has at least kLocalityMinVertices
// vertices (fewer fit in the caches) and most of a sample of its edges (the rows of one vertex
// in 64) join vertices more than 2^14 ids apart. A breadth-first search then jumps across
// memory at each step; on a numbering with locality (a mesh numbered along space, a part-major
// renumbering) it reads each component's rows almost in order.
constexpr VertexId kLocalityMinVertices = VertexId(1) << 17;
bool scatters_neighbours(const Graph& graph);

// The components with their vertices: numbered 0.. in order of each component's lowest
// vertex; the vertices of component c are members[first[c] .. first[c + 1]), the lowest
// first, the others in the order a breadth-first search from it reaches them, or in
// increasing order where scatters_neighbours (there a union-find over the edges in memory
// order is faster than the search).
struct PartComponents {
    std::vector<VertexId> label;         // per vertex
    std::unique_ptr<VertexId[]> members; // every vertex, grouped by component
    std::vector<VertexId> first;         // num_components() + 1 offsets into members

    VertexId num_components() const { return VertexId(first.size()) - 1; }
    // Components per part (0 for an empty part).
    std::vector<VertexId> per_part(const std::vector<PartId>& part, PartId num_parts) const;
};

// O(n + m), times a union-find's near-constant factor where the rows scatter.
PartComponents find_part_components(const Graph& graph, const std::vector<PartId>& part);

// The components after vertices moved, from those before (`before`): every vertex that moved
// went to a part marked in `changed` (one per part), and a part left unmarked lost only whole
// components of `before` (if any), so its other components are as they were and only the
// marked parts are searched again. Equal to find_part_components of the partition now;
// O(n + the marked parts' edges).
PartComponents update_part_components(const Graph& graph, const std::vector<PartId>& part,
                                      PartComponents before, const std::vector<char>& changed);

// Components per part (0 for an empty part).
std::vector<VertexId> components_per_part(const Graph& graph, const std::vector<PartId>& part,
                                          PartId num_parts);

// Every vertex, grouped by component as find_part_components groups them, each component's
// always in the order a breadth-first search from its lowest vertex reaches them
// (taking each row's neighbours in the row's order).
std::vector<VertexId> breadth_first_part_order(const Graph& graph, const std::vector<PartId>& part);

} // namespace part
