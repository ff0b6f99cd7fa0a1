#include "libpart/plan/migration_plan.hpp"

#include <algorithm>
#include <numeric>
#include <string>

#include "libpart/plan/partition_checksum.hpp"

namespace part {

namespace {

std::string str(std::int64_t value) {
    return std::to_string(value);
}

// New parts live on the old ranks or, when growing, on the ranks 0..new_parts-1: so every
// rank is below the larger part count, which bounds the per-rank arrays (plan_traffic) by
// the plan's own counts.
void check_rank_map(const std::vector<PartId>& ranks, PartId old_parts, PartId new_parts) {
    if (ranks.size() != std::size_t(new_parts))
        throw PlanError("the rank map has " + str(ranks.size()) + " entries for " + str(new_parts) +
                        " new parts");
    const PartId physical = std::max(old_parts, new_parts);
    for (std::size_t q = 0; q < ranks.size(); ++q)
        if (ranks[q] >= physical)
            throw PlanError("the rank map puts new part " + str(q) + " on rank " + str(ranks[q]) +
                            ", outside the ranks 0.." + str(physical - 1) + " of " +
                            str(old_parts) + " old and " + str(new_parts) + " new parts");
    std::vector<PartId> sorted(ranks);
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t i = 0; i < sorted.size(); ++i) {
        if (sorted[i] < 0) throw PlanError("the rank map holds a negative rank " + str(sorted[i]));
        if (i > 0 && sorted[i] == sorted[i - 1])
            throw PlanError("the rank map puts two new parts on rank " + str(sorted[i]));
    }
}

void check_ids(const Partition& partition, const char* which) {
    if (partition.num_parts < 1)
        throw PlanError(std::string("the ") + which + " partition has " + str(partition.num_parts) +
                        " parts");
    for (std::size_t v = 0; v < partition.part.size(); ++v)
        if (partition.part[v] < 0 || partition.part[v] >= partition.num_parts)
            throw PlanError(std::string("vertex ") + str(v + 1) + " of the " + which +
                            " partition is in part " + str(partition.part[v]) + ", outside 0.." +
                            str(partition.num_parts - 1));
}

// Stable counting sort of `items` by key(item) in [0, num_keys). O(items + keys).
template <typename Key>
std::vector<VertexId> stable_sort_by(const std::vector<VertexId>& items, PartId num_keys, Key key) {
    std::vector<std::int64_t> start(std::size_t(num_keys) + 1, 0);
    for (VertexId v : items) ++start[std::size_t(key(v)) + 1];
    for (PartId k = 0; k < num_keys; ++k) start[k + 1] += start[k];
    std::vector<VertexId> sorted(items.size());
    for (VertexId v : items) sorted[start[key(v)]++] = v;
    return sorted;
}

} // namespace

std::vector<PartId> identity_ranks(PartId new_parts) {
    std::vector<PartId> ranks(std::size_t(std::max<PartId>(new_parts, 0)));
    std::iota(ranks.begin(), ranks.end(), 0);
    return ranks;
}

PartId MigrationPlan::num_ranks() const {
    PartId ranks = old_parts;
    for (PartId r : new_part_rank) ranks = std::max(ranks, r + 1);
    return ranks;
}

