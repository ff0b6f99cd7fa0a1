#pragma once
// The physics: an explicit finite-volume heat equation on the cells,
//   u_new[c] = u[c] + dt * sum over face neighbours n of c (ascending global id) k (u[n] - u[c])
//              + (heating of c by the source over the step),
// with a hot ball moving along x across the domain. Inside the ball the heating
// du/dt = rate (hot - u) is integrated with `sub_steps` explicit sub-steps: that is the extra
// work that unbalances the ranks. Every cell's update reads only values and a fixed summation
// order, so the result is the same bits on any number of ranks and any partition.
#include <cstdint>
#include <span>
#include <vector>

#include "examples/demo_solver/cell_mesh.hpp"

namespace demo {

struct HeatSource {
    double radius = 0.1;        // fraction of the domain's largest extent
    std::int64_t period = 1000; // steps for one crossing of the domain along x
    // Explicit sub-steps of the heating per step inside the ball: a stiff source (chemistry,
    // say) costing two orders of magnitude more than the transport update, so that the ranks
    // holding it fall far behind. With a fifth of it the remaps cost about what they save
    // (bench/RESULTS.md, issue 28).
    int sub_steps = 1000;
    double rate = 1.0;
    double hot = 1.0; // temperature the heating drives the cells to
};

class HeatModel {
  public:
    HeatModel(const CellMesh& mesh, const HeatSource& source);
    double dt() const { return dt_; }
    // Whether the source covers cell c during step `step`.
    bool heated(std::int32_t cell, std::int64_t step) const;
    // The work of cell c at step `step` in floating-point terms: one per neighbour and one more,
    // plus one per heating sub-step: the weights the repartitioning balances.
    std::int32_t work(std::int32_t cell, std::int64_t step) const;
    std::vector<std::int32_t> work(std::int64_t step) const;
    // One step on this rank's cells: `values` holds the owned cells then the ghosts (as
    // LocalCells), `next` receives the owned cells' new values.
    void advance(const LocalCells& local, std::span<const double> values, std::int64_t step,
                 std::span<double> next) const;

  private:
    double heating(double u) const;
    const CellMesh& mesh_;
    HeatSource source_;
    double conductivity_ = 1.0, dt_ = 0, radius_ = 0;
};

} // namespace demo
