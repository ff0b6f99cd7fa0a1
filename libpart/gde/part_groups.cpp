#include "libpart/gde/part_groups.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "libpart/core/metrics.hpp"
#include "libpart/partition/metis_partition.hpp"
#include <cstdlib>

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

// Each part's weight: the weight of its cut edges.
std::vector<WeightSum> border_weights(const Graph& quotient) {
    std::vector<WeightSum> weight(std::size_t(quotient.num_vertices()), 0);
    for (PartId p = 0; p < quotient.num_vertices(); ++p)
        for (EdgeOffset e = quotient.xadj[p]; e < quotient.xadj[p + 1]; ++e)
            weight[p] += quotient.adjwgt.empty() ? 1 : quotient.adjwgt[e];
    return weight;
}

// The rest of the parts in breadth-first order, one connected piece of the quotient graph
// after another, each from a pseudo-peripheral part of its piece.
void order_the_rest(const Graph& quotient, std::vector<char>& seen, std::vector<PartId>& order) {
    for (PartId p = 0; p < quotient.num_vertices(); ++p)
        if (!seen[p]) breadth_first(quotient, pseudo_peripheral(quotient, p), seen, order);
}

// Group 0: the first parts of `order`, up to the cut nearest half the weight, leaving each
// group two parts or more where it can.
std::vector<char> split(const std::vector<PartId>& order, const std::vector<WeightSum>& weight) {
    const auto num_parts = order.size();
    const WeightSum total = std::accumulate(weight.begin(), weight.end(), WeightSum(0));
    const std::size_t least = num_parts >= 4 ? 2 : std::size_t(num_parts > 1);
    std::size_t cut = least;
    WeightSum before = 0, best = -1;
    for (std::size_t i = 0; i + least <= num_parts; ++i) {
        if (i >= least) {
            const WeightSum off = std::abs(2 * before - total);
            if (best < 0 || off < best) {
                best = off;
                cut = i;
            }
        }
        before += weight[order[i]];
    }
    std::vector<char> group(num_parts, 1);
    for (std::size_t i = 0; i < cut && i < num_parts; ++i) group[order[i]] = 0;
    return group;
}

} // namespace

std::vector<char> bisect_parts(const Graph& graph, const std::vector<PartId>& part,
                               PartId num_parts) {
    const Graph quotient = quotient_graph(graph, part, num_parts);
    if (std::getenv("GP_METIS")) {
        Graph q = quotient;
        const std::vector<WeightSum> w = border_weights(quotient);
        for (PartId p = 0; p < num_parts; ++p) q.vwgt[p] = Weight(w[p] + 1);
        MetisOptions o;
        o.type = MetisOptions::Type::RecursiveBisection;
        o.ufactor = std::atoi(std::getenv("GP_METIS"));
        const std::vector<PartId> g = partition_with_metis(q, 2, {}, o);
        return std::vector<char>(g.begin(), g.end());
    }
    std::vector<char> seen(std::size_t(num_parts), 0);
    std::vector<PartId> order;
    order_the_rest(quotient, seen, order);
    return split(order, border_weights(quotient));
}

std::vector<char> bisect_parts_across(const Graph& graph, const std::vector<PartId>& part,
                                      const std::vector<char>& first) {
    const auto num_parts = PartId(first.size());
    const Graph quotient = quotient_graph(graph, part, num_parts);
    if (std::getenv("GP_METIS")) {
        Graph q = quotient;
        const std::vector<WeightSum> w = border_weights(quotient);
        for (PartId p = 0; p < num_parts; ++p) q.vwgt[p] = Weight(w[p] + 1);
        const int factor = std::getenv("GP_FACTOR") ? std::atoi(std::getenv("GP_FACTOR")) : 10;
        for (PartId p = 0; p < num_parts; ++p)
            for (EdgeOffset e = q.xadj[p]; e < q.xadj[p + 1]; ++e)
                if (first[p] != first[q.adjncy[e]]) q.adjwgt[e] *= factor;
        MetisOptions o;
        o.type = MetisOptions::Type::RecursiveBisection;
        o.ufactor = std::atoi(std::getenv("GP_METIS"));
        const std::vector<PartId> g = partition_with_metis(q, 2, {}, o);
        return std::vector<char>(g.begin(), g.end());
    }
    // The parts along the first bisection's seam, and the one of them farthest from the
    // lowest: the breadth-first search from there reaches the seam's far end last.
    std::vector<char> on_seam(std::size_t(num_parts), 0);
    PartId start = -1;
    for (PartId p = 0; p < num_parts; ++p)
        for (VertexId q : quotient.neighbours(p))
            if (first[q] != first[p]) {
                on_seam[p] = 1;
                if (start < 0) start = p;
            }
    std::vector<char> seen(std::size_t(num_parts), 0);
    std::vector<PartId> order;
    if (start >= 0) {
        breadth_first(quotient, start, seen, order);
        for (auto i = order.size(); i-- > 0;)
            if (on_seam[order[i]]) {
                start = order[i];
                break;
            }
        std::fill(seen.begin(), seen.end(), 0);
        order.clear();
        breadth_first(quotient, start, seen, order);
    }
    order_the_rest(quotient, seen, order);
    return split(order, border_weights(quotient));
}

} // namespace part::gde