void validate(const MigrationPlan& plan) {
    if (plan.num_vertices < 0) throw PlanError("negative vertex count " + str(plan.num_vertices));
    if (plan.old_parts < 1 || plan.new_parts < 1)
        throw PlanError("part counts must be at least 1, got " + str(plan.old_parts) + " old and " +
                        str(plan.new_parts) + " new");
    check_rank_map(plan.new_part_rank, plan.old_parts, plan.new_parts);
    if (plan.offsets.size() != plan.messages.size() + 1 || plan.offsets.front() != 0 ||
        plan.offsets.back() != std::int64_t(plan.vertices.size()))
        throw PlanError("message offsets do not match the " + str(plan.messages.size()) +
                        " messages and " + str(plan.vertices.size()) + " moved vertices");
    std::vector<char> listed(std::size_t(plan.num_vertices), 0);
    for (std::size_t m = 0; m < plan.messages.size(); ++m) {
        const PlanMessage& msg = plan.messages[m];
        const std::string name = "message " + str(msg.source) + " -> " + str(msg.destination);
        if (msg.source < 0 || msg.source >= plan.old_parts || msg.destination < 0 ||
            msg.destination >= plan.new_parts)
            throw PlanError(name + " names a part outside the plan's " + str(plan.old_parts) +
                            " old and " + str(plan.new_parts) + " new parts");
        if (m > 0 && !(std::pair(plan.messages[m - 1].source, plan.messages[m - 1].destination) <
                       std::pair(msg.source, msg.destination)))
            throw PlanError(
                name + " is out of order: messages must be sorted by source, then destination");
        if (plan.new_part_rank[msg.destination] == msg.source)
            throw PlanError(name + " stays on rank " + str(msg.source) +
                            ": a plan lists only vertices that move");
        if (plan.offsets[m + 1] <= plan.offsets[m])
            throw PlanError(name + " is empty or has a bad offset");
        VertexId previous = -1;
        for (VertexId v : plan.message_vertices(m)) {
            if (v < 0 || v >= plan.num_vertices)
                throw PlanError(name + " lists vertex " + str(std::int64_t(v) + 1) +
                                ", outside 1.." + str(plan.num_vertices));
            if (v <= previous)
                throw PlanError(name + " lists its vertices out of increasing order");
            if (listed[v])
                throw PlanError("vertex " + str(std::int64_t(v) + 1) + " is moved twice");
            listed[v] = 1;
            previous = v;
        }
    }
}

MigrationPlan diff(const Partition& old_partition, const Partition& new_partition,
                   std::vector<PartId> new_part_rank) {
    if (old_partition.part.size() != new_partition.part.size())
        throw PlanError("the old partition has " + str(old_partition.part.size()) +
                        " vertices but the new one has " + str(new_partition.part.size()));
    check_ids(old_partition, "old");
    check_ids(new_partition, "new");
    if (new_part_rank.empty()) new_part_rank = identity_ranks(new_partition.num_parts);
    check_rank_map(new_part_rank, old_partition.num_parts, new_partition.num_parts);

    MigrationPlan plan;
    plan.num_vertices = VertexId(old_partition.part.size());
    plan.old_parts = old_partition.num_parts;
    plan.new_parts = new_partition.num_parts;
    plan.new_part_rank = std::move(new_part_rank);
    plan.old_checksum = partition_checksum(plan.old_parts, old_partition.part);
    plan.new_checksum = partition_checksum(plan.new_parts, new_partition.part);

    const auto& old_part = old_partition.part;
    const auto& new_part = new_partition.part;
    for (VertexId v = 0; v < plan.num_vertices; ++v)
        if (plan.new_part_rank[new_part[v]] != old_part[v]) plan.vertices.push_back(v);
    // Two stable counting sorts of the vertices (listed in increasing order) give (source,
    // destination, vertex) order in linear time.
    plan.vertices =
        stable_sort_by(plan.vertices, plan.new_parts, [&](VertexId v) { return new_part[v]; });
    plan.vertices =
        stable_sort_by(plan.vertices, plan.old_parts, [&](VertexId v) { return old_part[v]; });
    for (std::size_t i = 0; i < plan.vertices.size(); ++i) {
        const VertexId v = plan.vertices[i];
        const PlanMessage msg{old_part[v], new_part[v]};
        if (plan.messages.empty() || !(plan.messages.back() == msg)) {
            if (!plan.messages.empty()) plan.offsets.push_back(std::int64_t(i));
            plan.messages.push_back(msg);
        }
    }
    if (!plan.messages.empty()) plan.offsets.push_back(std::int64_t(plan.vertices.size()));
    return plan;
}

