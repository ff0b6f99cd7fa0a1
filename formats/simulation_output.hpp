#pragma once
// What part-simulate writes: one CSV row per policy and step, and the SVG picture of
// per-step time and imbalance for each policy.
//
//   policy,step,time,max_load,mean_load,imbalance,communication,remapped,moved,remap_cost
//   never,1,1234.5,1234.5,1100.2,1.122,310,0,0,0
#include <string>
#include <vector>

#include "libpart/simulate/simulation.hpp"

namespace part::formats {

std::string simulation_csv(const std::vector<SimulationRun>& runs);
void write_simulation_csv(const std::string& path, const std::vector<SimulationRun>& runs);
// Per-step time and imbalance per policy, as SVG or PNG by the extension of `path`.
void write_simulation_plot(const std::string& path, const std::vector<SimulationRun>& runs);

} // namespace part::formats
