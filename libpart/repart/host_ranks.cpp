#include "libpart/repart/host_ranks.hpp"

#include <algorithm>

#include "libpart/plan/migration_plan.hpp"

namespace part {

std::vector<PartId> ranks_keeping_most_data(std::span<const WeightSum> old_part_size,
                                            PartId new_parts) {
    const auto old_parts = PartId(old_part_size.size());
    if (new_parts >= old_parts) return identity_ranks(new_parts);
    std::vector<PartId> ranks = identity_ranks(old_parts);
    std::stable_sort(ranks.begin(), ranks.end(),
                     [&](PartId a, PartId b) { return old_part_size[a] > old_part_size[b]; });
    ranks.resize(std::size_t(new_parts));
    std::sort(ranks.begin(), ranks.end());
    return ranks;
}

RepartResult start_repart_result(const Graph& graph, const Partition& old_partition,
                                 const RepartRequest& request) {
    validate(request, graph, old_partition);
    RepartResult result;
    result.partition.num_parts = request.new_parts;
    result.partition.targets = request.targets;
    std::vector<WeightSum> old_size(std::size_t(old_partition.num_parts), 0);
    for (VertexId v = 0; v < graph.num_vertices(); ++v)
        old_size[old_partition.part[v]] += graph.vertex_size(v);
    result.new_part_rank = ranks_keeping_most_data(old_size, request.new_parts);
    return result;
}

} // namespace part
