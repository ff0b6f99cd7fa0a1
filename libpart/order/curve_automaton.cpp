#include "libpart/order/curve_automaton.hpp"

#include <algorithm>

#include "libpart/core/error.hpp"

namespace part {

namespace {

// The cell at depth path.size() reached by descending through the children in `path`, the
// first child being the top level; a child's bit for axis a is bit (dim - 1 - a).
std::array<std::uint32_t, 3> cell_of_path(const std::vector<unsigned>& path, int dim) {
    std::array<std::uint32_t, 3> cell{0, 0, 0};
    for (unsigned child : path)
        for (int a = 0; a < dim; ++a) cell[a] = cell[a] << 1 | ((child >> (dim - 1 - a)) & 1u);
    return cell;
}

// The digits `reference` gives each child of the cell at the end of `path`.
std::vector<std::uint8_t> visiting_order(std::vector<unsigned> path, int dim,
                                         CurveAutomaton::KeyFunction reference) {
    const unsigned children = 1u << dim;
    std::vector<std::uint8_t> digits(children);
    path.push_back(0);
    for (unsigned child = 0; child < children; ++child) {
        path.back() = child;
        const int depth = int(path.size());
        digits[child] =
            std::uint8_t(reference(cell_of_path(path, dim), dim, depth) & (children - 1));
    }
    return digits;
}

} // namespace

CurveAutomaton::CurveAutomaton(int dim, KeyFunction reference) : dim_(dim) {
    if (dim < 1 || dim > 3) throw InvalidArgument("curve automaton: dimension must be 1 to 3");
    const unsigned children = 1u << dim;
    // Breadth-first over states; each keeps the path that first reached it, so probes stay
    // as shallow as the number of states allows (a 3D Hilbert curve has 12 orientations).
    std::vector<std::vector<std::uint8_t>> orders{visiting_order({}, dim, reference)};
    std::vector<std::vector<unsigned>> paths{{}};
    for (std::size_t s = 0; s < orders.size(); ++s) {
        digit_.insert(digit_.end(), orders[s].begin(), orders[s].end());
        for (unsigned child = 0; child < children; ++child) {
            std::vector<unsigned> path = paths[s];
            path.push_back(child);
            const std::vector<std::uint8_t> order = visiting_order(path, dim, reference);
            const auto found = std::find(orders.begin(), orders.end(), order);
            next_.push_back(std::uint8_t(found - orders.begin()));
            if (found == orders.end()) {
                if (orders.size() == 255)
                    throw InvalidArgument("curve automaton: the curve is not self-similar");
                orders.push_back(order);
                paths.push_back(path);
            }
        }
    }
}

} // namespace part
