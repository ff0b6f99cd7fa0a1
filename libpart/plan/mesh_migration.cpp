#include "libpart/plan/mesh_migration.hpp"

#include <string>

#include "libpart/mesh/append_meshes.hpp"
#include "libpart/mesh/join_pieces.hpp"

namespace part {

MeshMigration migrate_pieces(const MigrationPlan& plan, std::span<const Mesh> pieces,
                             std::span<const PartId> piece_part, int ghost_layers) {
    validate(plan);
    if (pieces.size() != piece_part.size())
        throw InvalidArgument("migrate_pieces: one part id per piece is needed");
    std::vector<char> seen(std::size_t(plan.old_parts), 0);
    for (PartId p : piece_part) {
        if (p < 0 || p >= plan.old_parts)
            throw PlanError("the dataset has a piece for part " + std::to_string(p) +
                            " but the plan has old parts 0.." + std::to_string(plan.old_parts - 1));
        if (seen[std::size_t(p)]) throw PlanError("two pieces hold part " + std::to_string(p));
        seen[std::size_t(p)] = 1;
    }
    std::vector<std::int32_t> piece_of_cell;
    std::vector<CellId> owner;
    MeshMigration out;
    out.mesh = join_pieces(append_meshes(pieces, &piece_of_cell), &owner);
    if (out.mesh.num_cells() != plan.num_vertices)
        throw PlanError("the plan is for " + std::to_string(plan.num_vertices) +
                        " cells but the dataset has " + std::to_string(out.mesh.num_cells()));
    out.old_part.resize(owner.size());
    for (std::size_t g = 0; g < owner.size(); ++g)
        out.old_part[g] = piece_part[std::size_t(piece_of_cell[std::size_t(owner[g])])];
    try {
        out.new_part = apply_plan(plan, out.old_part);
    } catch (const PlanError& e) {
        throw PlanError(std::string("the cells' pieces do not form the plan's old partition: ") +
                        e.what());
    }
    out.pieces =
        split_mesh(out.mesh, all_cells(out.mesh), out.new_part, plan.new_parts, ghost_layers);
    return out;
}

} // namespace part
