#include "libpart/order/space_filling_curve.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <parallel/algorithm>
#include <tuple>

#include "libpart/core/error.hpp"
#include "libpart/order/coordinates_check.hpp"
#include "libpart/order/curve_automaton.hpp"

namespace part {

int curve_bits_per_axis(int dim) {
    return dim == 1 ? 63 : dim == 2 ? 32 : 21;
}

std::uint64_t hilbert_key_by_transpose(std::array<std::uint32_t, 3> x, int dim, int bits) {
    if (dim == 1) return x[0];
    // Undo excess work (inverse of the rotations), then Gray-encode: Skilling's AxesToTranspose,
    // written without branches (the bit tests are unpredictable, so branches cost more than
    // the arithmetic).
    const std::uint32_t top = std::uint32_t(1) << (bits - 1);
    for (std::uint32_t q = top; q > 1; q >>= 1) {
        const std::uint32_t p = q - 1;
        for (int i = 0; i < dim; ++i) {
            const std::uint32_t set = 0u - ((x[i] & q) != 0); // all ones when the bit is set
            const std::uint32_t t = (x[0] ^ x[i]) & p & ~set; // swap low bits when it is clear
            x[0] ^= (p & set) | t;                            // invert low bits when it is set
            x[i] ^= t;
        }
    }
    for (int i = 1; i < dim; ++i) x[i] ^= x[i - 1];
    std::uint32_t t = 0;
    for (std::uint32_t q = top; q > 1; q >>= 1) t ^= (q - 1) & (0u - ((x[dim - 1] & q) != 0));
    for (int i = 0; i < dim; ++i) x[i] ^= t;
    return morton_key(x, dim, bits); // the transposed form read bit-plane by bit-plane
}

namespace {

// Spreads the low 21 bits of v to every third bit, and the low 32 to every second bit.
std::uint64_t spread_by_3(std::uint64_t v) {
    v &= 0x1fffff;
    v = (v | v << 32) & 0x1f00000000ffffULL;
    v = (v | v << 16) & 0x1f0000ff0000ffULL;
    v = (v | v << 8) & 0x100f00f00f00f00fULL;
    v = (v | v << 4) & 0x10c30c30c30c30c3ULL;
    v = (v | v << 2) & 0x1249249249249249ULL;
    return v;
}

std::uint64_t spread_by_2(std::uint64_t v) {
    v &= 0xffffffffULL;
    v = (v | v << 16) & 0x0000ffff0000ffffULL;
    v = (v | v << 8) & 0x00ff00ff00ff00ffULL;
    v = (v | v << 4) & 0x0f0f0f0f0f0f0f0fULL;
    v = (v | v << 2) & 0x3333333333333333ULL;
    v = (v | v << 1) & 0x5555555555555555ULL;
    return v;
}

} // namespace

std::uint64_t morton_key(const std::array<std::uint32_t, 3>& x, int dim, int bits) {
    if (dim == 3 && bits == 21)
        return spread_by_3(x[0]) << 2 | spread_by_3(x[1]) << 1 | spread_by_3(x[2]);
    if (dim == 2 && bits == 32) return spread_by_2(x[0]) << 1 | spread_by_2(x[1]);
    std::uint64_t key = 0; // other sizes (the tests' small grids)
    for (int b = bits - 1; b >= 0; --b)
        for (int i = 0; i < dim; ++i) key = (key << 1) | ((x[i] >> b) & 1u);
    return key;
}

namespace {

const CurveAutomaton& hilbert_automaton(int dim) {
    static const CurveAutomaton curve2(2, hilbert_key_by_transpose);
    static const CurveAutomaton curve3(3, hilbert_key_by_transpose);
    return dim == 2 ? curve2 : curve3;
}

} // namespace

std::uint64_t hilbert_key(const std::array<std::uint32_t, 3>& cell, int dim, int bits) {
    if (dim == 1) return cell[0];
    return hilbert_automaton(dim).key_from_morton(morton_key(cell, dim, bits), bits);
}

// The domain is quantised on cubic cells (square cells keep the curve's locality the same in
// every direction). An elongated domain is covered by a row of cubes along its longest axis,
// traversed one after the other: the curve runs from a cube's origin to its far corner on
// the first axis, which touches the next cube's origin, so the curve stays continuous and
// does not waste its top levels on empty space.
CurveFrame::CurveFrame(int dim, const BoundingBox& box, Curve curve)
    : dim_(dim), bits_(curve_bits_per_axis(dim)), lo_(box.lo) {
    if (dim < 1 || dim > 3) throw InvalidArgument("curve frame: dimension must be 1 to 3");
    std::array<double, 3> extent{0, 0, 0};
    for (int a = 0; a < dim; ++a) extent[a] = box.hi[a] - box.lo[a];
    // The longest axis becomes the curve's first axis; the others keep their order.
    const int longest =
        int(std::max_element(extent.begin(), extent.begin() + dim) - extent.begin());
    std::rotate(axis_.begin(), axis_.begin() + longest, axis_.begin() + dim);
    double side = 0; // the cube edge: the widest of the other axes
    for (int a = 1; a < dim; ++a) side = std::max(side, extent[axis_[a]]);
    cubes_ = side > 0 ? std::min(std::floor(extent[longest] / side), 65536.0) : 1;
    const double edge = std::max(extent[longest] / std::max(cubes_, 1.0), side);
    cells_ = std::ldexp(1.0, bits_); // 2^bits, exact in a double
    scale_ = edge > 0 ? cells_ / edge : 0;
    if (curve == Curve::Hilbert && dim >= 2) automaton_ = &hilbert_automaton(dim);
}

CurvePlace CurveFrame::place(const double* point) const {
    const int longest = axis_[0];
    const double along = (point[longest] - lo_[longest]) * scale_;
    const double cube = std::min(std::floor(along / cells_), std::max(cubes_ - 1, 0.0));
    std::array<std::uint64_t, 3> q{0, 0, 0};
    for (int a = 0; a < dim_; ++a) {
        const double x =
            a == 0 ? along - cube * cells_ : (point[axis_[a]] - lo_[axis_[a]]) * scale_;
        q[a] = std::uint64_t(std::min(std::max(std::floor(x), 0.0), cells_ - 1));
    }
    if (dim_ == 1) return {q[0], 0}; // one axis keeps 63 bits
    const std::array<std::uint32_t, 3> cell{std::uint32_t(q[0]), std::uint32_t(q[1]),
                                            std::uint32_t(q[2])};
    const std::uint64_t morton = morton_key(cell, dim_, bits_);
    return {automaton_ ? automaton_->key_from_morton(morton, bits_) : morton, std::uint32_t(cube)};
}

namespace {

struct CurveRecord {
    std::uint64_t key;
    std::uint32_t cube;
    VertexId vertex;
};

// Positions of the vertices ordered by (cube, key, vertex).
Permutation order_by_curve(const Graph& graph, const char* method, CurveFrame::Curve curve) {
    require_coordinates(graph, method);
    const int dim = graph.coords.dim;
    const VertexId n = graph.num_vertices();
    if (n == 0) return {};
    const CurveFrame frame(dim, bounding_box(graph.coords), curve);
    std::vector<CurveRecord> keyed(static_cast<std::size_t>(n));
#pragma omp parallel for schedule(static)
    for (VertexId v = 0; v < n; ++v) {
        const CurvePlace place = frame.place(graph.coords.values.data() + std::size_t(v) * dim);
        keyed[std::size_t(v)] = {place.key, place.cube, v};
    }
    // libstdc++'s parallel sort (OpenMP): the order is total (vertex ids break ties), so the
    // result is the same for any number of threads.
    __gnu_parallel::sort(
        keyed.begin(), keyed.end(), [](const CurveRecord& a, const CurveRecord& b) {
            return std::tie(a.cube, a.key, a.vertex) < std::tie(b.cube, b.key, b.vertex);
        });
    Permutation positions(static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < keyed.size(); ++i)
        positions[std::size_t(keyed[i].vertex)] = VertexId(i);
    return positions;
}

} // namespace

Permutation hilbert_order(const Graph& graph) {
    return order_by_curve(graph, "hilbert", CurveFrame::Curve::Hilbert);
}
Permutation morton_order(const Graph& graph) {
    return order_by_curve(graph, "morton", CurveFrame::Curve::Morton);
}

} // namespace part
