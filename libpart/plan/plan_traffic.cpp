#include "libpart/plan/plan_traffic.hpp"

#include <algorithm>

namespace part {

PlanTraffic plan_traffic(const MigrationPlan& plan, std::span<const Weight> vertex_size) {
    if (!vertex_size.empty() && vertex_size.size() != std::size_t(plan.num_vertices))
        throw PlanError("the plan is for " + std::to_string(plan.num_vertices) + " vertices but " +
                        std::to_string(vertex_size.size()) + " vertex sizes were given");
    // Unit sizes need only the counts: a distributed plan's summary holds no vertex lists.
    std::vector<WeightSum> message_size(plan.messages.size(), 0);
    for (std::size_t m = 0; m < plan.messages.size(); ++m) {
        if (vertex_size.empty()) {
            message_size[m] = plan.offsets[m + 1] - plan.offsets[m];
            continue;
        }
        for (VertexId v : plan.message_vertices(m)) message_size[m] += vertex_size[v];
    }
    return message_traffic(plan, message_size);
}

namespace {

// One more than the highest rank a message names: ranks above it send and receive nothing,
// so the per-rank totals need no room for them. The old part count alone (which the plan
// file's body does not bound) then costs no memory.
std::size_t ranks_in_messages(const MigrationPlan& plan) {
    PartId highest = -1;
    for (const PlanMessage& msg : plan.messages)
        highest = std::max({highest, msg.source, plan.new_part_rank[msg.destination]});
    return std::size_t(highest + 1);
}

} // namespace

PlanTraffic message_traffic(const MigrationPlan& plan, std::span<const WeightSum> message_size) {
    PlanTraffic traffic;
    const PartId ranks = plan.num_ranks();
    const std::size_t busy_ranks = ranks_in_messages(plan);
    std::vector<VertexId> sent(busy_ranks, 0), received(busy_ranks, 0);
    std::vector<WeightSum> sent_size(busy_ranks, 0), received_size(busy_ranks, 0);
    std::vector<std::int64_t> rank_messages(busy_ranks, 0);
    for (std::size_t m = 0; m < plan.messages.size(); ++m) {
        MessageTraffic t;
        t.message = plan.messages[m];
        t.destination_rank = plan.new_part_rank[t.message.destination];
        t.size = message_size[m];
        t.vertices = VertexId(plan.offsets[m + 1] - plan.offsets[m]);
        const PartId source = t.message.source;
        sent[source] += t.vertices;
        received[t.destination_rank] += t.vertices;
        sent_size[source] += t.size;
        received_size[t.destination_rank] += t.size;
        ++rank_messages[source];
        ++rank_messages[t.destination_rank];
        traffic.moved_vertices += t.vertices;
        traffic.moved_size += t.size;
        traffic.messages.push_back(t);
    }
    for (std::size_t r = 0; r < busy_ranks; ++r) {
        traffic.max_sent_vertices = std::max(traffic.max_sent_vertices, sent[r]);
        traffic.max_received_vertices = std::max(traffic.max_received_vertices, received[r]);
        traffic.max_sent_size = std::max(traffic.max_sent_size, sent_size[r]);
        traffic.max_received_size = std::max(traffic.max_received_size, received_size[r]);
        traffic.max_messages_per_rank = std::max(traffic.max_messages_per_rank, rank_messages[r]);
    }
    traffic.skeleton_ranks = ranks - plan.new_parts;
    return traffic;
}

} // namespace part
