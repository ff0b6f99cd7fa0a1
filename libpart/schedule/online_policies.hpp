#pragma once
// Remap policies that decide step by step from what has been measured so far. The same
// objects drive the trace evaluation (remap_policies) and the simulator (libpart/simulate).
#include <cstdint>
#include <memory>
#include <string>

namespace part {

// What a policy sees after each step.
struct StepObservation {
    std::int64_t step = 0;        // 0-based step just measured
    std::int64_t steps = 0;       // steps in the whole run
    std::int64_t since_remap = 1; // steps measured since the last remap, this one included
    double idle = 0;              // imbalance cost of this step: slowest part minus the mean
    double idle_after_remap = 0;  // the same for the first step after the last remap
    double remap_cost = 0;        // (estimated) cost of remapping before the next step
};

class OnlineRemapPolicy {
  public:
    virtual ~OnlineRemapPolicy() = default;
    // True to remap before step observation.step + 1.
    virtual bool remap_after(const StepObservation& observation) = 0;
};

struct OnlinePolicyOptions {
    std::int64_t interval = 10; // for "fixed-interval"
    std::int64_t horizon = 10;  // for "profitability"
};

inline constexpr const char* kOnlinePolicyNames[] = {"never", "fixed-interval", "stop-at-rise",
                                                     "predictive-interval", "profitability"};

// Throws InvalidArgument naming the known policies when `name` is not one of them.
void check_online_policy(const std::string& name);

// One of kOnlinePolicyNames; throws InvalidArgument for another name.
std::unique_ptr<OnlineRemapPolicy> make_online_policy(const std::string& name,
                                                      const OnlinePolicyOptions& options);

} // namespace part
