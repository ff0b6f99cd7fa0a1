#pragma once
// A migration plan: which vertices move from which old part to which new part, as data a
// solver applies at a checkpoint (Kaddoura & Ranka 1995, 3.2-3.3; Edjlali et al. 1997, 3).
//
// Numbering. Old part p lives on physical rank p. New parts are logical: new part q lives on
// physical rank new_part_rank[q] (Edjlali et al.'s logical/physical numbering), so a shrink
// can keep any subset of the old ranks active and leave the others as skeleton ranks that
// hold no data. A vertex moves exactly when its old rank differs from its new part's rank;
// vertices that stay are not listed.
//
// Order. Each message (source, destination) lists its vertices in increasing global id, so
// the sender packs and the receiver unpacks in the same order without exchanging any index
// list (the schedule_sort idea of Kaddoura & Ranka 1995, 3.2).
#include <cstdint>
#include <span>
#include <vector>

#include "libpart/core/partition.hpp"

namespace part {

// A plan that does not fit the data it is applied to or checked against.
class PlanError : public Error {
  public:
    using Error::Error;
};

struct PlanMessage {
    PartId source = 0;      // old part = physical rank sending
    PartId destination = 0; // new logical part receiving
    friend bool operator==(const PlanMessage&, const PlanMessage&) = default;
};

struct MigrationPlan {
    VertexId num_vertices = 0;
    PartId old_parts = 0;
    PartId new_parts = 0;
    std::vector<PartId> new_part_rank;    // physical rank of each new logical part, all distinct
    std::uint64_t old_checksum = 0;       // partition_checksum of the old partition
    std::uint64_t new_checksum = 0;       // partition_checksum of the new partition
    std::vector<PlanMessage> messages;    // sorted by (source, destination), each non-empty
    std::vector<std::int64_t> offsets{0}; // messages.size() + 1 offsets into vertices
    std::vector<VertexId> vertices;       // moved vertices, ascending within each message

    std::span<const VertexId> message_vertices(std::size_t m) const {
        return {vertices.data() + offsets[m], std::size_t(offsets[m + 1] - offsets[m])};
    }
    // Physical ranks involved: old ranks and every rank hosting a new part.
    PartId num_ranks() const;
    friend bool operator==(const MigrationPlan&, const MigrationPlan&) = default;
};

// The identity rank map for `new_parts` parts: new part q on rank q.
std::vector<PartId> identity_ranks(PartId new_parts);

// Throws PlanError when the plan is not internally consistent: sizes, rank map not injective,
// ids out of range, messages unsorted or empty, vertices unsorted or listed twice, a listed
// vertex that would not change rank. O(n + messages).
void validate(const MigrationPlan& plan);

// The plan taking `old_partition` to `new_partition`, whose parts live on `new_part_rank`
// (empty: the identity). O(n + old parts + new parts + messages).
MigrationPlan diff(const Partition& old_partition, const Partition& new_partition,
                   std::vector<PartId> new_part_rank = {});

// The new partition the plan produces from `old_part`. Throws PlanError when the old
// partition's length or checksum differs from the plan's, when a listed vertex is not in its
// message's source part, when a vertex on a rank that hosts no new part is not moved, or when
// the result's checksum differs from the plan's. O(n + messages).
std::vector<PartId> apply_plan(const MigrationPlan& plan, std::span<const PartId> old_part);

// Checks that `plan` takes exactly `old_partition` to `new_partition`; throws PlanError
// saying what differs (length, part counts, checksums, or the first differing message).
void verify_plan(const MigrationPlan& plan, const Partition& old_partition,
                 const Partition& new_partition);

} // namespace part
