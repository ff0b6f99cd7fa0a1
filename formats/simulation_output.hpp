#pragma once
// What part-simulate writes: one CSV row per policy and step, and an SVG picture of
// per-step time and imbalance for each policy.
//
//   policy,step,time,max_load,mean_load,imbalance,communication,remapped,moved,remap_cost
//   never,1,1234.5,1234.5,1100.2,1.122,310,0,0,0
#include <optional>
#include <string>
#include <vector>

#include "formats/atomic_output.hpp"
#include "libpart/simulate/simulation.hpp"

namespace part::formats {

// The CSV and the picture, either of which may be unwanted (empty path). Their temporaries
// are reserved on construction, so an unwritable folder fails before a long simulation
// rather than after it; write() moves both into place together, so a failure leaves
// neither.
class SimulationOutputs {
  public:
    // Throws InvalidArgument if `plot_path` is no SVG target (check_plot_path), InputError if
    // a folder is not writable.
    SimulationOutputs(const std::string& csv_path, const std::string& plot_path);
    void write(const std::vector<SimulationRun>& runs);

  private:
    std::optional<PendingFile> csv_, plot_;
};

} // namespace part::formats
