#include "libpart/simulate/relabel_by_overlap.hpp"

#include <algorithm>
#include <tuple>

namespace part {

void relabel_by_overlap(const Graph& graph, const std::vector<PartId>& current,
                        std::vector<PartId>& fresh, PartId num_parts) {
    const auto k = std::size_t(num_parts);
    std::vector<WeightSum> overlap(k * k, 0); // overlap[new * k + old]
    for (VertexId v = 0; v < graph.num_vertices(); ++v)
        overlap[std::size_t(fresh[std::size_t(v)]) * k + std::size_t(current[std::size_t(v)])] +=
            graph.vertex_size(v);
    std::vector<std::tuple<WeightSum, PartId, PartId>> pairs; // (-shared, new, old): ties by id
    for (std::size_t i = 0; i < overlap.size(); ++i)
        if (overlap[i] > 0) pairs.emplace_back(-overlap[i], PartId(i / k), PartId(i % k));
    std::sort(pairs.begin(), pairs.end());
    std::vector<PartId> name_of_new(k, -1);
    std::vector<bool> old_taken(k, false);
    for (const auto& [shared, fresh_part, old_part] : pairs)
        if (name_of_new[std::size_t(fresh_part)] < 0 && !old_taken[std::size_t(old_part)]) {
            name_of_new[std::size_t(fresh_part)] = old_part;
            old_taken[std::size_t(old_part)] = true;
        }
    PartId next_free = 0;
    for (PartId& name : name_of_new)
        if (name < 0) {
            while (old_taken[std::size_t(next_free)]) ++next_free;
            name = next_free;
            old_taken[std::size_t(next_free)] = true;
        }
    for (PartId& p : fresh) p = name_of_new[std::size_t(p)];
}

} // namespace part
