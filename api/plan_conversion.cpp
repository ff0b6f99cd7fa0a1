#include "plan_conversion.hpp"

namespace part::api {

Plan to_public(const MigrationPlan& internal) {
    Plan plan{internal.num_vertices,
              internal.old_parts,
              internal.new_parts,
              internal.new_part_rank,
              internal.old_checksum,
              internal.new_checksum,
              {}};
    for (std::size_t m = 0; m < internal.messages.size(); ++m) {
        const auto vertices = internal.message_vertices(m);
        plan.messages.push_back({internal.messages[m].source,
                                 internal.messages[m].destination,
                                 {vertices.begin(), vertices.end()}});
    }
    return plan;
}

MigrationPlan to_internal(const Plan& plan) {
    MigrationPlan internal;
    internal.num_vertices = plan.num_vertices;
    internal.old_parts = plan.old_parts;
    internal.new_parts = plan.new_parts;
    internal.new_part_rank = plan.rank_of_part;
    internal.old_checksum = plan.old_checksum;
    internal.new_checksum = plan.new_checksum;
    for (const PlanMessage& message : plan.messages) {
        internal.messages.push_back({message.source, message.destination});
        internal.vertices.insert(internal.vertices.end(), message.vertices.begin(),
                                 message.vertices.end());
        internal.offsets.push_back(std::int64_t(internal.vertices.size()));
    }
    validate(internal);
    return internal;
}

} // namespace part::api
