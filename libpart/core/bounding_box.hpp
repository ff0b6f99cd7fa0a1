#pragma once
// The axis-aligned box around a set of points, for methods that quantise or cut space.
#include <algorithm>
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
    // Grows the box to hold `other` too.
    void include(const BoundingBox& other) {
        for (int axis = 0; axis < 3; ++axis) {
            lo[axis] = std::min(lo[axis], other.lo[axis]);
            hi[axis] = std::max(hi[axis], other.hi[axis]);
        }
    }
};

// The smallest box holding every point of `coords`. O(n dim).
BoundingBox bounding_box(const Coordinates& coords);

} // namespace part
