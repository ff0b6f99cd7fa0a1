#pragma once
// When to remap a computation whose per-part loads drift: the remap policies of the
// literature evaluated on a measured load trace, and the optimum they are compared with.
//
// Cost model. Step t takes the time of its most loaded part. A remap before step r balances
// the loads measured at step r-1, so every part then holds their mean; afterwards each part's
// load drifts by what the trace says it gained or lost since step r-1:
//     time(t, r) = mean(L[r-1]) + max_p (L[t][p] - L[r-1][p]),   and max_p L[t][p] before any
// remap, all times C_compute, the time per unit of load (1 when loads are times). A remap
// before step r costs remap_cost[r].
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "libpart/schedule/online_policies.hpp"

namespace part {

// Per-step loads of each part, row-major: at(step, part).
struct LoadTrace {
    std::int64_t steps = 0;
    int parts = 0;
    std::vector<double> loads;

    double at(std::int64_t step, int part) const {
        return loads[std::size_t(step) * std::size_t(parts) + std::size_t(part)];
    }
};

// Step times under the cost model above.
class RemapTimeModel {
  public:
    // Throws InvalidArgument for an empty trace, negative or non-finite loads, or a
    // time per unit of load that is not positive.
    explicit RemapTimeModel(const LoadTrace& trace, double time_per_load = 1.0);

    std::int64_t steps() const { return trace_.steps; }
    // Time of step t when the last remap came before step last_remap (0: never remapped).
    double step_time(std::int64_t t, std::int64_t last_remap) const;
    // Idle time of step t: what imbalance costs it over perfectly balanced loads.
    double imbalance_cost(std::int64_t t, std::int64_t last_remap) const {
        return step_time(t, last_remap) - time_per_load_ * mean_[std::size_t(t)];
    }

  private:
    const LoadTrace& trace_;
    double time_per_load_;
    std::vector<double> mean_; // mean load of each step
};

// A policy's decisions and what they cost.
struct RemapPlan {
    std::string name;
    double total = 0;                      // step times plus remap costs
    double remap_total = 0;                // the remap costs alone
    std::vector<std::int64_t> remap_steps; // 0-based steps preceded by a remap, increasing
    std::int64_t interval = 0;             // the fixed interval chosen, when the policy has one
};

// The policies, by the names the tools accept.
inline constexpr const char* kRemapPolicyNames[] = {"never",         "fixed-interval",
                                                    "stop-at-rise",  "predictive-interval",
                                                    "profitability", "dp-optimal"};
// Throws InvalidArgument naming the known policies when `name` is not one of them.
void check_remap_policy(const std::string& name);

// Total of a given set of remap steps (each in 1..steps-1, increasing).
RemapPlan evaluate_remaps(const RemapTimeModel& model, std::span<const double> remap_cost,
                          std::vector<std::int64_t> remap_steps, std::string name);

// Remap every f steps for the f in 1..steps with the least total (f = steps: never), the least f
// among equal totals. O(steps^2 x parts).
RemapPlan best_fixed_interval(const RemapTimeModel& model, std::span<const double> remap_cost);
// An online policy of online_policies.hpp (never, stop-at-rise, predictive-interval,
// profitability, ...) run over the trace: after each step but the last it may remap before
// the next, knowing only the steps so far.
RemapPlan online_remaps(const RemapTimeModel& model, std::span<const double> remap_cost,
                        const std::string& name, const OnlinePolicyOptions& options = {});
// The optimum over all remap sets by dynamic programming on the step of the last remap:
// Model A (004 section 2.3) whose configurations are "balanced before step r".
// O(steps^2 x parts) time, O(steps) memory.
RemapPlan optimal_remaps(const RemapTimeModel& model, std::span<const double> remap_cost);

// Policies next to the optimum, for the gap each leaves: what part-schedule policies reports.
struct RemapComparison {
    std::vector<RemapPlan> plans; // in the order named, then "dp-optimal" unless named
    double optimal_total = 0;
    // How far `plan` lies above the optimum, as a fraction (0 when the optimum is 0).
    double gap(const RemapPlan& plan) const;
};

// Runs the named policies (all of kRemapPolicyNames when `names` is empty) and the optimum,
// after them when it is not named; of the options only the horizon applies (profitability's).
// Throws InvalidArgument for an unknown name.
RemapComparison compare_with_optimum(const RemapTimeModel& model,
                                     std::span<const double> remap_cost,
                                     std::vector<std::string> names,
                                     const OnlinePolicyOptions& options = {});

} // namespace part
