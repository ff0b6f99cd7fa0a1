#pragma once
// What a migration plan costs to carry out: the P x P' traffic (as a sparse list, one entry
// per message) and the totals a user compares repartitioning methods by.
#include <span>
#include <vector>

#include "libpart/plan/migration_plan.hpp"

namespace part {

struct MessageTraffic {
    PlanMessage message; // its source is the sending rank
    PartId destination_rank = 0;
    VertexId vertices = 0;
    WeightSum size = 0; // sum of vertex sizes
};

struct PlanTraffic {
    std::vector<MessageTraffic> messages; // in plan order
    VertexId moved_vertices = 0;
    WeightSum moved_size = 0;
    // Per physical rank, the most any one rank sends or receives.
    VertexId max_sent_vertices = 0, max_received_vertices = 0;
    WeightSum max_sent_size = 0, max_received_size = 0;
    std::int64_t max_messages_per_rank = 0; // sent + received by one rank
    PartId skeleton_ranks = 0;              // ranks of the plan hosting no new part
};

// `vertex_size` gives the migration size of each vertex (empty: 1 each). O(n + messages + ranks).
PlanTraffic plan_traffic(const MigrationPlan& plan, std::span<const Weight> vertex_size = {});

// The same from the size of each message; reads only the plan's messages, offsets and rank
// map, so it also serves a plan whose vertex lists are spread over ranks (libpart/mpi).
PlanTraffic message_traffic(const MigrationPlan& plan, std::span<const WeightSum> message_size);

} // namespace part
