#pragma once
// Graphs of a mesh for the partitioners: the dual graph (one vertex per top-dimensional
// cell) and the nodal graph (one vertex per point).
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/mesh/mesh.hpp"

namespace part {

struct DualGraph {
    Graph graph; // coordinates are the cell centroids when the mesh has points
    std::vector<CellId>
        cells; // the mesh cell of each graph vertex (top-dimensional, in mesh order)
};

// The rows of DualAdjacency (which says what ncommon means: 0 for shared faces, N > 0 for
// m2gmetis's rule) collected into a Graph, so the graph equals m2gmetis's for the same rule.
// O(sum over cells of the cells around each node), with no allocation per cell.
DualGraph build_dual_graph(const Mesh& mesh, int ncommon = 0);

// METIS's nodal graph (mesh.c, CreateGraphNodal): points are adjacent when a top-dimensional
// cell holds both. Coordinates are the points'.
Graph build_nodal_graph(const Mesh& mesh);

// Mean of each listed cell's points (empty when the mesh has no coordinates).
Coordinates cell_centroids(const Mesh& mesh, std::span<const CellId> cells);
// The mean of one cell's points into `centre` (mesh.dim values), for writers that stream
// centroids instead of holding them all.
void cell_centroid(const Mesh& mesh, CellId cell, std::span<double> centre);

} // namespace part
