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
    // Undo excess work (inverse of the rotations), then Gray-encode: Skilling's AxesToTranspose.
    const std::uint32_t top = std::uint32_t(1) << (bits - 1);
    for (std::uint32_t q = top; q > 1; q >>= 1) {
        const std::uint32_t p = q - 1;
        for (int i = 0; i < dim; ++i) {
            if (x[i] & q) {
                x[0] ^= p;
            } else {
                const std::uint32_t t = (x[0] ^ x[i]) & p;
                x[0] ^= t;
                x[i] ^= t;
            }
        }
    }
    for (int i = 1; i < dim; ++i) x[i] ^= x[i - 1];
    std::uint32_t t = 0;
    for (std::uint32_t q = top; q > 1; q >>= 1)
        if (x[dim - 1] & q) t ^= q - 1;
    for (int i = 0; i < dim; ++i) x[i] ^= t;
    return morton_key(x, dim, bits); // the transposed form read bit-plane by bit-plane
}

std::uint64_t morton_key(const std::array<std::uint32_t, 3>& x, int dim, int bits) {
    std::uint64_t key = 0;
    for (int b = bits - 1; b >= 0; --b)
        for (int i = 0; i < dim; ++i) key = (key << 1) | ((x[i] >> b) & 1u);
    return key;
}

namespace {

// Quantises every point on one cube grid over the bounding box (a cube keeps cells square,
// so the curve's locality holds in every direction), then sorts by key.
template <typename KeyOf>
Permutation order_by_curve(const Graph& graph, const char* method, KeyOf key_of) {
    require_coordinates(graph, method);
    const int dim = graph.coords.dim;
    const int bits = curve_bits_per_axis(dim);
    const VertexId n = graph.num_vertices();
    std::array<double, 3> lo{0, 0, 0};
    double extent = 0;
    for (int a = 0; a < dim; ++a) {
        double mn = INFINITY, mx = -INFINITY;
        for (VertexId v = 0; v < n; ++v) {
            mn = std::min(mn, graph.coords.at(v, a));
            mx = std::max(mx, graph.coords.at(v, a));
        }
        lo[a] = n > 0 ? mn : 0;
        extent = std::max(extent, n > 0 ? mx - mn : 0);
    }
    const double cells = std::ldexp(1.0, bits); // 2^bits, exact in a double
    const double scale = extent > 0 ? cells / extent : 0;
    std::vector<std::pair<std::uint64_t, VertexId>> keyed(static_cast<std::size_t>(n));
    for (VertexId v = 0; v < n; ++v) {
        std::array<std::uint64_t, 3> q{0, 0, 0};
        for (int a = 0; a < dim; ++a) {
            const double x = std::floor((graph.coords.at(v, a) - lo[a]) * scale);
            q[a] = std::uint64_t(std::min(std::max(x, 0.0), cells - 1));
        }
        if (dim == 1) { // one axis keeps 63 bits
            keyed[v] = {q[0], v};
            continue;
        }
        const std::array<std::uint32_t, 3> cell{std::uint32_t(q[0]), std::uint32_t(q[1]),
                                                std::uint32_t(q[2])};
        keyed[v] = {key_of(cell, dim, bits), v};
    }
    std::sort(keyed.begin(), keyed.end());
    Permutation positions(static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < keyed.size(); ++i)
        positions[std::size_t(keyed[i].second)] = VertexId(i);
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
