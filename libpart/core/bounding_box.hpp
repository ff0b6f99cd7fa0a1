#pragma once
// The axis-aligned box around a set of points, for methods that quantise or cut space.
#include <array>
#include <cmath>

#include "libpart/core/graph.hpp"

namespace part {

struct BoundingBox {
    // Axes beyond the coordinates' dimension, and every axis of an empty set, keep lo = +inf
    // and hi = -inf: the identity of a min/max reduction, so boxes of pieces combine.
    std::array<double, 3> lo{INFINITY, INFINITY, INFINITY};
    std::array<double, 3> hi{-INFINITY, -INFINITY, -INFINITY};

    double extent(int axis) const { return hi[axis] > lo[axis] ? hi[axis] - lo[axis] : 0; }
};

// The smallest box holding every point of `coords`. O(n dim).
BoundingBox bounding_box(const Coordinates& coords);

} // namespace part
