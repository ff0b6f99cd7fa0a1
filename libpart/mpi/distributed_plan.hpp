#pragma once
// The migration plan of a distributed repartitioning, built without gathering the partition:
// after the vertices moved to their new ranks, each plan message (old part -> new part) lies
// whole on the rank of its new part, which keeps that message's vertex list; every rank learns
// the message table (a few numbers per message) and the partition checksums (computed along
// the blocks of the numbering, rank after rank). The result equals diff(old, new, ranks).
#include <mpi.h>

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "libpart/mpi/distributed_graph.hpp"
#include "libpart/plan/migration_plan.hpp"
#include "libpart/plan/plan_traffic.hpp"

namespace part::mpi {

struct DistributedPlan {
    MigrationPlan outline;          // every rank: all of the plan but `vertices`
    std::vector<int> holder;        // rank holding each message's vertex list
    std::vector<VertexId> vertices; // this rank's messages' vertices, message after message
    PlanTraffic traffic;            // every rank, with the vertices' migration sizes
};

// One plan message as a rank holds it: its vertices from old part `source` to new part
// `destination`, their count and migration size.
struct MessageEntry {
    PartId source = 0, destination = 0;
    std::int32_t holder = 0; // the rank holding the vertices
    VertexId count = 0;
    WeightSum size = 0;
};

// This rank's vertices that change rank (new_part_rank[new part] != old part) as entries per
// (old part, new part), in that order, with `holder` this rank; their global ids, entry after
// entry and ascending within one, are appended to `ids` when given.
std::vector<MessageEntry> message_entries(MPI_Comm comm, const DistributedGraph& graph,
                                          std::span<const PartId> old_part,
                                          std::span<const PartId> new_part,
                                          const std::vector<PartId>& new_part_rank,
                                          std::vector<VertexId>* ids = nullptr);

// Adds the messages of every rank's `entries` to `outline` (messages sorted by (source,
// destination), the entries of one pair summed into one message; offsets from the counts) and
// returns their migration sizes, for message_traffic. With `holder`: the holder of each message
// (of its first entry).
std::vector<WeightSum> add_messages(std::vector<MessageEntry> entries, MigrationPlan& outline,
                                    std::vector<int>* holder = nullptr);

// Collective. partition_checksum of two partitions over the blocks of the numbering in rank
// order (block_*_part: this rank's block): each rank continues the hashes its predecessor
// sends, the last rank broadcasts the result.
std::pair<std::uint64_t, std::uint64_t> chained_checksums(MPI_Comm comm, PartId old_parts,
                                                          PartId new_parts,
                                                          std::span<const PartId> block_old_part,
                                                          std::span<const PartId> block_new_part);

// Collective. old_part/new_part: per owned vertex of `graph`, which lies on the rank of its
// new part; block_old_part/block_new_part: the parts of this rank's block of the numbering
// (blocks in rank order). new_part_rank: physical rank of each new part.
DistributedPlan distributed_plan(MPI_Comm comm, const DistributedGraph& graph,
                                 std::span<const PartId> old_part, std::span<const PartId> new_part,
                                 PartId old_parts, PartId new_parts,
                                 const std::vector<PartId>& new_part_rank,
                                 std::span<const PartId> block_old_part,
                                 std::span<const PartId> block_new_part);

} // namespace part::mpi
