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
    std::vector<CellId> mesh_cells(piece.cells.size());
    PointId nodes[kMaxCellNodes];
    for (std::size_t i = 0; i < piece.cells.size(); ++i) {
        const CellId c = mesh_cells[i] = cells[std::size_t(piece.cells[i])];
        const auto cell = mesh.cell(c);
        for (std::size_t k = 0; k < cell.size(); ++k) {
            const auto at = std::lower_bound(points.begin(), points.end(), cell[k]);
            if (at == points.end() || *at != cell[k])
                throw InvalidArgument("mesh_subset: cell " + std::to_string(c) + " uses point " +
                                      std::to_string(cell[k]) + ", which the piece lacks");
            nodes[k] = PointId(at - points.begin());
        }
        out.add_cell(mesh.cell_types[std::size_t(c)], {nodes, cell.size()});
    }
    for (const MeshArray& array : mesh.cell_data) out.cell_data.push_back(array.subset(mesh_cells));
    for (const MeshArray& array : mesh.point_data) out.point_data.push_back(array.subset(points));
    return out;
}

} // namespace part
