// The MPI part of the C interface (api/include/part/part_mpi.h) over part_mpi.hpp.
#include "part/part_mpi.h"

#include <algorithm>
#include <cstring>

#include "../c_status.hpp"
#include "part/part_mpi.hpp"

using part::api::detail::halo_of;
using part::api::detail::plan_of;
using part::api::detail::require;
using part::api::detail::span_of;
using part::api::detail::status_of;

// The handle of part_migrate_variable's result.
struct part_migrated {
    part::api::MigratedBytes moved;
};

namespace {

const part::api::MigratedBytes& moved_of(const part_migrated* handle) {
    require(handle, "migrated");
    return handle->moved;
}

} // namespace

extern "C" {

int part_migrate_count(const part_plan* handle, int32_t rank, int32_t owned, int32_t* new_owned) {
    return status_of([&] {
        const auto& plan = plan_of(handle);
        require(new_owned, "new_owned");
        std::int64_t count = owned;
        for (const auto& message : plan.messages) {
            const auto moving = std::int64_t(message.vertices.size());
            if (message.source == rank) count -= moving;
            if (plan.rank_of_part.at(std::size_t(message.destination)) == rank) count += moving;
        }
        *new_owned = int32_t(count);
    });
}

int part_migrate(MPI_Comm comm, const part_plan* plan, int32_t owned, const int32_t* ids,
                 const void* data, int64_t bytes_per_element, int32_t* new_ids, void* new_data) {
    return status_of([&] {
        // A NULL data is an empty one, which migrate() refuses on every rank (a local
        // throw here would leave the other ranks waiting).
        const auto elements = std::int64_t(std::max(owned, 0));
        const auto bytes = span_of(static_cast<const std::byte*>(data),
                                   elements * std::max<int64_t>(bytes_per_element, 0));
        const auto moved = part::api::migrate(comm, plan_of(plan), span_of(ids, elements), bytes,
                                              std::size_t(std::max<int64_t>(bytes_per_element, 0)));
        if (!moved.ids.empty()) {
            require(new_ids, "new_ids");
            require(new_data, "new_data");
        }
        std::copy(moved.ids.begin(), moved.ids.end(), new_ids);
        if (!moved.data.empty()) std::memcpy(new_data, moved.data.data(), moved.data.size());
    });
}

int part_migrate_f(MPI_Fint comm, const part_plan* plan, int32_t owned, const int32_t* ids,
                   const void* data, int64_t bytes_per_element, int32_t* new_ids, void* new_data) {
    return part_migrate(MPI_Comm_f2c(comm), plan, owned, ids, data, bytes_per_element, new_ids,
                        new_data);
}

int part_migrate_variable(MPI_Comm comm, const part_plan* plan, int32_t owned, const int32_t* ids,
                          const int64_t* offsets, const void* data, part_migrated** migrated) {
    return status_of([&] {
        if (migrated) *migrated = nullptr;
        // NULL offsets or data are empty ones, which migrate_variable() refuses on every rank
        // unless this rank has nothing (or only empty elements); a rank with nothing may pass
        // NULL offsets.
        static constexpr std::int64_t no_element = 0;
        if (!offsets && owned <= 0) offsets = &no_element;
        const auto elements = std::int64_t(std::max(owned, 0));
        const auto offset_span = span_of(offsets, elements + 1);
        const std::int64_t bytes =
            offset_span.empty() ? 0 : std::max<int64_t>(offset_span.back(), 0);
        auto moved = part::api::migrate_variable(
            comm, plan_of(plan), span_of(ids, elements), offset_span,
            span_of(static_cast<const std::byte*>(data), data ? bytes : 0));
        require(migrated, "migrated"); // after the collective call: no rank is left waiting
        *migrated = new part_migrated{std::move(moved)};
    });
}

int part_migrate_variable_f(MPI_Fint comm, const part_plan* plan, int32_t owned, const int32_t* ids,
                            const int64_t* offsets, const void* data, part_migrated** migrated) {
    return part_migrate_variable(MPI_Comm_f2c(comm), plan, owned, ids, offsets, data, migrated);
}

int part_migrated_sizes(const part_migrated* handle, int32_t* new_owned, int64_t* new_bytes) {
    return status_of([&] {
        const auto& moved = moved_of(handle);
        if (new_owned) *new_owned = int32_t(moved.ids.size());
        if (new_bytes) *new_bytes = int64_t(moved.data.size());
    });
}

int part_migrated_copy(const part_migrated* handle, int32_t* new_ids, int64_t* new_offsets,
                       void* new_data) {
    return status_of([&] {
        const auto& moved = moved_of(handle);
        if (new_ids) std::copy(moved.ids.begin(), moved.ids.end(), new_ids);
        if (new_offsets) std::copy(moved.offsets.begin(), moved.offsets.end(), new_offsets);
        if (new_data && !moved.data.empty())
            std::memcpy(new_data, moved.data.data(), moved.data.size());
    });
}

void part_migrated_free(part_migrated* handle) {
    delete handle;
}

int part_halo_exchange(MPI_Comm comm, const part_halo* handle, int32_t owned,
                       const int32_t* owned_ids, const void* owned_data, int64_t bytes_per_element,
                       void* ghost_data) {
    return status_of([&] {
        const auto& halo = halo_of(handle);
        const auto elements = std::int64_t(std::max(owned, 0));
        const auto element_bytes = std::max<int64_t>(bytes_per_element, 0);
        // A NULL owned_data is an empty one, which halo_exchange() refuses on every rank (a
        // local throw here would leave the other ranks waiting).
        const auto ghosts = part::api::halo_exchange(
            comm, halo.schedule, span_of(owned_ids, elements),
            span_of(static_cast<const std::byte*>(owned_data), elements * element_bytes),
            std::size_t(element_bytes));
        if (!ghosts.empty()) {
            require(ghost_data, "ghost_data");
            std::memcpy(ghost_data, ghosts.data(), ghosts.size());
        }
    });
}

int part_halo_exchange_f(MPI_Fint comm, const part_halo* halo, int32_t owned,
                         const int32_t* owned_ids, const void* owned_data,
                         int64_t bytes_per_element, void* ghost_data) {
    return part_halo_exchange(MPI_Comm_f2c(comm), halo, owned, owned_ids, owned_data,
                              bytes_per_element, ghost_data);
}
}
