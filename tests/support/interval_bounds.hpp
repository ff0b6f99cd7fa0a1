#pragma once
// Brute force for the interval dynamic programs' tests: every way to cut a line into
// non-empty intervals, each within its own weight allowance.
#include <functional>
#include <vector>

#include "libpart/repart/interval_arrangement.hpp"

namespace part::test {

// Calls visit(bounds) for every bounds 0 = b0 < b1 < ... < b_parts = n with interval j
// weighing at most allowance[j].
inline void for_each_bounds(const LineLayout& line, const std::vector<WeightSum>& allowance,
                            const std::function<void(const std::vector<VertexId>&)>& visit) {
    const auto parts = PartId(allowance.size());
    const VertexId n = line.size();
    const auto& prefix = line.weight_prefix;
    std::vector<VertexId> bounds(std::size_t(parts) + 1, 0);
    bounds.back() = n;
    auto place = [&](auto&& self, PartId j) -> void {
        if (j == parts) {
            if (prefix[n] - prefix[bounds[parts - 1]] <= allowance[parts - 1]) visit(bounds);
            return;
        }
        for (VertexId b = bounds[j - 1] + 1; b <= n - (parts - j); ++b) {
            if (prefix[b] - prefix[bounds[j - 1]] > allowance[j - 1]) break;
            bounds[j] = b;
            self(self, j + 1);
        }
    };
    place(place, 1);
}

} // namespace part::test
