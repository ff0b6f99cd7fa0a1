#pragma once
// Space-filling curve orderings (Kaddoura & Ranka, section 3.1: a one-dimensional locality
// ordering good for any number of contiguous blocks). Points are quantised on a cube grid
// with 32 bits per axis in 2D and 21 in 3D (64-bit keys), so meshes graded over many orders
// of magnitude still get distinct cells.
#include <array>
#include <cstdint>

#include "libpart/core/bounding_box.hpp"
#include "libpart/core/graph.hpp"
#include "libpart/order/permutation.hpp"

namespace part {

// Bits per axis of the keys for a given dimension (1D: 63, 2D: 32, 3D: 21).
int curve_bits_per_axis(int dim);

// Hilbert index of a cell: `cell` holds `dim` coordinates of `bits` bits each. Consecutive
// indices are cells sharing a face. Computed by a state machine (curve_automaton.hpp)
// derived from the reference below, whose values it reproduces.
std::uint64_t hilbert_key(const std::array<std::uint32_t, 3>& cell, int dim, int bits);

// The reference: Skilling's transpose algorithm ("Programming the Hilbert curve", 2004).
std::uint64_t hilbert_key_by_transpose(std::array<std::uint32_t, 3> cell, int dim, int bits);

// Morton (Z-order) index: the bits of the axes interleaved.
std::uint64_t morton_key(const std::array<std::uint32_t, 3>& cell, int dim, int bits);

class CurveAutomaton;

// Where a point lies on the curve: the cube of the row of cubes covering the domain along
// its longest axis, and the key inside that cube. Points are ordered by (cube, key).
struct CurvePlace {
    std::uint64_t key;
    std::uint32_t cube;
};

// The quantisation of a domain, given by its bounding box, onto the curve's cells. Points
// placed in the same frame can be ordered together, wherever they are held (the distributed
// ordering places each rank's points in the frame of the global bounding box).
class CurveFrame {
  public:
    enum class Curve { Hilbert, Morton };
    CurveFrame(int dim, const BoundingBox& box, Curve curve);
    CurvePlace place(const double* point) const; // `dim` coordinates

  private:
    int dim_, bits_;
    std::array<double, 3> lo_;
    std::array<int, 3> axis_{0, 1, 2};
    double cubes_ = 1, cells_ = 1, scale_ = 0;
    const CurveAutomaton* automaton_ = nullptr;
};

// Orderings of the vertices by their coordinates' curve index, ties by vertex id.
// Throw InvalidArgument when the graph has no (finite) coordinates. O(n log n).
Permutation hilbert_order(const Graph& graph);
Permutation morton_order(const Graph& graph);

} // namespace part
