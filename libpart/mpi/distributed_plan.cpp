#include "libpart/mpi/distributed_plan.hpp"

#include <algorithm>
#include <tuple>

#include "libpart/mpi/exchange.hpp"
#include "libpart/plan/partition_checksum.hpp"

namespace part::mpi {

namespace {

// One message as its holder announces it.
struct MessageEntry {
    PartId source = 0, destination = 0;
    std::int32_t holder = 0;
    VertexId count = 0;
    WeightSum size = 0;
};

// Every rank's entries, on every rank (MPI_Allgatherv).
std::vector<MessageEntry> all_entries(MPI_Comm comm, const std::vector<MessageEntry>& mine) {
    int ranks = 1;
    MPI_Comm_size(comm, &ranks);
    int bytes = int(mine.size() * sizeof(MessageEntry));
    std::vector<int> counts(std::size_t(ranks), 0);
    MPI_Allgather(&bytes, 1, MPI_INT, counts.data(), 1, MPI_INT, comm);
    const std::vector<int> at = displacements(counts);
    std::vector<MessageEntry> all(std::size_t(at.back() + counts.back()) / sizeof(MessageEntry));
    MPI_Allgatherv(mine.data(), bytes, MPI_BYTE, all.data(), counts.data(), at.data(), MPI_BYTE,
                   comm);
    return all;
}

// partition_checksum of both partitions over the blocks in rank order: each rank continues
// the hashes its predecessor sends, the last rank broadcasts the result.
std::pair<std::uint64_t, std::uint64_t> chained_checksums(MPI_Comm comm, PartId old_parts,
                                                          PartId new_parts,
                                                          std::span<const PartId> block_old_part,
                                                          std::span<const PartId> block_new_part) {
    int rank = 0, ranks = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &ranks);
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

} // namespace

DistributedPlan distributed_plan(MPI_Comm comm, const DistributedGraph& graph,
                                 std::span<const PartId> old_part, std::span<const PartId> new_part,
                                 PartId old_parts, PartId new_parts,
                                 const std::vector<PartId>& new_part_rank,
                                 std::span<const PartId> block_old_part,
                                 std::span<const PartId> block_new_part) {
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    DistributedPlan plan;
    MigrationPlan& outline = plan.outline;
    outline.num_vertices = graph.global_vertices;
    outline.old_parts = old_parts;
    outline.new_parts = new_parts;
    outline.new_part_rank = new_part_rank;
    std::tie(outline.old_checksum, outline.new_checksum) =
        chained_checksums(comm, old_parts, new_parts, block_old_part, block_new_part);

    // This rank's moving vertices in (source, destination, id) order: owned vertices are in id
    // order, so a stable sort by (source, destination) suffices.
    std::vector<VertexId> moving;
    for (VertexId v = 0; v < graph.num_owned(); ++v)
        if (new_part_rank[new_part[v]] != old_part[v]) moving.push_back(v);
    std::stable_sort(moving.begin(), moving.end(), [&](VertexId a, VertexId b) {
        return std::pair(old_part[a], new_part[a]) < std::pair(old_part[b], new_part[b]);
    });
    std::vector<MessageEntry> mine;
    for (VertexId v : moving) {
        if (mine.empty() || mine.back().source != old_part[v] ||
            mine.back().destination != new_part[v])
            mine.push_back({old_part[v], new_part[v], rank, 0, 0});
        ++mine.back().count;
        mine.back().size += graph.local.vertex_size(v);
        plan.vertices.push_back(graph.global_id[v]);
    }

    std::vector<MessageEntry> entries = all_entries(comm, mine);
    std::sort(entries.begin(), entries.end(), [](const MessageEntry& a, const MessageEntry& b) {
        return std::pair(a.source, a.destination) < std::pair(b.source, b.destination);
    });
    std::vector<WeightSum> sizes;
    for (const MessageEntry& e : entries) {
        outline.messages.push_back({e.source, e.destination});
        outline.offsets.push_back(outline.offsets.back() + e.count);
        plan.holder.push_back(e.holder);
        sizes.push_back(e.size);
    }
    plan.traffic = message_traffic(outline, sizes);
    return plan;
}

} // namespace part::mpi
