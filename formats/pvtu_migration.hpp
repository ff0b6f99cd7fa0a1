#pragma once
// Applies a migration plan to a partitioned VTK dataset on disk: OLD.pvtu with one piece per
// old part in, NEW.pvtu with one piece per new part out, its cells labelled with their new part
// ('partition') and their old one ('previous_partition'; label_moved_cells). The new files are
// written to a temporary folder, read back and checked against the old dataset (cell and point
// counts, global ids, every field's sums and fingerprint, each owned cell in its new part's piece)
// before they are moved into place; on any failure nothing is left behind and the old
// dataset is never touched.
#include <string>
#include <vector>

#include "libpart/mesh/dataset_totals.hpp"
#include "libpart/plan/migration_plan.hpp"

namespace part::formats {

struct PvtuMigrationReport {
    std::int64_t cells = 0, points = 0;        // owned cells, distinct points (conserved)
    std::int64_t moved_cells = 0;              // cells whose rank changed
    PartId old_pieces = 0, new_pieces = 0;     // piece files read and written
    std::vector<std::int64_t> new_piece_cells; // owned cells of new part q
    std::vector<std::string> written;          // piece files, then the .pvtu
    DatasetTotals totals;                      // the conserved totals
};

// `plan_path` only names the plan in errors. Throws InputError naming the plan when it does
// not fit the dataset (cell count, the cells' pieces against the plan's old checksum, a piece
// for a part the plan does not have), naming the dataset when a piece is missing or the pieces
// do not join, and naming the output when the written dataset fails the check.
PvtuMigrationReport migrate_pvtu(const MigrationPlan& plan, const std::string& plan_path,
                                 const std::string& old_path, const std::string& new_path,
                                 int ghost_layers);

// The files of a .pvtu: itself and the pieces it names (just itself when it cannot be read),
// for refusing outputs that would overwrite inputs.
std::vector<std::string> pvtu_files(const std::string& path);

// The files migrate_pvtu(plan, plan_path, old_path, new_path, ...) reads (the plan, the old .pvtu
// and its pieces) and those it may create or remove besides `new_path` (the new pieces, the
// pieces of a .pvtu it replaces): for refusing, before any work, an output that would touch an
// input.
struct PvtuMigrationFiles {
    std::vector<std::string> inputs;
    std::vector<std::string> touched;
};
PvtuMigrationFiles pvtu_migration_files(const MigrationPlan& plan, const std::string& plan_path,
                                        const std::string& old_path, const std::string& new_path);

} // namespace part::formats
