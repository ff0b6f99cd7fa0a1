#include "libpart/mesh/mesh_pieces.hpp"

#include <algorithm>

#include "libpart/mesh/node_cells.hpp"

namespace part {

std::vector<MeshPiece> split_mesh(const Mesh& mesh, std::span<const CellId> cells,
                                  std::span<const PartId> part, PartId num_parts,
                                  int ghost_layers) {
    if (part.size() != cells.size())
        throw InvalidArgument("the partition has " + std::to_string(part.size()) + " entries for " +
                              std::to_string(cells.size()) + " cells");
    if (ghost_layers < 0) throw InvalidArgument("ghost layers must be 0 or more");
    std::vector<MeshPiece> pieces(static_cast<std::size_t>(num_parts));
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (part[i] < 0 || part[i] >= num_parts)
            throw InvalidArgument("part id " + std::to_string(part[i]) + " of cell " +
                                  std::to_string(i) + " is out of range 0.." +
                                  std::to_string(num_parts - 1));
        pieces[std::size_t(part[i])].cells.push_back(CellId(i));
    }
    NodeCells around;
    if (ghost_layers > 0) around = node_to_cells(mesh, cells);
    std::vector<PartId> cell_stamp(ghost_layers > 0 ? cells.size() : 0, -1);
    std::vector<PartId> point_stamp(std::size_t(mesh.num_points()), -1);
    for (PartId p = 0; p < num_parts; ++p) {
        MeshPiece& piece = pieces[std::size_t(p)];
        piece.num_owned = piece.cells.size();
        if (ghost_layers > 0) {
            for (CellId c : piece.cells) cell_stamp[c] = p;
            std::size_t layer_begin = 0;
            for (int layer = 0; layer < ghost_layers; ++layer) {
                const std::size_t layer_end = piece.cells.size();
                for (std::size_t k = layer_begin; k < layer_end; ++k)
                    for (PointId q : mesh.cell(cells[piece.cells[k]]))
                        for (CellId other : around.of(q))
                            if (cell_stamp[other] != p) {
                                cell_stamp[other] = p;
                                piece.cells.push_back(other);
                            }
                layer_begin = layer_end;
            }
            std::sort(piece.cells.begin() + std::ptrdiff_t(piece.num_owned), piece.cells.end());
        }
        for (CellId c : piece.cells)
            for (PointId q : mesh.cell(cells[c]))
                if (point_stamp[q] != p) {
                    point_stamp[q] = p;
                    piece.points.push_back(q);
                }
        std::sort(piece.points.begin(), piece.points.end());
    }
    return pieces;
}

namespace {

void replace_cell_array(Mesh& mesh, MeshArray array) {
    for (MeshArray& existing : mesh.cell_data)
        if (existing.name() == array.name()) {
            existing = std::move(array);
            return;
        }
    mesh.cell_data.push_back(std::move(array));
}

} // namespace

void label_moved_cells(Mesh& mesh, std::span<const PartId> new_part,
                       std::span<const PartId> old_part) {
    if (new_part.size() != std::size_t(mesh.num_cells()) || old_part.size() != new_part.size())
        throw InvalidArgument("part labels for " + std::to_string(new_part.size()) + " and " +
                              std::to_string(old_part.size()) + " cells on a mesh of " +
                              std::to_string(mesh.num_cells()));
    replace_cell_array(
        mesh, MeshArray::from_values("partition", 1,
                                     std::vector<PartId>(new_part.begin(), new_part.end())));
    replace_cell_array(
        mesh, MeshArray::from_values("previous_partition", 1,
                                     std::vector<PartId>(old_part.begin(), old_part.end())));
}

} // namespace part
