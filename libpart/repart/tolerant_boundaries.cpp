#include "libpart/repart/tolerant_boundaries.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "libpart/repart/line_window.hpp"

namespace part {

std::optional<std::vector<VertexId>>
tolerant_boundaries(const LineLayout& line, const std::vector<double>& targets,
                    const std::vector<PartId>& rank, std::span<const PartId> arrangement,
                    double tolerance, std::size_t max_entries) {
    const auto parts = VertexId(arrangement.size());
    const VertexId n = line.size();
    const auto& prefix = line.weight_prefix;
    if (!(tolerance > 0) || parts < 1 || n < parts) return std::nullopt;
    const double total = double(prefix.back());
    std::vector<WeightSum> allowance(static_cast<std::size_t>(parts));
    std::vector<WeightSum> before(std::size_t(parts) + 1, 0), after(std::size_t(parts) + 1, 0);
    for (VertexId j = 0; j < parts; ++j)
        allowance[j] = WeightSum(std::floor((1 + tolerance) * targets[arrangement[j]] * total));
    for (VertexId j = 0; j < parts; ++j) before[j + 1] = before[j] + allowance[j];
    for (VertexId j = parts; j-- > 0;) after[j] = after[j + 1] + allowance[j];
    // Window of boundary j: the parts before it and after it must fit their allowances.
    std::vector<VertexId> lo(std::size_t(parts) + 1), hi(std::size_t(parts) + 1);
    std::size_t entries = 0;
    for (VertexId j = 0; j <= parts; ++j) {
        std::tie(lo[j], hi[j]) = boundary_window(prefix, j, parts, before[j], after[j]);
        if (lo[j] > hi[j]) return std::nullopt;
        entries += std::size_t(hi[j] - lo[j] + 1);
        if (entries > max_entries) return std::nullopt;
    }
    // best[j][b - lo[j]]: most size kept by intervals 0..j-1 ending at b; start[j]: where
    // interval j-1 starts for it.
    std::vector<std::vector<WeightSum>> best(std::size_t(parts) + 1);
    std::vector<std::vector<VertexId>> start(std::size_t(parts) + 1);
    best[0] = {0};
    start[0] = {0};
    std::vector<WeightSum> shifted;
    for (VertexId j = 0; j < parts; ++j) {
        const PartId owner = rank[arrangement[j]];
        best[j + 1].assign(std::size_t(hi[j + 1] - lo[j + 1] + 1), kUnreachableStart);
        start[j + 1].assign(best[j + 1].size(), -1);
        shifted.assign(best[j].size(), kUnreachableStart);
        for (VertexId a = lo[j]; a <= hi[j]; ++a)
            if (best[j][a - lo[j]] != kUnreachableStart)
                shifted[a - lo[j]] = best[j][a - lo[j]] - line.kept_before(owner, a);
        for_best_starts(
            prefix, allowance[j], lo[j], hi[j], lo[j + 1], hi[j + 1],
            [&](VertexId a) { return shifted[a - lo[j]]; },
            [&](VertexId b, VertexId a) {
                best[j + 1][b - lo[j + 1]] = shifted[a - lo[j]] + line.kept_before(owner, b);
                start[j + 1][b - lo[j + 1]] = a;
            });
    }
    if (best[parts][0] == kUnreachableStart) return std::nullopt;
    std::vector<VertexId> bounds(std::size_t(parts) + 1, n);
    for (VertexId j = parts; j > 0; --j) bounds[j - 1] = start[j][bounds[j] - lo[j]];
    return bounds;
}

} // namespace part
