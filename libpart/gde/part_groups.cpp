#include "libpart/gde/part_groups.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "libpart/core/metrics.hpp"

namespace part::gde {

namespace {

// Breadth-first order of the parts reachable from `start` in the quotient graph, appended to
// `order`; marks them in `seen`. Returns the last part reached (one of the farthest).
PartId breadth_first(const Graph& quotient, PartId start, std::vector<char>& seen,
                     std::vector<PartId>& order) {
    const std::size_t first = order.size();
    seen[start] = 1;
    order.push_back(start);
    for (std::size_t i = first; i < order.size(); ++i)
        for (VertexId q : quotient.neighbours(order[i]))
            if (!seen[q]) {
                seen[q] = 1;
                order.push_back(q);
            }
    return order.back();
}

// Levels of a breadth-first search from `start` (how far the farthest part is).
int eccentricity(const Graph& quotient, PartId start, std::vector<PartId>& level) {
    std::fill(level.begin(), level.end(), -1);
    std::vector<PartId> queue{start};
    level[start] = 0;
    for (std::size_t i = 0; i < queue.size(); ++i)
        for (VertexId q : quotient.neighbours(queue[i]))
            if (level[q] < 0) {
                level[q] = level[queue[i]] + 1;
                queue.push_back(q);
            }
    return level[queue.back()];
}

// A part at the end of a long shortest path from `start`: the last part reached from the
// last part reached, repeated while the search gets deeper.
PartId pseudo_peripheral(const Graph& quotient, PartId start) {
    std::vector<PartId> level(std::size_t(quotient.num_vertices()));
    std::vector<char> seen(std::size_t(quotient.num_vertices()), 0);
    std::vector<PartId> order;
    int depth = eccentricity(quotient, start, level);
    for (int round = 0; round < 4; ++round) {
        std::fill(seen.begin(), seen.end(), 0);
        order.clear();
        const PartId far = breadth_first(quotient, start, seen, order);
        const int far_depth = eccentricity(quotient, far, level);
        if (far_depth <= depth) break;
        start = far;
        depth = far_depth;
    }
    return start;
}

} // namespace

std::vector<char> bisect_parts(const Graph& graph, const std::vector<PartId>& part,
                               PartId num_parts) {
    const Graph quotient = quotient_graph(graph, part, num_parts);
    std::vector<WeightSum> weight(std::size_t(num_parts), 0);
    for (PartId p = 0; p < num_parts; ++p)
        for (EdgeOffset e = quotient.xadj[p]; e < quotient.xadj[p + 1]; ++e)
            weight[p] += quotient.adjwgt.empty() ? 1 : quotient.adjwgt[e];

    // Parts in breadth-first order, one connected piece of the quotient graph after another,
    // each from a pseudo-peripheral part of its piece.
    std::vector<PartId> order;
    std::vector<char> seen(std::size_t(num_parts), 0);
    for (PartId p = 0; p < num_parts; ++p)
        if (!seen[p]) breadth_first(quotient, pseudo_peripheral(quotient, p), seen, order);

    // The cut nearest half the weight, leaving each group two parts or more where it can.
    const WeightSum total = std::accumulate(weight.begin(), weight.end(), WeightSum(0));
    const std::size_t least = num_parts >= 4 ? 2 : std::size_t(num_parts > 1);
    std::size_t cut = least;
    WeightSum before = 0, best = -1;
    for (std::size_t i = 0; i + least <= order.size(); ++i) {
        if (i >= least) {
            const WeightSum off = std::abs(2 * before - total);
            if (best < 0 || off < best) {
                best = off;
                cut = i;
            }
        }
        before += weight[order[i]];
    }
    std::vector<char> group(std::size_t(num_parts), 1);
    for (std::size_t i = 0; i < cut && i < order.size(); ++i) group[order[i]] = 0;
    return group;
}

} // namespace part::gde
