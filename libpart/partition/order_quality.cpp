#include "libpart/partition/order_quality.hpp"

#include "libpart/core/metrics.hpp"
#include "libpart/partition/blocks_partition.hpp"

namespace part {

std::vector<BlockCut> block_cut_quality(const Graph& graph, const Permutation& positions,
                                        int max_parts) {
    std::vector<BlockCut> rows;
    for (int k = 2; k <= max_parts && k <= graph.num_vertices(); k *= 2) {
        Partition partition{k, partition_blocks(graph, positions, k, {}), {}};
        rows.push_back({k, edge_cut(graph, partition.part), imbalance(graph, partition)[0]});
    }
    return rows;
}

} // namespace part
