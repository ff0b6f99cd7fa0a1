#pragma once
// Small structured graphs with coordinates for tests.
#include <cmath>
#include <vector>

#include "libpart/core/graph_builder.hpp"

namespace part::test {

// nx x ny x nz grid (nz = 1: 2D), vertex (i, j, k) = i + nx * (j + ny * k), at point (i, j[, k]).
inline Graph grid_graph(int nx, int ny, int nz = 1) {
    std::vector<WeightedEdge> edges;
    auto id = [&](int i, int j, int k) { return VertexId(i + nx * (j + ny * k)); };
    for (int k = 0; k < nz; ++k)
        for (int j = 0; j < ny; ++j)
            for (int i = 0; i < nx; ++i) {
                if (i + 1 < nx) edges.push_back({id(i, j, k), id(i + 1, j, k)});
                if (j + 1 < ny) edges.push_back({id(i, j, k), id(i, j + 1, k)});
                if (k + 1 < nz) edges.push_back({id(i, j, k), id(i, j, k + 1)});
            }
    Graph g = graph_from_edges(VertexId(nx * ny * nz), edges);
    g.coords.dim = nz > 1 ? 3 : 2;
    for (int k = 0; k < nz; ++k)
        for (int j = 0; j < ny; ++j)
            for (int i = 0; i < nx; ++i) {
                g.coords.values.push_back(i);
                g.coords.values.push_back(j);
                if (nz > 1) g.coords.values.push_back(k);
            }
    return g;
}

// grid_graph(nx, ny) turned by `degrees` about the origin, so that no coordinate axis follows
// its sides.
inline Graph rotated_grid(int nx, int ny, double degrees) {
    Graph g = grid_graph(nx, ny);
    const double a = degrees * std::acos(-1.0) / 180;
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        const double x = g.coords.at(v, 0), y = g.coords.at(v, 1);
        g.coords.values[std::size_t(2 * v)] = x * std::cos(a) - y * std::sin(a);
        g.coords.values[std::size_t(2 * v + 1)] = x * std::sin(a) + y * std::cos(a);
    }
    return g;
}

// A path 0 - 1 - ... - (n-1) along the x axis.
inline Graph path_graph(int n) {
    std::vector<WeightedEdge> edges;
    for (int i = 0; i + 1 < n; ++i) edges.push_back({VertexId(i), VertexId(i + 1)});
    Graph g = graph_from_edges(VertexId(n), edges);
    g.coords.dim = 2;
    for (int i = 0; i < n; ++i) {
        g.coords.values.push_back(i);
        g.coords.values.push_back(0);
    }
    return g;
}

} // namespace part::test
