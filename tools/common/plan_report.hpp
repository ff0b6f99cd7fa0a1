#pragma once
// Reporting a migration plan's traffic, shared by part-plan and part-repart.
#include <iosfwd>

#include <nlohmann/json.hpp>

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

} // namespace part::tools