std::vector<PartId> apply_plan(const MigrationPlan& plan, std::span<const PartId> old_part) {
    validate(plan);
    if (old_part.size() != std::size_t(plan.num_vertices))
        throw PlanError("the plan is for " + str(plan.num_vertices) +
                        " vertices but the old partition has " + str(old_part.size()));
    if (partition_checksum(plan.old_parts, old_part) != plan.old_checksum)
        throw PlanError(
            "the old partition's checksum differs from the plan's: the plan was made from another "
            "partition");
    std::vector<PartId> part_on_rank(std::size_t(plan.num_ranks()), -1);
    for (PartId q = 0; q < plan.new_parts; ++q) part_on_rank[plan.new_part_rank[q]] = q;

    std::vector<PartId> new_part(old_part.size());
    for (std::size_t v = 0; v < old_part.size(); ++v) {
        if (old_part[v] < 0 || old_part[v] >= plan.old_parts)
            throw PlanError("vertex " + str(v + 1) + " of the old partition is in part " +
                            str(old_part[v]) + ", outside the plan's 0.." +
                            str(plan.old_parts - 1));
        new_part[v] = part_on_rank[old_part[v]];
    }
    for (std::size_t m = 0; m < plan.messages.size(); ++m) {
        const PlanMessage& msg = plan.messages[m];
        for (VertexId v : plan.message_vertices(m)) {
            if (old_part[v] != msg.source)
                throw PlanError("message " + str(msg.source) + " -> " + str(msg.destination) +
                                " moves vertex " + str(std::int64_t(v) + 1) +
                                " but that vertex is in old part " + str(old_part[v]));
            new_part[v] = msg.destination;
        }
    }
    for (std::size_t v = 0; v < new_part.size(); ++v)
        if (new_part[v] < 0)
            throw PlanError("vertex " + str(v + 1) + " is on rank " + str(old_part[v]) +
                            ", which hosts no new part, but the plan does not move it");
    if (partition_checksum(plan.new_parts, new_part) != plan.new_checksum)
        throw PlanError("the partition the plan produces does not match the plan's new checksum");
    return new_part;
}

void verify_plan(const MigrationPlan& plan, const Partition& old_partition,
                 const Partition& new_partition) {
    validate(plan);
    if (old_partition.part.size() != std::size_t(plan.num_vertices) ||
        new_partition.part.size() != std::size_t(plan.num_vertices))
        throw PlanError("the plan is for " + str(plan.num_vertices) +
                        " vertices but the partitions have " + str(old_partition.part.size()) +
                        " (old) and " + str(new_partition.part.size()) + " (new)");
    if (old_partition.num_parts != plan.old_parts || new_partition.num_parts != plan.new_parts)
        throw PlanError("the plan goes from " + str(plan.old_parts) + " to " + str(plan.new_parts) +
                        " parts but the partitions have " + str(old_partition.num_parts) + " and " +
                        str(new_partition.num_parts));
    if (partition_checksum(old_partition.num_parts, old_partition.part) != plan.old_checksum)
        throw PlanError("the old partition's checksum differs from the plan's");
    if (partition_checksum(new_partition.num_parts, new_partition.part) != plan.new_checksum)
        throw PlanError("the new partition's checksum differs from the plan's");
    const MigrationPlan expected = diff(old_partition, new_partition, plan.new_part_rank);
    if (expected == plan) return;
    const std::size_t common = std::min(expected.messages.size(), plan.messages.size());
    for (std::size_t m = 0; m < common; ++m) {
        const auto want = expected.message_vertices(m), have = plan.message_vertices(m);
        if (!(expected.messages[m] == plan.messages[m]) ||
            !std::equal(want.begin(), want.end(), have.begin(), have.end()))
            throw PlanError(
                "message " + str(m + 1) + " of the plan (" + str(plan.messages[m].source) + " -> " +
                str(plan.messages[m].destination) + ", " + str(have.size()) +
                " vertices) differs from what the partitions need (" +
                str(expected.messages[m].source) + " -> " + str(expected.messages[m].destination) +
                ", " + str(want.size()) + " vertices)");
    }
    throw PlanError("the plan has " + str(plan.messages.size()) +
                    " messages but the partitions need " + str(expected.messages.size()));
}

} // namespace part
