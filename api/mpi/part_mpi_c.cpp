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
        const auto elements = std::int64_t(std::max(owned, 0));
        const auto bytes = span_of(static_cast<const std::byte*>(data),
                                   elements * std::max<int64_t>(bytes_per_element, 0));
        if (owned > 0) require(data, "data");
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

int part_halo_exchange(MPI_Comm comm, const part_halo* handle, int32_t owned,
                       const int32_t* owned_ids, const void* owned_data, int64_t bytes_per_element,
                       void* ghost_data) {
    return status_of([&] {
        const auto& halo = halo_of(handle);
        const auto elements = std::int64_t(std::max(owned, 0));
        const auto element_bytes = std::max<int64_t>(bytes_per_element, 0);
        if (owned > 0) require(owned_data, "owned_data");
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
