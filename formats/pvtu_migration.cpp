#include "formats/pvtu_migration.hpp"

#include <numeric>

#include "formats/pvtu_replacement.hpp"
#include "formats/vtk_mesh.hpp"
#include "libpart/mesh/mesh_pieces.hpp"
#include "libpart/plan/mesh_migration.hpp"

namespace part::formats {

namespace {

std::vector<Mesh> meshes_of(std::vector<PvtuPiece>& pieces, std::vector<PartId>& parts) {
    std::vector<Mesh> meshes;
    for (auto& piece : pieces) {
        parts.push_back(piece.part);
        meshes.push_back(std::move(piece.mesh));
    }
    return meshes;
}

// Every owned cell of the written pieces sits in the piece of its new part.
void check_placement(const std::vector<PvtuPiece>& written, const std::vector<PartId>& new_part,
                     const std::string& new_path) {
    for (const PvtuPiece& piece : written) {
        const MeshArray* ids = piece.mesh.find_cell_array("GlobalCellIds");
        const MeshArray* ghosts = piece.mesh.find_cell_array("vtkGhostType");
        for (CellId c = 0; c < piece.mesh.num_cells(); ++c) {
            if (ghosts && ghosts->value(std::size_t(c)) != 0) continue;
            const double g = ids->value(std::size_t(c));
            if (g < 0 || g >= double(new_part.size()) || new_part[std::size_t(g)] != piece.part)
                throw InputError(new_path, 0,
                                 "check failed: written piece " + piece.path +
                                     " owns global cell " + std::to_string(std::int64_t(g)) +
                                     ", which the plan puts in another part");
        }
    }
}

// Labels the old pieces' cells as the new pieces' will be (label_moved_cells), so that the
// totals of the two datasets compare like with like: the labels are all a migration changes.
void label_old_pieces(std::vector<Mesh>& pieces, const MeshMigration& migration) {
    const auto parts = std::ssize(migration.new_part);
    for (Mesh& piece : pieces) {
        const MeshArray* ids = piece.find_cell_array("GlobalCellIds");
        std::vector<PartId> new_part(std::size_t(piece.num_cells()), -1), old_part = new_part;
        for (std::size_t c = 0; ids && c < new_part.size(); ++c) {
            const auto g = std::int64_t(ids->value(c));
            if (g < 0 || g >= parts) continue; // a ghost the join never used
            new_part[c] = migration.new_part[std::size_t(g)];
            old_part[c] = migration.old_part[std::size_t(g)];
        }
        label_moved_cells(piece, new_part, old_part);
    }
}

} // namespace

std::vector<std::string> pvtu_files(const std::string& path) {
    std::vector<std::string> files{path};
    try {
        for (const auto& piece : list_pvtu_pieces(path)) files.push_back(piece.path);
    } catch (const InputError&) {
        // Unreadable inputs are reported when they are read; here only names matter.
    }
    return files;
}

PvtuMigrationFiles pvtu_migration_files(const MigrationPlan& plan, const std::string& plan_path,
                                        const std::string& old_path, const std::string& new_path) {
    PvtuMigrationFiles files{pvtu_files(old_path), {}};
    files.inputs.push_back(plan_path);
    files.touched = pvtu_files_touched(new_path, vtk_piece_stem(new_path), plan.new_parts);
    return files;
}

PvtuMigrationReport migrate_pvtu(const MigrationPlan& plan, const std::string& plan_path,
                                 const std::string& old_path, const std::string& new_path,
                                 int ghost_layers) {
    std::vector<PvtuPiece> old_pieces = read_pvtu_pieces(old_path);
    std::vector<PartId> old_parts;
    std::vector<Mesh> old_meshes = meshes_of(old_pieces, old_parts);
    PvtuMigrationReport report;
    report.old_pieces = PartId(old_meshes.size());
    MeshMigration migration;
    try {
        migration = migrate_pieces(plan, old_meshes, old_parts, ghost_layers);
        label_old_pieces(old_meshes, migration);
        report.totals = dataset_totals(old_meshes);
    } catch (const PlanError& e) {
        throw InputError(plan_path, 0, std::string(e.what()) + " (dataset " + old_path + ")");
    } catch (const MeshError& e) {
        throw InputError(old_path, 0, e.what());
    }
    old_meshes = {}; // the joined mesh holds everything from here on
    label_moved_cells(migration.mesh, migration.new_part, migration.old_part);
    for (std::size_t g = 0; g < migration.new_part.size(); ++g)
        report.moved_cells +=
            plan.new_part_rank[std::size_t(migration.new_part[g])] != migration.old_part[g];

    std::vector<CellId> cells(migration.old_part.size());
    std::iota(cells.begin(), cells.end(), CellId(0));
    PendingPvtu pending(new_path, migration.mesh, cells, migration.pieces, {}, ghost_layers);

    // Read back what was written and compare with what was read: nothing lost or doubled.
    std::vector<PvtuPiece> written = read_pvtu_pieces(pending.staged_path());
    check_placement(written, migration.new_part, new_path);
    std::vector<PartId> new_parts;
    const std::vector<Mesh> new_meshes = meshes_of(written, new_parts);
    DatasetTotals after;
    try {
        after = dataset_totals(new_meshes);
    } catch (const MeshError& e) {
        throw InputError(new_path, 0, std::string("check failed: ") + e.what());
    }
    const std::string difference = first_difference(report.totals, after);
    if (!difference.empty())
        throw InputError(new_path, 0,
                         "check failed, nothing written: the new dataset has " + difference);

    report.cells = report.totals.cells;
    report.points = report.totals.points;
    report.new_pieces = PartId(written.size());
    for (const MeshPiece& piece : migration.pieces)
        report.new_piece_cells.push_back(std::int64_t(piece.num_owned));
    report.written = pending.piece_paths();
    report.written.push_back(new_path);
    pending.commit();
    return report;
}

} // namespace part::formats
