#include "libpart/order/space_filling_curve.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "libpart/order/coordinates_check.hpp"

namespace part {

int curve_bits_per_axis(int dim) {
    return dim == 1 ? 63 : dim == 2 ? 32 : 21;
}

std::uint64_t hilbert_key(std::array<std::uint32_t, 3> x, int dim, int bits) {
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

// Quantises the points on cubic cells (square cells keep the curve's locality the same in
// every direction). An elongated domain is covered by a row of cubes along its longest axis,
// traversed one after the other: the curve runs from a cube's origin to its far corner on
// the first axis, which touches the next cube's origin, so the curve stays continuous and
// does not waste its top levels on empty space. Sorts by (cube, key, vertex).
template <typename KeyOf>
Permutation order_by_curve(const Graph& graph, const char* method, KeyOf key_of) {
    require_coordinates(graph, method);
    const int dim = graph.coords.dim;
    const int bits = curve_bits_per_axis(dim);
    const VertexId n = graph.num_vertices();
    if (n == 0) return {};
    std::array<double, 3> lo{0, 0, 0}, extent{0, 0, 0};
    for (int a = 0; a < dim; ++a) {
        double mn = INFINITY, mx = -INFINITY;
        for (VertexId v = 0; v < n; ++v) {
            mn = std::min(mn, graph.coords.at(v, a));
            mx = std::max(mx, graph.coords.at(v, a));
        }
        lo[a] = mn;
        extent[a] = mx - mn;
    }
    // The longest axis becomes the curve's first axis; the others keep their order.
    std::array<int, 3> axis{0, 1, 2};
    const int longest =
        int(std::max_element(extent.begin(), extent.begin() + dim) - extent.begin());
    std::rotate(axis.begin(), axis.begin() + longest, axis.begin() + dim);
    double side = 0; // the cube edge: the widest of the other axes
    for (int a = 1; a < dim; ++a) side = std::max(side, extent[axis[a]]);
    const double cubes = side > 0 ? std::min(std::floor(extent[longest] / side), 65536.0) : 1;
    const double edge = std::max(extent[longest] / std::max(cubes, 1.0), side);
    const double cells = std::ldexp(1.0, bits); // 2^bits, exact in a double
    const double scale = edge > 0 ? cells / edge : 0;
    struct Keyed {
        std::uint32_t cube;
        std::uint64_t key;
        VertexId vertex;
        bool operator<(const Keyed& o) const {
            return cube != o.cube ? cube < o.cube : key != o.key ? key < o.key : vertex < o.vertex;
        }
    };
    std::vector<Keyed> keyed(static_cast<std::size_t>(n));
    for (VertexId v = 0; v < n; ++v) {
        const double along = (graph.coords.at(v, longest) - lo[longest]) * scale;
        const double cube = std::min(std::floor(along / cells), std::max(cubes - 1, 0.0));
        std::array<std::uint64_t, 3> q{0, 0, 0};
        for (int a = 0; a < dim; ++a) {
            const double x =
                a == 0 ? along - cube * cells : (graph.coords.at(v, axis[a]) - lo[axis[a]]) * scale;
            q[a] = std::uint64_t(std::min(std::max(std::floor(x), 0.0), cells - 1));
        }
        if (dim == 1) { // one axis keeps 63 bits
            keyed[v] = {0, q[0], v};
            continue;
        }
        const std::array<std::uint32_t, 3> cell{std::uint32_t(q[0]), std::uint32_t(q[1]),
                                                std::uint32_t(q[2])};
        keyed[v] = {std::uint32_t(cube), key_of(cell, dim, bits), v};
    }
    std::sort(keyed.begin(), keyed.end());
    Permutation positions(static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < keyed.size(); ++i)
        positions[std::size_t(keyed[i].vertex)] = VertexId(i);
    return positions;
}

} // namespace

Permutation hilbert_order(const Graph& graph) {
    return order_by_curve(graph, "hilbert", hilbert_key);
}
Permutation morton_order(const Graph& graph) {
    return order_by_curve(graph, "morton", morton_key);
}

} // namespace part
