#pragma once
// The reports of part-schedule's subcommands: text for people, JSON for scripts. Steps and
// units are 1-based in everything a user reads.
#include <string>

#include "formats/schedule_traces.hpp"
#include "libpart/schedule/configuration_schedule.hpp"
#include "libpart/schedule/phase_segmentation.hpp"
#include "libpart/schedule/remap_policies.hpp"

namespace part::tools {

// The readers refuse values whose sums overflow, but a large scaling option (--remap-cost,
// --sync, --compute-cost) can still push a total past the largest number, which must not be
// reported as inf: throws UsageError naming `scaling_option` when `total` is not finite.
void require_finite_total(double total, const std::string& scaling_option);

// dp: the total, each remap with the configurations it switches between, and the
// configuration of each run of steps.
std::string configuration_schedule_report(const formats::StepCostTrace& input,
                                          const ConfigurationSchedule& schedule, bool as_json);

// segment: each schedule's total and phases; the text lists at most 12 phases of each unless
// `all_phases`, and how far the others lie above the optimum.
std::string phase_comparison_report(const PhaseComparison& comparison, int procs, double sync,
                                    bool as_json, bool all_phases);

// policies: each plan's total, remaps and gap to the optimum; the text lists at most 12
// remap steps of each unless `all_steps`.
std::string remap_comparison_report(const LoadTrace& trace, const RemapComparison& comparison,
                                    bool as_json, bool all_steps);

} // namespace part::tools
