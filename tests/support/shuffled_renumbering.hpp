#pragma once
// A vertex numbering that scatters neighbours, as a mesh generator's may: for tests of the
// code that renumbers such graphs for locality.
#include <cstdint>
#include <numeric>
#include <vector>

#include "libpart/order/locality_renumbering.hpp"
#include "libpart/order/permutation.hpp"

namespace part::test {

// A renumbering from the new ids' old ones.
inline Renumbering from_old_ids(std::vector<VertexId> old_of) {
    Renumbering r;
    r.new_of = inverse_permutation(old_of);
    r.old_of = std::move(old_of);
    return r;
}

// The vertices in a fixed pseudo-random order (Fisher-Yates with a linear congruential
// generator), as a renumbering.
inline Renumbering shuffled_renumbering(VertexId n) {
    std::vector<VertexId> old_of(static_cast<std::size_t>(n));
    std::iota(old_of.begin(), old_of.end(), 0);
    std::uint64_t state = 12345;
    for (VertexId i = n - 1; i > 0; --i) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        std::swap(old_of[std::size_t(i)],
                  old_of[std::size_t((state >> 33) % std::uint64_t(i + 1))]);
    }
    return from_old_ids(std::move(old_of));
}

} // namespace part::test
