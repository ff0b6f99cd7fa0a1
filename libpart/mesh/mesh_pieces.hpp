#pragma once
// Splits a partitioned mesh into one piece per part, each with its owned cells, optional
// ghost layers of neighbouring cells and the points they use, for writing one file per part.
#include <span>
#include <vector>

#include "libpart/core/partition.hpp"
#include "libpart/mesh/mesh.hpp"

namespace part {

struct MeshPiece {
    std::vector<CellId> cells; // positions in the cell selection: owned cells, then ghosts
    std::size_t num_owned = 0;
    std::vector<PointId> points; // mesh points the cells use, ascending
};

// `cells` selects the mesh cells that `part` assigns (one part id per selected cell).
// Layer L of ghosts holds the cells of other parts that share a point with the piece's
// cells up to layer L - 1, the node-sharing rule of VTK's ghost cell generator. O(total
// piece size), with stamp arrays shared by all pieces.
std::vector<MeshPiece> split_mesh(const Mesh& mesh, std::span<const CellId> cells,
                                  std::span<const PartId> part, PartId num_parts, int ghost_layers);

// Labels the cells of a mesh whose cells moved to new parts, so that ParaView colours it by the
// new cut: cell array 'partition' gets each cell's new part and 'previous_partition' its part
// before the move (one value per cell each), replacing arrays of those names.
void label_moved_cells(Mesh& mesh, std::span<const PartId> new_part,
                       std::span<const PartId> old_part);

} // namespace part
