#include "libpart/core/bounding_box.hpp"

#include <algorithm>

namespace part {

BoundingBox bounding_box(const Coordinates& coords) {
    BoundingBox box;
    if (coords.dim == 0) return box;
    const std::size_t n = coords.values.size() / std::size_t(coords.dim);
    for (std::size_t v = 0; v < n; ++v)
        for (int a = 0; a < coords.dim; ++a) {
            const double x = coords.values[v * std::size_t(coords.dim) + std::size_t(a)];
            box.lo[a] = std::min(box.lo[a], x);
            box.hi[a] = std::max(box.hi[a], x);
        }
    return box;
}

} // namespace part
