#include "libpart/mesh/mesh_weights.hpp"

#include <cmath>
#include <numeric>

namespace part {

namespace {

Weight checked_weight(const MeshArray& array, std::size_t tuple, int component) {
    const double v = array.value(tuple, component);
    if (!std::isfinite(v) || v < 0 || v != std::floor(v) || v > double(INT32_MAX))
        throw InvalidArgument("array '" + array.name() + "' holds " + std::to_string(v) +
                              " at tuple " + std::to_string(tuple) +
                              ": weights must be non-negative integers below 2^31");
    return Weight(v);
}

} // namespace

std::vector<Weight> weights_from_array(const MeshArray& array, std::span<const CellId> tuples) {
    std::vector<Weight> weights;
    weights.reserve(tuples.size() * std::size_t(array.components()));
    for (CellId t : tuples)
        for (int c = 0; c < array.components(); ++c)
            weights.push_back(checked_weight(array, std::size_t(t), c));
    return weights;
}

std::vector<Weight> weights_from_array(const MeshArray& array) {
    std::vector<CellId> all(array.num_tuples());
    std::iota(all.begin(), all.end(), 0);
    return weights_from_array(array, all);
}

} // namespace part
