#include "libpart/mpi/distributed_plan.hpp"

#include <algorithm>
#include <tuple>

#include "libpart/mpi/exchange.hpp"
#include "libpart/plan/partition_checksum.hpp"

namespace part::mpi {

std::pair<std::uint64_t, std::uint64_t> chained_checksums(MPI_Comm comm, PartId old_parts,
                                                          PartId new_parts,
                                                          std::span<const PartId> block_old_part,
                                                          std::span<const PartId> block_new_part) {
    const int rank = rank_of(comm), ranks = size_of(comm);
    constexpr int kTag = 11;
    std::uint64_t hash[2] = {partition_checksum_start(old_parts),
                             partition_checksum_start(new_parts)};
    if (rank > 0) MPI_Recv(hash, 2, MPI_UINT64_T, rank - 1, kTag, comm, MPI_STATUS_IGNORE);
    hash[0] = partition_checksum_continue(hash[0], block_old_part);
    hash[1] = partition_checksum_continue(hash[1], block_new_part);
    if (rank + 1 < ranks) MPI_Send(hash, 2, MPI_UINT64_T, rank + 1, kTag, comm);
    MPI_Bcast(hash, 2, MPI_UINT64_T, ranks - 1, comm);
    return {hash[0], hash[1]};
}

std::vector<MessageEntry> message_entries(MPI_Comm comm, const DistributedGraph& graph,
                                          std::span<const PartId> old_part,
                                          std::span<const PartId> new_part,
                                          const std::vector<PartId>& new_part_rank,
                                          std::vector<VertexId>* ids) {
    const int rank = rank_of(comm);
    // Owned vertices are in id order, so a stable sort by (source, destination) suffices.
    std::vector<VertexId> moving;
    for (VertexId v = 0; v < graph.num_owned(); ++v)
        if (new_part_rank[new_part[v]] != old_part[v]) moving.push_back(v);
    std::stable_sort(moving.begin(), moving.end(), [&](VertexId a, VertexId b) {
        return std::pair(old_part[a], new_part[a]) < std::pair(old_part[b], new_part[b]);
    });
    std::vector<MessageEntry> entries;
    for (VertexId v : moving) {
        if (entries.empty() || entries.back().source != old_part[v] ||
            entries.back().destination != new_part[v])
            entries.push_back({old_part[v], new_part[v], rank, 0, 0});
        ++entries.back().count;
        entries.back().size += graph.local.vertex_size(v);
        if (ids) ids->push_back(graph.global_id[v]);
    }
    return entries;
}

std::vector<WeightSum> add_messages(std::vector<MessageEntry> entries, MigrationPlan& outline,
                                    std::vector<int>* holder) {
    std::stable_sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
        return std::pair(a.source, a.destination) < std::pair(b.source, b.destination);
    });
    std::vector<WeightSum> sizes;
    for (const MessageEntry& e : entries) {
        if (!outline.messages.empty() && outline.messages.back().source == e.source &&
            outline.messages.back().destination == e.destination) {
            outline.offsets.back() += e.count;
            sizes.back() += e.size;
            continue;
        }
        outline.messages.push_back({e.source, e.destination});
        outline.offsets.push_back(outline.offsets.back() + e.count);
        sizes.push_back(e.size);
        if (holder) holder->push_back(e.holder);
    }
    return sizes;
}

DistributedPlan distributed_plan(MPI_Comm comm, const DistributedGraph& graph,
                                 std::span<const PartId> old_part, std::span<const PartId> new_part,
                                 PartId old_parts, PartId new_parts,
                                 const std::vector<PartId>& new_part_rank,
                                 std::span<const PartId> block_old_part,
                                 std::span<const PartId> block_new_part) {
    DistributedPlan plan;
    MigrationPlan& outline = plan.outline;
    outline.num_vertices = graph.global_vertices;
    outline.old_parts = old_parts;
    outline.new_parts = new_parts;
    outline.new_part_rank = new_part_rank;
    std::tie(outline.old_checksum, outline.new_checksum) =
        chained_checksums(comm, old_parts, new_parts, block_old_part, block_new_part);

    const std::vector<MessageEntry> mine =
        message_entries(comm, graph, old_part, new_part, new_part_rank, &plan.vertices);
    const std::vector<WeightSum> sizes =
        add_messages(all_gather_pieces<MessageEntry>(comm, mine), outline, &plan.holder);
    plan.traffic = message_traffic(outline, sizes);
    return plan;
}

} // namespace part::mpi
