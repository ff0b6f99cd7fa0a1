#include "libpart/schedule/configuration_schedule.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "libpart/core/error.hpp"

namespace part {

void check_remap_costs(std::span<const double> remap_cost, std::int64_t steps) {
    if (remap_cost.size() != std::size_t(steps))
        throw InvalidArgument("expected one remap cost per step (" + std::to_string(steps) +
                              "), found " + std::to_string(remap_cost.size()));
    for (double c : remap_cost)
        if (!std::isfinite(c) || c < 0)
            throw InvalidArgument("remap costs must be finite and >= 0");
}

ConfigurationSchedule optimal_configuration_schedule(const StepCosts& costs,
                                                     std::span<const double> remap_cost) {
    if (costs.steps < 1 || costs.configs < 1)
        throw InvalidArgument("a schedule needs at least one step and one configuration");
    if (costs.values.size() != std::size_t(costs.steps) * std::size_t(costs.configs))
        throw InvalidArgument("step cost table has " + std::to_string(costs.values.size()) +
                              " values, expected steps x configurations");
    check_remap_costs(remap_cost, costs.steps);
    for (double c : costs.values)
        if (!std::isfinite(c)) throw InvalidArgument("step costs must be finite");
    const std::int64_t steps = costs.steps;
    const int configs = costs.configs;

    // A[i][j] = F[i][j] + min(A[i-1][j], min_k A[i-1][k] + M[i]) (section 2.3). Only the
    // previous row is kept; the running minimum of that row makes each step O(configs).
    // came_by_remap[i][j] and best_previous[i] let the schedule be recovered backwards.
    const std::size_t width = static_cast<std::size_t>(configs);
    std::vector<double> previous(width), current(width);
    std::vector<unsigned char> came_by_remap(std::size_t(steps) * std::size_t(configs), 0);
    std::vector<int> best_previous(std::size_t(steps), 0);

    for (int j = 0; j < configs; ++j) previous[std::size_t(j)] = costs.at(0, j);
    for (std::int64_t i = 1; i < steps; ++i) {
        int best = 0;
        for (int k = 1; k < configs; ++k)
            if (previous[std::size_t(k)] < previous[std::size_t(best)]) best = k;
        best_previous[std::size_t(i)] = best;
        const double via_remap = previous[std::size_t(best)] + remap_cost[std::size_t(i)];
        for (int j = 0; j < configs; ++j) {
            const bool remap = via_remap < previous[std::size_t(j)];
            came_by_remap[std::size_t(i) * std::size_t(configs) + std::size_t(j)] = remap;
            current[std::size_t(j)] =
                costs.at(i, j) + (remap ? via_remap : previous[std::size_t(j)]);
        }
        previous.swap(current);
    }

    ConfigurationSchedule schedule;
    int config = 0;
    for (int j = 1; j < configs; ++j)
        if (previous[std::size_t(j)] < previous[std::size_t(config)]) config = j;
    schedule.total = previous[std::size_t(config)];
    schedule.config_per_step.assign(std::size_t(steps), 0);
    for (std::int64_t i = steps - 1; i >= 0; --i) {
        schedule.config_per_step[std::size_t(i)] = config;
        if (i > 0 && came_by_remap[std::size_t(i) * std::size_t(configs) + std::size_t(config)]) {
            schedule.remap_steps.push_back(i);
            schedule.remap_total += remap_cost[std::size_t(i)];
            config = best_previous[std::size_t(i)];
        }
    }
    std::reverse(schedule.remap_steps.begin(), schedule.remap_steps.end());
    return schedule;
}

} // namespace part
