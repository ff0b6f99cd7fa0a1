#pragma once
// Eigen-decomposition of symmetric matrices of order at most 3 (cyclic Jacobi), used for the
// inertia tensor of inertial bisection and the Rayleigh-Ritz step of the Fiedler solver.
#include <array>

namespace part {

struct SmallEigen {
    std::array<double, 3> values{};  // ascending
    std::array<double, 9> vectors{}; // column j (vectors[i * 3 + j]) belongs to values[j]
};

// `matrix` is row-major with stride 3; only the leading `order` x `order` block is used.
SmallEigen symmetric_eigen(std::array<double, 9> matrix, int order);

} // namespace part
