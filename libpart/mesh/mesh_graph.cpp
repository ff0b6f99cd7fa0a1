#include "libpart/mesh/mesh_graph.hpp"

#include <algorithm>

#include "libpart/mesh/dual_adjacency.hpp"
#include "libpart/mesh/node_cells.hpp"

namespace part {

namespace {

std::size_t total_faces(const Mesh& mesh, std::span<const CellId> cells) {
    std::size_t faces = 0;
    for (CellId c : cells) faces += std::size_t(cell_shape(mesh.cell_types[c]).num_faces);
    return faces;
}

} // namespace

DualGraph build_dual_graph(const Mesh& mesh, int ncommon) {
    DualGraph result;
    result.cells = top_dimensional_cells(mesh);
    const std::span<const CellId> cells = result.cells;
    Graph& graph = result.graph;
    {
        DualAdjacency adjacency(mesh, cells, ncommon);
        const VertexId n = adjacency.num_vertices();
        graph.xadj.assign(std::size_t(n) + 1, 0);
        // A conforming mesh gives each face at most one neighbour, so this is usually exact.
        graph.adjncy.reserve(total_faces(mesh, cells));
        for (VertexId v = 0; v < n; ++v) {
            const auto row = adjacency.neighbours(v);
            graph.adjncy.insert(graph.adjncy.end(), row.begin(), row.end());
            graph.xadj[std::size_t(v) + 1] = EdgeOffset(graph.adjncy.size());
        }
    }
    graph.coords = cell_centroids(mesh, cells);
    return result;
}

Graph build_nodal_graph(const Mesh& mesh) {
    const std::vector<CellId> cells = top_dimensional_cells(mesh);
    const NodeCells around = node_to_cells(mesh, cells);
    const std::size_t n = std::size_t(mesh.num_points());
    Graph graph;
    graph.xadj.assign(n + 1, 0);
    std::vector<unsigned char> seen(n, 0);
    std::vector<PointId> neighbours;
    for (std::size_t p = 0; p < n; ++p) {
        neighbours.clear();
        seen[p] = 1;
        for (CellId c : around.of(PointId(p)))
            for (PointId q : mesh.cell(cells[c]))
                if (!seen[q]) {
                    seen[q] = 1;
                    neighbours.push_back(q);
                }
        seen[p] = 0;
        for (PointId q : neighbours) seen[q] = 0;
        graph.adjncy.insert(graph.adjncy.end(), neighbours.begin(), neighbours.end());
        graph.xadj[p + 1] = EdgeOffset(graph.adjncy.size());
    }
    if (mesh.dim > 0) graph.coords = Coordinates{mesh.dim, mesh.points};
    return graph;
}

Coordinates cell_centroids(const Mesh& mesh, std::span<const CellId> cells) {
    Coordinates coords;
    if (mesh.dim == 0 || mesh.points.empty()) return coords;
    coords.dim = mesh.dim;
    coords.values.assign(cells.size() * std::size_t(mesh.dim), 0.0);
    for (std::size_t i = 0; i < cells.size(); ++i)
        cell_centroid(mesh, cells[i],
                      {coords.values.data() + i * std::size_t(mesh.dim), std::size_t(mesh.dim)});
    return coords;
}

void cell_centroid(const Mesh& mesh, CellId cell, std::span<double> centre) {
    // The corners: a higher-order cell's other nodes would pull the centre towards its edges.
    const auto nodes = mesh.corners(cell);
    std::fill(centre.begin(), centre.end(), 0.0);
    for (PointId p : nodes)
        for (int a = 0; a < mesh.dim; ++a)
            centre[a] += mesh.points[std::size_t(p) * std::size_t(mesh.dim) + a];
    for (int a = 0; a < mesh.dim; ++a) centre[a] /= double(nodes.size());
}

} // namespace part
