#pragma once
// Reporting a migration plan's traffic, shared by part-plan and part-repart, and a plan applied
// to a partitioned dataset (part-plan apply --dataset): what was written and checked, and which
// physical rank each new piece goes to.
#include <iosfwd>
#include <string>

#include <nlohmann/json.hpp>

#include "formats/pvtu_migration.hpp"
#include "libpart/plan/migration_plan.hpp"
#include "libpart/plan/plan_traffic.hpp"

namespace part::tools {

nlohmann::json traffic_json(const MigrationPlan& plan, const PlanTraffic& traffic);
void print_traffic_summary(std::ostream& out, const MigrationPlan& plan,
                           const PlanTraffic& traffic);
// The old x new matrix of moved vertices (rows: old parts = sending ranks; columns: new
// parts), '.' for no message. Wide matrices are printed only up to `max_columns`.
void print_traffic_matrix(std::ostream& out, const MigrationPlan& plan, const PlanTraffic& traffic,
                          PartId max_columns);

// The dataset report as JSON (--json) or as two lines of text, for the dataset written to
// `output`.
void print_pvtu_migration(std::ostream& out, const MigrationPlan& plan,
                          const formats::PvtuMigrationReport& report, const std::string& output,
                          bool json);

} // namespace part::tools
