#include "libpart/repart/overlap_matching.hpp"

#include <algorithm>
#include <limits>
#include <string>

namespace part {

std::vector<WeightSum> overlap_matrix(const Graph& graph, const Partition& old_partition,
                                      const std::vector<PartId>& new_part, PartId new_parts,
                                      const std::vector<PartId>& slot_rank) {
    const std::size_t slots = slot_rank.size();
    std::vector<std::int64_t> slot_of_rank(std::size_t(old_partition.num_parts), -1);
    for (std::size_t s = 0; s < slots; ++s)
        if (slot_rank[s] < old_partition.num_parts) slot_of_rank[slot_rank[s]] = std::int64_t(s);
    std::vector<WeightSum> overlap(std::size_t(new_parts) * slots, 0);
    for (VertexId v = 0; v < graph.num_vertices(); ++v) {
        const std::int64_t s = slot_of_rank[old_partition.part[v]];
        if (s >= 0)
            overlap[std::size_t(new_part[v]) * slots + std::size_t(s)] += graph.vertex_size(v);
    }
    return overlap;
}

// Minimizing (max overlap - overlap) maximizes the overlap.
std::vector<PartId> max_overlap_assignment(const std::vector<WeightSum>& overlap, PartId rows,
                                           PartId columns) {
    if (columns < rows)
        throw InvalidArgument("cannot assign " + std::to_string(rows) + " parts to " +
                              std::to_string(columns) + " places");
    const std::size_t n = std::size_t(rows), m = std::size_t(columns);
    const WeightSum top = overlap.empty() ? 0 : *std::max_element(overlap.begin(), overlap.end());
    auto cost = [&](std::size_t i, std::size_t j) { return top - overlap[(i - 1) * m + (j - 1)]; };
    constexpr WeightSum kInf = std::numeric_limits<WeightSum>::max() / 4;
    std::vector<WeightSum> u(n + 1, 0), v(m + 1, 0), min_to(m + 1);
    std::vector<std::size_t> row_of(m + 1, 0), way(m + 1, 0);
    std::vector<char> used(m + 1);
    for (std::size_t i = 1; i <= n; ++i) {
        row_of[0] = i;
        std::size_t j0 = 0;
        std::fill(min_to.begin(), min_to.end(), kInf);
        std::fill(used.begin(), used.end(), 0);
        do {
            used[j0] = 1;
            const std::size_t i0 = row_of[j0];
            WeightSum delta = kInf;
            std::size_t j1 = 0;
            for (std::size_t j = 1; j <= m; ++j)
                if (!used[j]) {
                    const WeightSum reduced = cost(i0, j) - u[i0] - v[j];
                    if (reduced < min_to[j]) {
                        min_to[j] = reduced;
                        way[j] = j0;
                    }
                    if (min_to[j] < delta) {
                        delta = min_to[j];
                        j1 = j;
                    }
                }
            for (std::size_t j = 0; j <= m; ++j)
                if (used[j]) {
                    u[row_of[j]] += delta;
                    v[j] -= delta;
                } else {
                    min_to[j] -= delta;
                }
            j0 = j1;
        } while (row_of[j0] != 0);
        do {
            const std::size_t j1 = way[j0];
            row_of[j0] = row_of[j1];
            j0 = j1;
        } while (j0 != 0);
    }
    std::vector<PartId> rank(n, -1);
    for (std::size_t j = 1; j <= m; ++j)
        if (row_of[j] != 0) rank[row_of[j] - 1] = PartId(j - 1);
    return rank;
}

std::vector<PartId> capacity_preserving_assignment(std::vector<WeightSum> overlap, PartId parts,
                                                   const std::vector<double>& targets) {
    if (!targets.empty()) {
        // Forbid a slot of another capacity: a loss larger than any gain.
        WeightSum total = 0;
        for (WeightSum o : overlap) total += std::max<WeightSum>(o, 0);
        const WeightSum forbidden = -(total + 1);
        for (PartId q = 0; q < parts; ++q)
            for (PartId s = 0; s < parts; ++s)
                if (targets[q] != targets[s]) overlap[std::size_t(q) * parts + s] = forbidden;
    }
    return max_overlap_assignment(overlap, parts, parts);
}

} // namespace part
