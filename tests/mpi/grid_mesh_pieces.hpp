#pragma once
// Small 2D meshes spread over the ranks by hand, for the distributed mesh builders: the whole
// mesh is known to every rank (to compute the expected answers), and each rank hands the
// builder only its own cells on the points they use, with global cell and node ids.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

#include "libpart/mesh/mesh.hpp"

namespace part::test {

// nx x ny unit squares, cell i + nx j at [i, i+1] x [j, j+1], point i + (nx+1) j at (i, j).
// With `triangles`, square (i, j) is cut by a diagonal into cells 2 (i + nx j) and that + 1,
// the diagonal from (i, j) to (i+1, j+1) where `rising(i, j)`, else the other one.
inline Mesh grid_mesh(
    int nx, int ny, bool triangles = false,
    const std::function<bool(int, int)>& rising = [](int, int) { return true; }) {
    Mesh mesh;
    mesh.dim = 2;
    mesh.point_count = PointId((nx + 1) * (ny + 1));
    for (int j = 0; j <= ny; ++j)
        for (int i = 0; i <= nx; ++i) {
            mesh.points.push_back(i);
            mesh.points.push_back(j);
        }
    auto p = [&](int i, int j) { return PointId(i + (nx + 1) * j); };
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i) {
            const PointId a = p(i, j), b = p(i + 1, j), c = p(i + 1, j + 1), d = p(i, j + 1);
            if (!triangles) {
                mesh.add_cell(CellType::Quadrilateral, std::vector<PointId>{a, b, c, d});
            } else if (rising(i, j)) {
                mesh.add_cell(CellType::Triangle, std::vector<PointId>{a, b, c});
                mesh.add_cell(CellType::Triangle, std::vector<PointId>{a, c, d});
            } else {
                mesh.add_cell(CellType::Triangle, std::vector<PointId>{a, b, d});
                mesh.add_cell(CellType::Triangle, std::vector<PointId>{b, c, d});
            }
        }
    return mesh;
}

// One rank's share of a mesh: the listed cells (ascending) on the points they use.
struct MeshShare {
    Mesh mesh;
    std::vector<VertexId> cell_ids;     // global id of each local cell
    std::vector<std::int64_t> node_ids; // global id of each local point
};

inline MeshShare share_of(const Mesh& whole, const std::vector<CellId>& cells) {
    MeshShare share;
    std::vector<PointId> points;
    for (CellId c : cells)
        for (PointId p : whole.cell(c)) points.push_back(p);
    std::sort(points.begin(), points.end());
    points.erase(std::unique(points.begin(), points.end()), points.end());
    share.mesh.dim = whole.dim;
    share.mesh.point_count = PointId(points.size());
    for (PointId p : points) {
        share.node_ids.push_back(p);
        for (int a = 0; a < whole.dim; ++a)
            share.mesh.points.push_back(whole.points[std::size_t(p) * whole.dim + a]);
    }
    for (CellId c : cells) {
        std::vector<PointId> local;
        for (PointId p : whole.cell(c))
            local.push_back(
                PointId(std::lower_bound(points.begin(), points.end(), p) - points.begin()));
        share.mesh.add_cell(whole.cell_types[std::size_t(c)], local);
        share.cell_ids.push_back(c);
    }
    return share;
}

} // namespace part::test
