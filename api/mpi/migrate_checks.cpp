#include "migrate_checks.hpp"

#include "libpart/mpi/distributed_plan.hpp"
#include "libpart/mpi/exchange.hpp"

namespace part::api {

namespace {

std::string text(std::int64_t value) {
    return std::to_string(value);
}

} // namespace

void check_ranges(const MigrationPlan& plan, int rank, int ranks, std::span<const std::int32_t> ids,
                  const LocalIndex& index) {
    const std::string who = "rank " + text(rank) + ": ";
    if (ranks < plan.num_ranks())
        throw Error("the plan spans " + text(plan.num_ranks()) + " ranks, the communicator has " +
                    text(ranks));
    for (std::int32_t id : ids)
        if (id < 0 || id >= plan.num_vertices)
            throw Error(who + "id " + text(id) + " is out of range (the plan has " +
                        text(plan.num_vertices) + " vertices)");
    if (const std::int64_t id = index.repeated(); id >= 0)
        throw Error(who + "id " + text(id) + " is passed twice");
    if (!ids.empty() && rank >= plan.old_parts)
        throw Error(who + "passes id " + text(ids[0]) + " but the plan has only " +
                    text(plan.old_parts) + " old parts");
}

void check_moving(const MigrationPlan& plan, int rank, std::span<const std::int32_t> ids,
                  const LocalIndex& index) {
    const std::string who = "rank " + text(rank) + ": ";
    for (std::size_t m = 0; m < plan.messages.size(); ++m) {
        const auto& message = plan.messages[m];
        const std::string where = ", which the plan sends from old part " + text(message.source) +
                                  " to part " + text(message.destination);
        for (std::int32_t v : plan.message_vertices(m)) {
            const bool passed = index.find(v) != ids.size();
            if (message.source == rank && !passed)
                throw Error(who + "misses id " + text(v) + where);
            if (message.source != rank && passed) throw Error(who + "passes id " + text(v) + where);
        }
    }
}

void check_partition(MPI_Comm comm, const MigrationPlan& plan, std::span<const std::int32_t> ids) {
    const int rank = part::mpi::rank_of(comm), ranks = part::mpi::size_of(comm);
    std::vector<std::int32_t> block_start(std::size_t(ranks) + 1);
    for (int r = 0; r <= ranks; ++r)
        block_start[r] = std::int32_t(std::int64_t(plan.num_vertices) * r / ranks);
    const auto out = part::mpi::group_by_rank(ids, ranks, [&](std::size_t i) {
        return int(std::upper_bound(block_start.begin(), block_start.end(), ids[i]) -
                   block_start.begin()) -
               1;
    });
    std::vector<int> sources;
    const std::vector<std::int32_t> received = part::mpi::send_outbox(comm, out, &sources);
    std::vector<PartId> holder(std::size_t(block_start[rank + 1] - block_start[rank]), -1);
    part::mpi::collectively(comm, [&] {
        for (std::size_t i = 0; i < received.size(); ++i) {
            PartId& h = holder[std::size_t(received[i] - block_start[rank])];
            if (h >= 0)
                throw Error("id " + text(received[i]) + " is passed by ranks " + text(h) + " and " +
                            text(sources[i]));
            h = sources[i];
        }
        const auto missing = std::find(holder.begin(), holder.end(), -1);
        if (missing != holder.end())
            throw Error("id " + text(block_start[rank] + (missing - holder.begin())) +
                        " is passed by no rank");
    });
    const auto checksum =
        part::mpi::chained_checksums(comm, plan.old_parts, plan.old_parts, holder, holder).first;
    if (checksum != plan.old_checksum)
        throw Error("the ranks' ids are not the plan's old partition (its checksum differs): a "
                    "vertex that stays is passed by another rank than its old part's");
}

} // namespace part::api
