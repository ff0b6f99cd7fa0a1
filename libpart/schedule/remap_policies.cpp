#include "libpart/schedule/remap_policies.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "libpart/core/error.hpp"
#include "libpart/schedule/configuration_schedule.hpp"

namespace part {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

RemapTimeModel::RemapTimeModel(const LoadTrace& trace, double time_per_load)
    : trace_(trace), time_per_load_(time_per_load) {
    if (!std::isfinite(time_per_load) || time_per_load <= 0)
        throw InvalidArgument("the time per unit of load must be positive");
    if (trace.steps < 1 || trace.parts < 1)
        throw InvalidArgument("empty load trace: expected at least one step and part");
    if (trace.loads.size() != std::size_t(trace.steps) * std::size_t(trace.parts))
        throw InvalidArgument("load trace has " + std::to_string(trace.loads.size()) +
                              " values, expected steps x parts");
    mean_.assign(std::size_t(trace.steps), 0.0);
    for (std::int64_t t = 0; t < trace.steps; ++t) {
        double sum = 0;
        for (int p = 0; p < trace.parts; ++p) {
            const double load = trace.at(t, p);
            if (!std::isfinite(load) || load < 0)
                throw InvalidArgument("loads must be finite and >= 0");
            sum += load;
        }
        mean_[std::size_t(t)] = sum / trace.parts;
    }
}

double RemapTimeModel::step_time(std::int64_t t, std::int64_t last_remap) const {
    if (last_remap == 0) {
        double heaviest = 0;
        for (int p = 0; p < trace_.parts; ++p) heaviest = std::max(heaviest, trace_.at(t, p));
        return time_per_load_ * heaviest;
    }
    const std::int64_t measured = last_remap - 1;
    double drift = -kInfinity;
    for (int p = 0; p < trace_.parts; ++p)
        drift = std::max(drift, trace_.at(t, p) - trace_.at(measured, p));
    return time_per_load_ * (mean_[std::size_t(measured)] + drift);
}

void check_remap_policy(const std::string& name) {
    if (std::find(std::begin(kRemapPolicyNames), std::end(kRemapPolicyNames), name) ==
        std::end(kRemapPolicyNames))
        throw InvalidArgument(
            "unknown policy '" + name +
            "': expected never, fixed-interval, stop-at-rise, predictive-interval, "
            "profitability or dp-optimal");
}

RemapPlan evaluate_remaps(const RemapTimeModel& model, std::span<const double> remap_cost,
                          std::vector<std::int64_t> remap_steps, std::string name) {
    check_remap_costs(remap_cost, model.steps());
    RemapPlan plan;
    plan.name = std::move(name);
    std::size_t next = 0;
    std::int64_t last_remap = 0;
    for (std::int64_t t = 0; t < model.steps(); ++t) {
        if (next < remap_steps.size() && remap_steps[next] == t) {
            if (t == 0 || (next > 0 && remap_steps[next - 1] >= t))
                throw InvalidArgument("remap steps must increase and lie in 1..steps-1");
            plan.remap_total += remap_cost[std::size_t(t)];
            last_remap = t;
            ++next;
        }
        plan.total += model.step_time(t, last_remap);
    }
    if (next != remap_steps.size())
        throw InvalidArgument("remap steps must increase and lie in 1..steps-1");
    plan.total += plan.remap_total;
    plan.remap_steps = std::move(remap_steps);
    return plan;
}

RemapPlan online_remaps(const RemapTimeModel& model, std::span<const double> remap_cost,
                        const std::string& name, const OnlinePolicyOptions& options) {
    check_remap_costs(remap_cost, model.steps());
    const std::unique_ptr<OnlineRemapPolicy> policy = make_online_policy(name, options);
    std::vector<std::int64_t> remaps;
    std::int64_t last_remap = 0;
    for (std::int64_t t = 0; t + 1 < model.steps(); ++t) {
        const StepObservation seen{.step = t,
                                   .steps = model.steps(),
                                   .since_remap = t - last_remap + 1,
                                   .idle = model.imbalance_cost(t, last_remap),
                                   .idle_after_remap = model.imbalance_cost(last_remap, last_remap),
                                   .remap_cost = remap_cost[std::size_t(t + 1)]};
        if (policy->remap_after(seen)) {
            last_remap = t + 1;
            remaps.push_back(last_remap);
        }
    }
    return evaluate_remaps(model, remap_cost, std::move(remaps), name);
}

RemapPlan best_fixed_interval(const RemapTimeModel& model, std::span<const double> remap_cost) {
    RemapPlan best;
    // f = steps is "every f steps" with no remap inside the trace. f = 1 is kept even when its
    // total is inf, so that the result is always one of the plans, named and with its interval.
    for (std::int64_t f = 1; f <= model.steps(); ++f) {
        std::vector<std::int64_t> remaps;
        for (std::int64_t r = f; r < model.steps(); r += f) remaps.push_back(r);
        RemapPlan plan = evaluate_remaps(model, remap_cost, std::move(remaps), "fixed-interval");
        if (f == 1 || plan.total < best.total) {
            best = std::move(plan);
            best.interval = f;
        }
    }
    return best;
}

RemapPlan optimal_remaps(const RemapTimeModel& model, std::span<const double> remap_cost) {
    check_remap_costs(remap_cost, model.steps());
    const std::int64_t steps = model.steps();
    // reach[r]: least cost of steps 0..r-1 plus remaps, given a remap before step r (r >= 1);
    // reach[0] = 0 stands for the initial partition. from[r]: the remap before that one.
    // Relaxing forward from each r in increasing order finalizes reach[r] before it is used.
    std::vector<double> reach(std::size_t(steps), kInfinity);
    std::vector<std::int64_t> from(std::size_t(steps), 0);
    reach[0] = 0;
    double best_total = kInfinity;
    std::int64_t best_last = 0;
    for (std::int64_t r = 0; r < steps; ++r) {
        if (reach[std::size_t(r)] == kInfinity) continue;
        double cost = reach[std::size_t(r)];
        for (std::int64_t t = r; t < steps; ++t) {
            cost += model.step_time(t, r);
            if (t + 1 < steps) {
                const double candidate = cost + remap_cost[std::size_t(t + 1)];
                if (candidate < reach[std::size_t(t + 1)]) {
                    reach[std::size_t(t + 1)] = candidate;
                    from[std::size_t(t + 1)] = r;
                }
            } else if (cost < best_total) {
                best_total = cost;
                best_last = r;
            }
        }
    }
    std::vector<std::int64_t> remaps;
    for (std::int64_t r = best_last; r > 0; r = from[std::size_t(r)]) remaps.push_back(r);
    std::reverse(remaps.begin(), remaps.end());
    return evaluate_remaps(model, remap_cost, std::move(remaps), "dp-optimal");
}

double RemapComparison::gap(const RemapPlan& plan) const {
    return optimal_total > 0 ? plan.total / optimal_total - 1 : 0.0;
}

RemapComparison compare_with_optimum(const RemapTimeModel& model,
                                     std::span<const double> remap_cost,
                                     std::vector<std::string> names,
                                     const OnlinePolicyOptions& options) {
    if (names.empty()) names.assign(std::begin(kRemapPolicyNames), std::end(kRemapPolicyNames));
    if (std::find(names.begin(), names.end(), "dp-optimal") == names.end())
        names.push_back("dp-optimal");
    for (const std::string& name : names) check_remap_policy(name);
    RemapComparison comparison;
    for (const std::string& name : names) {
        if (name == "fixed-interval")
            comparison.plans.push_back(best_fixed_interval(model, remap_cost));
        else if (name == "dp-optimal")
            comparison.plans.push_back(optimal_remaps(model, remap_cost));
        else if (name == "profitability")
            comparison.plans.push_back(
                online_remaps(model, remap_cost, name, {.horizon = options.horizon}));
        else
            comparison.plans.push_back(online_remaps(model, remap_cost, name));
    }
    comparison.optimal_total =
        std::find_if(comparison.plans.begin(), comparison.plans.end(), [](const RemapPlan& p) {
            return p.name == "dp-optimal";
        })->total;
    return comparison;
}

} // namespace part
