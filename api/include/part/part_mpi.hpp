#pragma once
// The MPI part of the public C++ interface (part::part_mpi in CMake, part_mpi in pkg-config):
// move a solver's own arrays with a migration plan, and exchange its halos with the schedule
// of part.hpp's halo_schedule. Every function here is collective over `comm`; a rank that
// finds bad input makes every rank throw part::api::Error with its message (so none hangs).
//
// Rank r of `comm` is old part r of a plan and hosts the new part q with rank_of_part[q] == r;
// `comm` needs at least plan_ranks(plan) ranks (the others take part with no elements).
#include <mpi.h>

#include <cstddef>
#include <cstring>
#include <type_traits>

#include "part/part.hpp"

namespace part::api {

// Ranks a plan spans: its old parts and every rank hosting a new part.
PART_API_EXPORT std::int32_t plan_ranks(const Plan& plan);

// What a rank holds after a migration: its new owned ids, ascending, and their data in that
// order. Fixed size: data holds ids.size() elements of the same size; variable size: element i
// is data[offsets[i] .. offsets[i + 1]).
struct MigratedBytes {
    std::vector<std::int32_t> ids;
    std::vector<std::int64_t> offsets; // variable size only: ids.size() + 1 offsets
    std::vector<std::byte> data;
};

// Collective. Applies `plan` to this rank's elements: `ids` are the global ids (vertices) it
// owns now, exactly those of old part == this rank, in any order; element i's data is
// data[i * bytes_per_element ..]. Elements that stay are kept; those that move are sent in the
// plan's message order (vertices ascending), so no ids and no counts go with the data: both
// sides know them from the plan. Throws Error naming the first id that is missing or not this
// rank's (the check sends each id once to the rank of its block of the numbering).
PART_API_EXPORT MigratedBytes migrate(MPI_Comm comm, const Plan& plan,
                                      std::span<const std::int32_t> ids,
                                      std::span<const std::byte> data,
                                      std::size_t bytes_per_element);

// The same for data of variable size: element i is data[offsets[i] .. offsets[i + 1]). The
// sizes travel first (one per moving element), then the bytes.
PART_API_EXPORT MigratedBytes migrate_variable(MPI_Comm comm, const Plan& plan,
                                               std::span<const std::int32_t> ids,
                                               std::span<const std::int64_t> offsets,
                                               std::span<const std::byte> data);

template <typename T> struct Migrated {
    std::vector<std::int32_t> ids; // ascending
    std::vector<T> values;         // values_per_element per id
};

// migrate() for arrays of values_per_element trivially copyable values per element.
template <typename T>
requires std::is_trivially_copyable_v<T> Migrated<T> migrate(MPI_Comm comm, const Plan& plan,
                                                             std::span<const std::int32_t> ids,
                                                             std::span<const T> values,
                                                             std::size_t values_per_element = 1) {
    MigratedBytes moved =
        migrate(comm, plan, ids, std::as_bytes(values), values_per_element * sizeof(T));
    Migrated<T> result{std::move(moved.ids), std::vector<T>(moved.data.size() / sizeof(T))};
    if (!moved.data.empty())
        std::memcpy(result.values.data(), moved.data.data(), moved.data.size());
    return result;
}

// Collective. One halo exchange with `schedule` (halo_schedule of this rank): sends the values
// of its send ids to each neighbour and returns the values of its ghosts, neighbour after
// neighbour (ascending rank) in receive order, i.e. in the order of ghost_ids(schedule).
// owned_ids are this rank's ids, ascending, with bytes_per_element bytes each in owned_data.
PART_API_EXPORT std::vector<std::byte> halo_exchange(MPI_Comm comm, const HaloSchedule& schedule,
                                                     std::span<const std::int32_t> owned_ids,
                                                     std::span<const std::byte> owned_data,
                                                     std::size_t bytes_per_element);

template <typename T>
requires std::is_trivially_copyable_v<T> std::vector<T>
halo_exchange(MPI_Comm comm, const HaloSchedule& schedule, std::span<const std::int32_t> owned_ids,
              std::span<const T> owned_values, std::size_t values_per_element = 1) {
    const std::vector<std::byte> bytes = halo_exchange(
        comm, schedule, owned_ids, std::as_bytes(owned_values), values_per_element * sizeof(T));
    std::vector<T> ghosts(bytes.size() / sizeof(T));
    if (!bytes.empty()) std::memcpy(ghosts.data(), bytes.data(), bytes.size());
    return ghosts;
}

} // namespace part::api
