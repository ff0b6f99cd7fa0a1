#include "libpart/plan/mesh_migration.hpp"

#include <string>

#include "libpart/mesh/append_meshes.hpp"
#include "libpart/mesh/boundary_elements.hpp"
#include "libpart/mesh/join_pieces.hpp"

namespace part {

namespace {

// Each cell's new part under the plan, given its old part. Boundary elements (part-convert
// --boundary) are no vertices of the plan: each follows its adjacent cell.
std::vector<PartId> new_parts(const MigrationPlan& plan, const Mesh& mesh,
                              const std::vector<PartId>& old_part) {
    const std::vector<CellId> top = top_dimensional_cells(mesh);
    const BoundaryElements boundary = find_boundary_elements(mesh, top);
    const std::vector<CellId> vertices = boundary.cells.empty() ? all_cells(mesh) : top;
    if (!boundary.cells.empty() && top.size() + boundary.cells.size() != old_part.size())
        throw PlanError("the dataset has " +
                        std::to_string(old_part.size() - top.size() - boundary.cells.size()) +
                        " cells below the top dimension without a physical tag beside its " +
                        std::to_string(boundary.cells.size()) + " boundary elements");
    if (vertices.size() != std::size_t(plan.num_vertices))
        throw PlanError("the plan is for " + std::to_string(plan.num_vertices) +
                        " cells but the dataset has " + std::to_string(vertices.size()));
    std::vector<PartId> vertex_old_part;
    vertex_old_part.reserve(vertices.size());
    for (CellId c : vertices) vertex_old_part.push_back(old_part[std::size_t(c)]);
    std::vector<PartId> vertex_new_part;
    try {
        vertex_new_part = apply_plan(plan, vertex_old_part);
    } catch (const PlanError& e) {
        throw PlanError(std::string("the cells' pieces do not form the plan's old partition: ") +
                        e.what());
    }
    std::vector<PartId> new_part(old_part.size());
    for (std::size_t i = 0; i < vertices.size(); ++i)
        new_part[std::size_t(vertices[i])] = vertex_new_part[i];
    const std::vector<PartId> boundary_new_part = boundary_parts(boundary, vertex_new_part);
    for (std::size_t j = 0; j < boundary.cells.size(); ++j)
        new_part[std::size_t(boundary.cells[j])] = boundary_new_part[j];
    return new_part;
}

} // namespace

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
    out.old_part.resize(owner.size());
    for (std::size_t g = 0; g < owner.size(); ++g)
        out.old_part[g] = piece_part[std::size_t(piece_of_cell[std::size_t(owner[g])])];
    out.new_part = new_parts(plan, out.mesh, out.old_part);
    out.pieces =
        split_mesh(out.mesh, all_cells(out.mesh), out.new_part, plan.new_parts, ghost_layers);
    return out;
}

} // namespace part
