#pragma once
// The Hilbert curve as a finite-state machine: one step per level of the quantisation grid,
// reading the dim bits of that level and emitting dim bits of the key (the table form of
// Butz's algorithm, as in Lawder's and Hamilton's work). Skilling's transpose algorithm
// costs about fifty operations per level and axis; the machine costs two table loads per
// level, which matters when a million points are keyed.
#include <array>
#include <cstdint>
#include <vector>

namespace part {

class CurveAutomaton {
  public:
    // Derives the states by probing `reference` (a full Hilbert key function of
    // (cell, dim, bits) whose top levels do not depend on `bits`) level by level: a state is
    // the order in which it visits its sub-cells, which fixes its orientation.
    using KeyFunction = std::uint64_t (*)(std::array<std::uint32_t, 3>, int, int);
    CurveAutomaton(int dim, KeyFunction reference);

    // The key of the cell whose Morton key (its coordinates' bits interleaved, axis 0 first)
    // is `morton`: the machine reads one child index, dim bits, per level.
    std::uint64_t key_from_morton(std::uint64_t morton, int bits) const {
        const std::uint64_t mask = (std::uint64_t(1) << dim_) - 1;
        std::uint64_t k = 0;
        unsigned state = 0;
        for (int shift = dim_ * (bits - 1); shift >= 0; shift -= dim_) {
            const unsigned entry = state << dim_ | unsigned((morton >> shift) & mask);
            k = k << dim_ | digit_[entry];
            state = next_[entry];
        }
        return k;
    }

  private:
    int dim_;
    std::vector<std::uint8_t> digit_; // [state << dim | child]: the key's digit
    std::vector<std::uint8_t> next_;  // [state << dim | child]: the state inside that child
};

} // namespace part
