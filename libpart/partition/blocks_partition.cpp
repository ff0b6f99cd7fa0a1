#include "libpart/partition/blocks_partition.hpp"

#include <algorithm>
#include <cmath>

namespace part {

namespace {

// Cut positions: cut[p] is where part p starts; each closest to its cumulative target.
std::vector<VertexId> ideal_cuts(const std::vector<WeightSum>& prefix, PartId k,
                                 const std::vector<double>& targets) {
    const VertexId n = VertexId(prefix.size() - 1);
    const double total = double(prefix[n]);
    std::vector<VertexId> cut(std::size_t(k) + 1, n);
    cut[0] = 0;
    double cumulative = 0;
    for (PartId p = 1; p < k; ++p) {
        cumulative += target_fraction(targets, k, p - 1);
        const double goal = cumulative * total;
        VertexId c =
            VertexId(std::lower_bound(prefix.begin(), prefix.end(), WeightSum(std::ceil(goal))) -
                     prefix.begin());
        if (c > 0 && goal - double(prefix[c - 1]) < double(prefix[std::min(c, n)]) - goal) --c;
        // at least one vertex for the part before and for this part and each later one
        cut[p] = std::clamp<VertexId>(c, std::min(cut[p - 1] + 1, n),
                                      std::max<VertexId>(n - (k - p), cut[p - 1]));
    }
    return cut;
}

// Moves cut[p] within the weight window the tolerance allows to where fewest edges cross
// between part p-1 and part p: moving the boundary past the vertex at position c un-cuts its
// edges to the left part and cuts those to the right one.
void shift_cut(const Graph& graph, const Permutation& positions,
               const std::vector<VertexId>& sequence, const std::vector<WeightSum>& prefix,
               std::vector<VertexId>& cut, PartId p, double slack) {
    const VertexId ideal = cut[p];
    const VertexId left_start = cut[p - 1], right_end = cut[p + 1];
    const double low = double(prefix[ideal]) - slack, high = double(prefix[ideal]) + slack;
    VertexId lo = ideal, hi = ideal;
    while (lo - 1 > left_start && double(prefix[lo - 1]) >= low) --lo;
    while (hi + 1 < right_end && double(prefix[hi + 1]) <= high) ++hi;
    WeightSum crossing = 0, fewest = 0; // edges crossing the boundary, relative to it at lo
    VertexId best = lo;
    for (VertexId c = lo; c < hi; ++c) { // boundary c -> c + 1: sequence[c] joins the left part
        const VertexId x = sequence[c];
        for (EdgeOffset e = graph.xadj[x]; e < graph.xadj[x + 1]; ++e) {
            const VertexId at = positions[graph.adjncy[e]];
            if (at >= left_start && at < c)
                crossing -= graph.edge_weight(e);
            else if (at > c && at < right_end)
                crossing += graph.edge_weight(e);
        }
        if (crossing < fewest ||
            (crossing == fewest && std::abs(c + 1 - ideal) < std::abs(best - ideal))) {
            fewest = crossing;
            best = c + 1;
        }
    }
    cut[p] = best;
}

} // namespace

std::vector<PartId> partition_blocks(const Graph& graph, const Permutation& positions, PartId k,
                                     const std::vector<double>& targets, double tolerance) {
    const VertexId n = graph.num_vertices();
    const std::vector<VertexId> sequence = inverse_permutation(positions);
    std::vector<WeightSum> prefix(std::size_t(n) + 1, 0);
    for (VertexId i = 0; i < n; ++i) prefix[i + 1] = prefix[i] + graph.vertex_weight(sequence[i]);
    std::vector<VertexId> cut = ideal_cuts(prefix, k, targets);
    for (PartId p = 1; p < k && tolerance > 0; ++p) {
        const double smaller =
            std::min(target_fraction(targets, k, p - 1), target_fraction(targets, k, p));
        shift_cut(graph, positions, sequence, prefix, cut, p,
                  0.5 * tolerance * smaller * double(prefix[n]));
    }
    std::vector<PartId> part(std::size_t(n), 0);
    for (PartId p = 0; p < k; ++p)
        for (VertexId i = cut[p]; i < cut[p + 1]; ++i) part[sequence[i]] = p;
    return part;
}

} // namespace part
