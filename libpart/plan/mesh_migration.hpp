#pragma once
// Applying a migration plan to a partitioned mesh: the cells of old part p sit in piece p;
// after the plan, the cells of new part q sit in piece q, each cell with its fields moved
// exactly once and the points it uses copied into every piece that needs them.
//
// Serially this is a join followed by a split: the pieces are put back together by global ids
// (join_pieces), the plan gives each cell its new part (apply_plan, which checks the plan
// against the cells' old pieces) and split_mesh cuts the new pieces. The message order of
// the plan (Kaddoura & Ranka 1995, 3.2) does not matter here since no data travels.
#include <span>
#include <vector>

#include "libpart/mesh/mesh.hpp"
#include "libpart/mesh/mesh_pieces.hpp"
#include "libpart/plan/migration_plan.hpp"

namespace part {

struct MeshMigration {
    Mesh mesh;                     // the pieces joined: cell g is global cell g
    std::vector<PartId> old_part;  // per cell: the old part whose piece owned it
    std::vector<PartId> new_part;  // per cell: its new part under the plan
    std::vector<MeshPiece> pieces; // one per new part, over mesh's cells
};

// `pieces[i]` holds the cells of old part `piece_part[i]` (parts with no cells may have no
// piece). Throws PlanError when a piece's part is outside the plan's old parts or given twice,
// when the cell count differs from the plan's vertex count, or when the cells' pieces do not
// form the plan's old partition (apply_plan's checksum test); MeshError when the pieces do not
// join (missing global ids, a cell owned twice or by no piece). `ghost_layers` as split_mesh.
// Boundary elements (boundary_elements.hpp) in the pieces are no vertices of the plan: when
// there are some, the plan's vertices are the top-dimensional cells, and each boundary element
// moves to its adjacent cell's new part (MeshError when it has none).
MeshMigration migrate_pieces(const MigrationPlan& plan, std::span<const Mesh> pieces,
                             std::span<const PartId> piece_part, int ghost_layers);

} // namespace part
