#include "libpart/mesh/mesh_subset.hpp"

#include <algorithm>

namespace part {

Mesh mesh_subset(const Mesh& mesh, std::span<const CellId> cells, const MeshPiece& piece) {
    const std::vector<PointId>& points = piece.points;
    Mesh out;
    out.dim = mesh.dim;
    out.point_count = PointId(points.size());
    if (mesh.dim > 0 && !mesh.points.empty()) {
        out.points.reserve(points.size() * std::size_t(mesh.dim));
        for (PointId p : points)
            out.points.insert(out.points.end(), mesh.points.begin() + std::ptrdiff_t(p) * mesh.dim,
                              mesh.points.begin() + std::ptrdiff_t(p + 1) * mesh.dim);
    }
    // A large piece maps points through a table over the mesh's points; a small one searches
    // its list when sorted, so cutting a mesh into many pieces stays linear in their sizes.
    std::vector<PointId> table;
    if (points.size() * 8 >= std::size_t(mesh.num_points()) ||
        !std::is_sorted(points.begin(), points.end())) {
        table.assign(std::size_t(mesh.num_points()), -1);
        for (std::size_t j = 0; j < points.size(); ++j) table[std::size_t(points[j])] = PointId(j);
    }
    auto local = [&](PointId p) -> PointId {
        if (!table.empty()) return table[std::size_t(p)];
        const auto at = std::lower_bound(points.begin(), points.end(), p);
        return at == points.end() || *at != p ? -1 : PointId(at - points.begin());
    };
    std::vector<CellId> mesh_cells(piece.cells.size());
    std::vector<PointId> nodes;
    for (std::size_t i = 0; i < piece.cells.size(); ++i) {
        const CellId c = mesh_cells[i] = cells[std::size_t(piece.cells[i])];
        const auto cell = mesh.cell(c);
        nodes.resize(cell.size());
        for (std::size_t k = 0; k < cell.size(); ++k) {
            nodes[k] = local(cell[k]);
            if (nodes[k] < 0)
                throw InvalidArgument("mesh_subset: cell " + std::to_string(c) + " uses point " +
                                      std::to_string(cell[k]) + ", which the piece lacks");
        }
        out.add_cell(mesh.cell_types[std::size_t(c)], nodes, mesh.faces(c));
    }
    for (const MeshArray& array : mesh.cell_data) out.cell_data.push_back(array.subset(mesh_cells));
    for (const MeshArray& array : mesh.point_data) out.point_data.push_back(array.subset(points));
    return out;
}

} // namespace part
