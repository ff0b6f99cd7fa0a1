#pragma once
// Synthetic time-varying workloads on a mesh: the weight of every cell (vertex) at each step,
// placed by the cells' coordinates.
//   hotspot - a Gaussian hot spot circling the domain once over the run;
//   wator   - a WaTor-like fish and shark population on a periodic 64 x 64 grid laid over
//             the domain; a cell's weight grows with the animals in its grid square;
//   front   - a refinement front sweeping along x once, multiplying the weights of the
//             cells it passes over by 8.
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "libpart/core/graph.hpp"

namespace part {

class Workload {
  public:
    virtual ~Workload() = default;
    // Weights (>= 1) of every vertex at `step`; steps must be asked for in order 0, 1, ...
    virtual void weights_at(std::int64_t step, std::span<double> weights) = 0;
};

inline constexpr const char* kWorkloadNames[] = {"hotspot", "wator", "front"};

// Throws InvalidArgument naming the known workloads when `name` is not one of them.
void check_workload(const std::string& name);

// Throws InvalidArgument for an unknown name, missing coordinates or steps < 1. `seed` drives
// the WaTor population; the same seed gives the same weights.
std::unique_ptr<Workload> make_workload(const std::string& name, const Coordinates& coords,
                                        std::int64_t steps, unsigned seed);

} // namespace part
