#include "libpart/partition/blocks_partition.hpp"

#include <algorithm>
#include <cmath>

namespace part {

std::vector<PartId> partition_blocks(const Graph& graph, const Permutation& positions, PartId k,
                                     const std::vector<double>& targets) {
    const VertexId n = graph.num_vertices();
    const std::vector<VertexId> sequence = sequence_from_positions(positions);
    std::vector<WeightSum> prefix(std::size_t(n) + 1, 0);
    for (VertexId i = 0; i < n; ++i) prefix[i + 1] = prefix[i] + graph.vertex_weight(sequence[i]);
    const double total = double(prefix[n]);
    std::vector<PartId> part(std::size_t(n), 0);
    double cumulative = 0;
    VertexId begin = 0;
    for (PartId p = 0; p < k; ++p) {
        cumulative += targets.empty() ? 1.0 / k : targets[p];
        VertexId end = n;
        if (p + 1 < k) {
            const double goal = cumulative * total;
            const auto first_reaching =
                std::lower_bound(prefix.begin(), prefix.end(), WeightSum(std::ceil(goal)));
            end = VertexId(first_reaching - prefix.begin());
            if (end > 0 && goal - double(prefix[end - 1]) < double(prefix[std::min(end, n)]) - goal)
                --end;
            // leave at least one vertex for this part and each later one
            end = std::clamp<VertexId>(end, std::min(begin + 1, n),
                                       std::max<VertexId>(n - (k - p - 1), begin));
        }
        for (VertexId i = begin; i < end; ++i) part[sequence[i]] = p;
        begin = end;
    }
    return part;
}

} // namespace part
