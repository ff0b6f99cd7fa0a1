// Applying a migration plan to a solver's arrays (part/part_mpi.hpp). Both sides of a message
// know its vertices from the plan (sent ascending: Kaddoura & Ranka's schedule_sort), so only
// the data travels, in one MPI_Alltoallv (libpart's exchange) per array.
#include <algorithm>
#include <limits>

#include "../checked.hpp"
#include "../plan_conversion.hpp"
#include "libpart/mpi/exchange.hpp"
#include "migrate_checks.hpp"
#include "part/part_mpi.hpp"

namespace part::api {

namespace {

using part::mpi::collectively;

std::string text(std::int64_t value) {
    return std::to_string(value);
}

// What this rank sends and receives under a plan, and what it keeps.
struct Route {
    std::vector<std::size_t> sent;      // local index of each sent element, in send order
    std::vector<int> send_counts;       // elements per destination rank
    std::vector<int> receive_counts;    // elements per source rank
    std::vector<std::int32_t> received; // ids of the received elements, in arrival order
    std::vector<std::size_t> kept;      // local index of each element that stays
};

int destination_rank(const MigrationPlan& plan, std::size_t m) {
    return plan.new_part_rank[std::size_t(plan.messages[m].destination)];
}

// The messages to this rank, by source rank (the plan's order: one new part per rank).
void add_receives(const MigrationPlan& plan, int rank, Route& route) {
    for (std::size_t m = 0; m < plan.messages.size(); ++m) {
        if (destination_rank(plan, m) != rank) continue;
        const auto vertices = plan.message_vertices(m);
        route.receive_counts[std::size_t(plan.messages[m].source)] += int(vertices.size());
        route.received.insert(route.received.end(), vertices.begin(), vertices.end());
    }
}

// This rank's messages by destination rank (distinct: a rank hosts one new part at most), and
// the elements that stay.
void add_sends(const MigrationPlan& plan, int rank, std::size_t owned, const LocalIndex& index,
               Route& route) {
    std::vector<std::size_t> outgoing;
    for (std::size_t m = 0; m < plan.messages.size(); ++m)
        if (plan.messages[m].source == rank) outgoing.push_back(m);
    std::sort(outgoing.begin(), outgoing.end(), [&](std::size_t a, std::size_t b) {
        return destination_rank(plan, a) < destination_rank(plan, b);
    });
    std::vector<bool> leaving(owned, false);
    for (std::size_t m : outgoing) {
        const auto vertices = plan.message_vertices(m);
        route.send_counts[std::size_t(destination_rank(plan, m))] = int(vertices.size());
        for (std::int32_t v : vertices) {
            route.sent.push_back(index.find(v));
            leaving[route.sent.back()] = true;
        }
    }
    for (std::size_t i = 0; i < owned; ++i)
        if (!leaving[i]) route.kept.push_back(i);
}

Route route_of(const MigrationPlan& plan, int rank, int ranks, std::span<const std::int32_t> ids,
               const LocalIndex& index) {
    Route route;
    route.send_counts.assign(std::size_t(ranks), 0);
    route.receive_counts.assign(std::size_t(ranks), 0);
    add_receives(plan, rank, route);
    add_sends(plan, rank, ids.size(), index, route);
    return route;
}

// Collective: checks the plan, the ids and (data_problem, "" when none) the data on every
// rank, then the ranks' ids together; returns this rank's route.
Route prepare(MPI_Comm comm, const Plan& plan, std::span<const std::int32_t> ids,
              const std::string& data_problem) {
    const int rank = part::mpi::rank_of(comm), ranks = part::mpi::size_of(comm);
    MigrationPlan internal;
    Route route;
    collectively(comm, [&] {
        if (!data_problem.empty()) throw Error("rank " + text(rank) + ": " + data_problem);
        internal = to_internal(plan);
        const LocalIndex index(ids);
        check_ranges(internal, rank, ranks, ids, index);
        check_moving(internal, rank, ids, index);
        route = route_of(internal, rank, ranks, ids, index);
    });
    check_partition(comm, internal, ids);
    return route;
}

// Element counts as byte counts; -1 (which exchange() reports) when one passes MPI's int.
std::vector<int> byte_counts(const std::vector<std::int64_t>& bytes) {
    std::vector<int> counts(bytes.size());
    for (std::size_t r = 0; r < bytes.size(); ++r)
        counts[r] = bytes[r] > std::numeric_limits<int>::max() ? -1 : int(bytes[r]);
    return counts;
}

std::vector<std::int64_t> scaled(const std::vector<int>& counts, std::size_t width) {
    std::vector<std::int64_t> bytes(counts.size());
    for (std::size_t r = 0; r < counts.size(); ++r) bytes[r] = std::int64_t(counts[r]) * width;
    return bytes;
}

struct Element {
    std::int32_t id;
    std::span<const std::byte> data;
};

// The kept and received elements in id order.
MigratedBytes assemble(std::vector<Element> elements, bool with_offsets) {
    std::sort(elements.begin(), elements.end(),
              [](const Element& a, const Element& b) { return a.id < b.id; });
    MigratedBytes result;
    if (with_offsets) result.offsets.push_back(0);
    for (const Element& element : elements) {
        result.ids.push_back(element.id);
        result.data.insert(result.data.end(), element.data.begin(), element.data.end());
        if (with_offsets) result.offsets.push_back(std::int64_t(result.data.size()));
    }
    return result;
}

// The data of the sent elements, in send order, and how many bytes go to each rank.
std::vector<std::byte> pack(const Route& route, std::span<const std::int64_t> offsets,
                            std::span<const std::byte> data, std::vector<std::int64_t>& bytes) {
    std::vector<std::byte> packed;
    bytes.assign(route.send_counts.size(), 0);
    std::size_t next = 0;
    for (std::size_t r = 0; r < route.send_counts.size(); ++r)
        for (int k = 0; k < route.send_counts[r]; ++k, ++next) {
            const std::size_t i = route.sent[next];
            packed.insert(packed.end(), data.begin() + offsets[i], data.begin() + offsets[i + 1]);
            bytes[r] += offsets[i + 1] - offsets[i];
        }
    return packed;
}

// Kept elements (offsets into data) and received ones (sizes, consecutive in `received`).
std::vector<Element> elements_of(const Route& route, std::span<const std::int32_t> ids,
                                 std::span<const std::int64_t> offsets,
                                 std::span<const std::byte> data,
                                 std::span<const std::int64_t> received_sizes,
                                 std::span<const std::byte> received) {
    std::vector<Element> elements;
    for (std::size_t i : route.kept)
        elements.push_back({ids[i], data.subspan(std::size_t(offsets[i]),
                                                 std::size_t(offsets[i + 1] - offsets[i]))});
    std::size_t at = 0;
    for (std::size_t k = 0; k < route.received.size(); ++k) {
        elements.push_back(
            {route.received[k], received.subspan(at, std::size_t(received_sizes[k]))});
        at += std::size_t(received_sizes[k]);
    }
    return elements;
}

std::string offsets_problem(std::size_t count, std::span<const std::int64_t> offsets,
                            std::size_t bytes) {
    if (offsets.size() != count + 1 || offsets.front() != 0 ||
        offsets.back() != std::int64_t(bytes) || !std::is_sorted(offsets.begin(), offsets.end()))
        return "offsets must hold ids.size() + 1 values rising from 0 to the data's size (" +
               text(std::int64_t(bytes)) + ")";
    return {};
}

} // namespace

std::int32_t plan_ranks(const Plan& plan) {
    return checked([&] { return to_internal(plan).num_ranks(); });
}

MigratedBytes migrate(MPI_Comm comm, const Plan& plan, std::span<const std::int32_t> ids,
                      std::span<const std::byte> data, std::size_t bytes_per_element) {
    return checked([&] {
        std::string problem;
        if (bytes_per_element == 0)
            problem = "bytes_per_element must be at least 1";
        else if (data.size() != ids.size() * bytes_per_element)
            problem = "the data holds " + text(std::int64_t(data.size())) + " bytes, expected " +
                      text(std::int64_t(ids.size() * bytes_per_element)) + " for " +
                      text(std::int64_t(ids.size())) + " ids";
        const Route route = prepare(comm, plan, ids, problem);
        std::vector<std::int64_t> offsets(ids.size() + 1),
            sizes(route.received.size(), std::int64_t(bytes_per_element));
        for (std::size_t i = 0; i < offsets.size(); ++i)
            offsets[i] = std::int64_t(i * bytes_per_element);
        std::vector<std::int64_t> bytes;
        const std::vector<std::byte> packed = pack(route, offsets, data, bytes);
        const std::vector<std::byte> received = part::mpi::exchange<std::byte>(
            comm, packed, byte_counts(bytes),
            byte_counts(scaled(route.receive_counts, bytes_per_element)));
        return assemble(elements_of(route, ids, offsets, data, sizes, received), false);
    });
}

MigratedBytes migrate_variable(MPI_Comm comm, const Plan& plan, std::span<const std::int32_t> ids,
                               std::span<const std::int64_t> offsets,
                               std::span<const std::byte> data) {
    return checked([&] {
        const Route route =
            prepare(comm, plan, ids, offsets_problem(ids.size(), offsets, data.size()));
        std::vector<std::int64_t> sizes;
        for (std::size_t i : route.sent) sizes.push_back(offsets[i + 1] - offsets[i]);
        const std::vector<std::int64_t> received_sizes =
            part::mpi::exchange<std::int64_t>(comm, sizes, route.send_counts, route.receive_counts);
        std::vector<std::int64_t> receive_bytes(route.receive_counts.size(), 0);
        std::size_t next = 0;
        for (std::size_t r = 0; r < receive_bytes.size(); ++r)
            for (int k = 0; k < route.receive_counts[r]; ++k)
                receive_bytes[r] += received_sizes[next++];
        std::vector<std::int64_t> send_bytes;
        const std::vector<std::byte> packed = pack(route, offsets, data, send_bytes);
        const std::vector<std::byte> received = part::mpi::exchange<std::byte>(
            comm, packed, byte_counts(send_bytes), byte_counts(receive_bytes));
        return assemble(elements_of(route, ids, offsets, data, received_sizes, received), true);
    });
}

} // namespace part::api
