#pragma once
// The inverse of a mesh's cell lists: for every point, the selected cells that use it, as
// CSR. Cells are numbered by their position in the selection, in ascending order per point.
#include <span>
#include <vector>

#include "libpart/mesh/mesh.hpp"

namespace part {

struct NodeCells {
    std::vector<std::int64_t> offsets; // num_points + 1
    std::vector<CellId> cells;         // positions in the selection

    std::span<const CellId> of(PointId p) const {
        return {cells.data() + offsets[p], std::size_t(offsets[p + 1] - offsets[p])};
    }
};

// Which nodes of a cell count: all of them, or its corners only (Mesh::corners), which is
// what face adjacency needs: a higher-order cell's other nodes add nothing to it.
enum class CellNodes : std::uint8_t { All, Corners };

// Two passes over the selected cells (count, then fill); no per-point allocation.
NodeCells node_to_cells(const Mesh& mesh, std::span<const CellId> selection,
                        CellNodes which = CellNodes::All);

// True when two cells of the mesh share at least `count` nodes; stops at the first pair.
bool any_cells_share_nodes(const Mesh& mesh, int count);

} // namespace part
