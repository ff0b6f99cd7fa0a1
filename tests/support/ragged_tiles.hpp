#pragma once
// Partitions of a grid into rectangular tiles with ragged borders, for refinement tests: every
// border has something to gain.
#include <random>
#include <vector>

#include "libpart/core/partition.hpp"

namespace part::test {

// An nx x ny grid (grid_graph) cut into a tiles_x x tiles_y array of rectangular parts, with
// borders made ragged by moving each border vertex, with probability 1/3, to a neighbouring part.
inline Partition ragged_tiles(const Graph& g, int nx, int ny, int tiles_x, int tiles_y,
                              unsigned seed) {
    Partition p{PartId(tiles_x * tiles_y), std::vector<PartId>(std::size_t(g.num_vertices())), {}};
    for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x)
            p.part[std::size_t(y * nx + x)] = PartId(y * tiles_y / ny * tiles_x + x * tiles_x / nx);
    std::mt19937 rng(seed);
    std::vector<PartId> ragged = p.part;
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        for (VertexId u : g.neighbours(v))
            if (p.part[u] != p.part[v] && rng() % 3 == 0) {
                ragged[v] = p.part[u];
                break;
            }
    p.part = std::move(ragged);
    return p;
}

} // namespace part::test
