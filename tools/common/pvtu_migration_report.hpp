#pragma once
// Reporting a plan applied to a partitioned dataset (part-plan apply --dataset): what was
// written and checked, and which physical rank each new piece goes to.
#include <iosfwd>
#include <string>

#include "formats/pvtu_migration.hpp"

namespace part::tools {

// The report as JSON (--json) or as two lines of text, for the dataset written to `output`.
void print_pvtu_migration(std::ostream& out, const MigrationPlan& plan,
                          const formats::PvtuMigrationReport& report, const std::string& output,
                          bool json);

} // namespace part::tools
