#pragma once
// Optimal schedule of configuration changes (Nicol & Saltz 1987, section 2.3, "Model A"):
// each step can run under one of several configurations (granularities, partitions) at a
// known cost, and switching configuration before a step costs that step's remap cost.
#include <cstdint>
#include <span>
#include <vector>

namespace part {

// Cost of every step under every configuration, row-major: value(step, config).
struct StepCosts {
    std::int64_t steps = 0;
    int configs = 0;
    std::vector<double> values;

    double at(std::int64_t step, int config) const {
        return values[std::size_t(step) * std::size_t(configs) + std::size_t(config)];
    }
};

struct ConfigurationSchedule {
    double total = 0;                      // step costs plus remap costs
    double remap_total = 0;                // the remap costs alone
    std::vector<int> config_per_step;      // configuration of each step, 0-based
    std::vector<std::int64_t> remap_steps; // 0-based steps preceded by a change of configuration
};

// Throws InvalidArgument unless there is one finite, non-negative remap cost per step.
void check_remap_costs(std::span<const double> remap_cost, std::int64_t steps);

// The minimum-cost schedule. remap_cost[i] is the cost of changing configuration just before
// step i (remap_cost[0] is ignored: the first configuration is chosen freely). Ties prefer
// keeping the configuration, then the lowest configuration index, so results are
// deterministic. O(steps x configs) time. Throws InvalidArgument on empty or negative input.
ConfigurationSchedule optimal_configuration_schedule(const StepCosts& costs,
                                                     std::span<const double> remap_cost);

} // namespace part
