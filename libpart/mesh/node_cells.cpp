#include "libpart/mesh/node_cells.hpp"

namespace part {

namespace {

// `cell_of(i)` is the mesh cell at position i of the selection.
template <typename CellOf>
NodeCells node_to_selected_cells(const Mesh& mesh, std::size_t count, CellOf cell_of) {
    NodeCells result;
    result.offsets.assign(std::size_t(mesh.num_points()) + 1, 0);
    for (std::size_t i = 0; i < count; ++i)
        for (PointId p : mesh.cell(cell_of(i))) ++result.offsets[std::size_t(p) + 1];
    for (std::size_t p = 1; p < result.offsets.size(); ++p)
        result.offsets[p] += result.offsets[p - 1];
    result.cells.resize(std::size_t(result.offsets.back()));
    // Fill with a cursor per point taken from the offsets, then shift them back.
    for (std::size_t i = 0; i < count; ++i)
        for (PointId p : mesh.cell(cell_of(i)))
            result.cells[std::size_t(result.offsets[p]++)] = CellId(i);
    for (std::size_t p = result.offsets.size() - 1; p > 0; --p)
        result.offsets[p] = result.offsets[p - 1];
    result.offsets[0] = 0;
    return result;
}

} // namespace

NodeCells node_to_cells(const Mesh& mesh, std::span<const CellId> selection) {
    return node_to_selected_cells(mesh, selection.size(),
                                  [selection](std::size_t i) { return selection[i]; });
}

NodeCells node_to_cells(const Mesh& mesh) {
    return node_to_selected_cells(mesh, std::size_t(mesh.num_cells()),
                                  [](std::size_t i) { return CellId(i); });
}

bool any_cells_share_nodes(const Mesh& mesh, int count) {
    const NodeCells around = node_to_cells(mesh);
    std::vector<std::uint8_t> shared(std::size_t(mesh.num_cells()), 0);
    std::vector<CellId> touched;
    for (CellId c = 0; c < mesh.num_cells(); ++c) {
        bool found = false;
        for (PointId p : mesh.cell(c))
            for (CellId other : around.of(p))
                if (other != c) {
                    if (shared[other] == 0) touched.push_back(other);
                    found |= ++shared[other] >= count;
                }
        if (found) return true;
        for (CellId other : touched) shared[other] = 0;
        touched.clear();
    }
    return false;
}

} // namespace part
