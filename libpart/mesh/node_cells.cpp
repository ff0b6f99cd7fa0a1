#include "libpart/mesh/node_cells.hpp"

namespace part {

NodeCells node_to_cells(const Mesh& mesh, std::span<const CellId> selection, CellNodes which) {
    auto nodes_of = [&](CellId c) {
        return which == CellNodes::Corners ? mesh.corners(c) : mesh.cell(c);
    };
    NodeCells result;
    result.offsets.assign(std::size_t(mesh.num_points()) + 1, 0);
    for (CellId c : selection)
        for (PointId p : nodes_of(c)) ++result.offsets[std::size_t(p) + 1];
    for (std::size_t p = 1; p < result.offsets.size(); ++p)
        result.offsets[p] += result.offsets[p - 1];
    result.cells.resize(std::size_t(result.offsets.back()));
    // Fill with a cursor per point taken from the offsets, then shift them back.
    for (std::size_t i = 0; i < selection.size(); ++i)
        for (PointId p : nodes_of(selection[i]))
            result.cells[std::size_t(result.offsets[p]++)] = CellId(i);
    for (std::size_t p = result.offsets.size() - 1; p > 0; --p)
        result.offsets[p] = result.offsets[p - 1];
    result.offsets[0] = 0;
    return result;
}

bool any_cells_share_nodes(const Mesh& mesh, int count) {
    const NodeCells around = node_to_cells(mesh, all_cells(mesh));
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
