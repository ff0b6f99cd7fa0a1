#pragma once
// A rows x cols grid graph with unit edges and (column, row) coordinates.
#include "libpart/core/graph_builder.hpp"

namespace part::test {

inline Graph grid_graph(int rows, int cols) {
    std::vector<WeightedEdge> edges;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            if (c + 1 < cols) edges.push_back({r * cols + c, r * cols + c + 1});
            if (r + 1 < rows) edges.push_back({r * cols + c, (r + 1) * cols + c});
        }
    Graph g = graph_from_edges(rows * cols, edges);
    g.coords.dim = 2;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            g.coords.values.push_back(c);
            g.coords.values.push_back(r);
        }
    return g;
}

} // namespace part::test
