#include "libpart/repart/scratch_repart.hpp"

#include "libpart/repart/host_ranks.hpp"
#include "libpart/repart/overlap_matching.hpp"

namespace part {

RepartResult scratch_repartition(const Graph& graph, const Partition& old_partition,
                                 const RepartRequest& request) {
    RepartResult result = start_repart_result(graph, old_partition, request);
    const PartId k2 = request.new_parts;
    const std::vector<PartId> fresh =
        partition_with_metis(graph, k2, request.targets, request.metis);

    const std::vector<WeightSum> overlap =
        overlap_matrix(graph, old_partition, fresh, k2, result.new_part_rank);
    WeightSum total = 0, unrelabelled_kept = 0; // METIS's part q on slot q keeps overlap (q, q)
    for (VertexId v = 0; v < graph.num_vertices(); ++v) total += graph.vertex_size(v);
    for (PartId q = 0; q < k2; ++q) unrelabelled_kept += overlap[std::size_t(q) * k2 + q];
    const std::vector<PartId> slot = capacity_preserving_assignment(overlap, k2, request.targets);
    result.partition.part.resize(fresh.size());
    for (std::size_t v = 0; v < fresh.size(); ++v) result.partition.part[v] = slot[fresh[v]];
    result.details = {{"unrelabelled_moved_size", double(total - unrelabelled_kept)}};
    return result;
}

} // namespace part
