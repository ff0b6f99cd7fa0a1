#include "libpart/schedule/online_policies.hpp"

#include <algorithm>
#include <cmath>

#include "libpart/core/error.hpp"

namespace part {

namespace {

class NeverRemap final : public OnlineRemapPolicy {
  public:
    bool remap_after(const StepObservation&) override { return false; }
};

class FixedInterval final : public OnlineRemapPolicy {
  public:
    explicit FixedInterval(std::int64_t interval) : interval_(interval) {}
    bool remap_after(const StepObservation& seen) override { return seen.since_remap >= interval_; }

  private:
    std::int64_t interval_;
};

// Stop-At-Rise (Nicol & Saltz; 004 section 3.3): W(n) = (idle over the n steps since the last
// remap + C) / n, the average cost per step of an interval ended by a remap now. Remap as
// soon as W rises.
class StopAtRise final : public OnlineRemapPolicy {
  public:
    bool remap_after(const StepObservation& seen) override {
        const double before = idle_so_far_;
        idle_so_far_ += seen.idle;
        const auto n = double(seen.since_remap);
        const bool rises = seen.since_remap >= 2 && (idle_so_far_ + seen.remap_cost) / n >
                                                        (before + seen.remap_cost) / (n - 1);
        if (rises) idle_so_far_ = 0;
        return rises;
    }

  private:
    double idle_so_far_ = 0;
};

// Ashok's predictive interval (003 chapter 10): with idle time growing at R per step and a
// remap costing C, the LILB overhead C/f + C_compute (L + R f / 2) is least at
// f = sqrt(2 C / (C_compute R)). Idle time is observed in time units, C_compute R included,
// so f = sqrt(2 C / growth of idle time per step). The interval after
// a remap is predicted from the rate of the interval it ends; without a rate (the first
// interval, or no growth) the rate is measured as the interval runs. The method measures
// from a balance point, so before the first remap the idle time is also taken to have grown
// from zero since the start: a run that starts unbalanced is rebalanced early.
class PredictiveInterval final : public OnlineRemapPolicy {
  public:
    bool remap_after(const StepObservation& seen) override {
        const auto since = double(seen.since_remap);
        const double growth =
            seen.since_remap > 1 ? (seen.idle - seen.idle_after_remap) / (since - 1) : 0.0;
        const double rate = balanced_once_ ? growth : std::max(growth, seen.idle / since);
        bool remap = false;
        if (planned_ > 0)
            remap = seen.since_remap >= planned_;
        else if (rate > 0)
            remap = since >= std::sqrt(2 * seen.remap_cost / rate);
        if (remap) { // the next interval assumes the idle time grows as it did in this one
            planned_ = growth > 0 ? std::max<std::int64_t>(
                                        1, std::llround(std::sqrt(2 * seen.remap_cost / growth)))
                                  : 0;
            balanced_once_ = true;
        }
        return remap;
    }

  private:
    std::int64_t planned_ = 0;
    bool balanced_once_ = false;
};

// Profitability (000 section 3.5; amortization as in 001 Table 4): remap when the idle time
// just measured, saved on each of the next `horizon` steps (fewer near the end), exceeds the
// cost of the remap.
class Profitability final : public OnlineRemapPolicy {
  public:
    explicit Profitability(std::int64_t horizon) : horizon_(horizon) {}
    bool remap_after(const StepObservation& seen) override {
        const std::int64_t ahead = std::min(horizon_, seen.steps - 1 - seen.step);
        return seen.idle * double(ahead) > seen.remap_cost;
    }

  private:
    std::int64_t horizon_;
};

} // namespace

void check_online_policy(const std::string& name) {
    if (std::find(std::begin(kOnlinePolicyNames), std::end(kOnlinePolicyNames), name) ==
        std::end(kOnlinePolicyNames))
        throw InvalidArgument("unknown policy '" + name +
                              "': expected never, fixed-interval, stop-at-rise, "
                              "predictive-interval or profitability");
}

std::unique_ptr<OnlineRemapPolicy> make_online_policy(const std::string& name,
                                                      const OnlinePolicyOptions& options) {
    check_online_policy(name);
    if (options.interval < 1) throw InvalidArgument("the remap interval must be at least 1 step");
    if (options.horizon < 1)
        throw InvalidArgument("the profitability horizon must be at least 1 step");
    if (name == "never") return std::make_unique<NeverRemap>();
    if (name == "fixed-interval") return std::make_unique<FixedInterval>(options.interval);
    if (name == "stop-at-rise") return std::make_unique<StopAtRise>();
    if (name == "predictive-interval") return std::make_unique<PredictiveInterval>();
    return std::make_unique<Profitability>(options.horizon);
}

} // namespace part
