#pragma once
// Builds a symmetric CSR graph from a list of undirected edges.
#include <vector>

#include "libpart/core/graph.hpp"

namespace part {

struct WeightedEdge {
    VertexId u;
    VertexId v;
    Weight weight = 1;
};

// Each edge {u, v} appears in both rows, in input order. With `weighted`, adjwgt holds the
// edge weights; otherwise edges are unit weight. Duplicates are kept (validate() reports them).
Graph graph_from_edges(VertexId num_vertices, const std::vector<WeightedEdge>& edges,
                       bool weighted = false);

} // namespace part
