#pragma once
// Reporting part-repart's result, serial or distributed: what moves, after how many steps the
// remap pays for itself (the cost model's amortization) and, with --horizon, the decision
// whether to remap. A table for people, JSON for scripts.
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "libpart/core/metrics.hpp"
#include "libpart/plan/migration_plan.hpp"
#include "libpart/plan/plan_traffic.hpp"
#include "libpart/repart/amortization.hpp"
#include "libpart/repart/judged_repart.hpp"
#include "tools/common/cli.hpp"

namespace part::tools {

// What every repartitioning report shows.
struct RepartOutcome {
    std::string method, output, plan_path;
    const MigrationPlan& plan;
    const PlanTraffic& traffic;
    const std::vector<std::pair<std::string, double>>& details; // the method's figures
    const Amortization* candidate;                              // null: no amortization to report
    const RemapDecision& decision;
    double decision_seconds; // what judging the candidate took
};

// "NEW.part and PLAN", or "NEW.part" when no --plan is written.
std::string written_files(const std::string& partition_path, const std::string& plan_path);

// The keys every JSON report has: method, output, plan (null without --plan), migration (its
// "traffic" list only when `verbose`), details (when there are some), amortization (with a
// candidate) and, with a horizon, the decision with its reason.
nlohmann::json repart_json(const RepartOutcome& outcome, bool verbose);

// "Migration: " and the traffic summary, then the candidate's amortization and, with a
// horizon, the decision.
void print_repart_migration(std::ostream& out, const RepartOutcome& outcome);

// The serial report: as JSON (--json), else a table (report_stream silences it with -q).
void report_repart(std::ostream& out, const CommonOptions& common, const std::string& method,
                   const std::string& plan_path, const PartitionMetrics& metrics,
                   const JudgedRepart& judged);

} // namespace part::tools
