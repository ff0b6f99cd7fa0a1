#pragma once
// What the C functions share (part_c.cpp, and part_mpi's in mpi/part_mpi_c.cpp): exceptions
// become status codes, with the message kept per thread for part_last_error().
#include <new>
#include <span>
#include <string>
#include <vector>

#include "part/part.h"
#include "part/part.hpp"

// The handle part.h's functions give for a plan.
struct part_plan {
    part::api::Plan plan;
};

// The handle part.h's functions give for a halo schedule, with its ghost ids in exchange order.
struct part_halo {
    part::api::HaloSchedule schedule;
    std::vector<std::int32_t> ghosts;
};

namespace part::api::detail {

// This thread's last error message; exported so that libpart_mpi's C functions set the one
// part_last_error() reads.
PART_API_EXPORT std::string& last_error();

template <typename T> std::span<const T> span_of(const T* values, std::int64_t count) {
    return values ? std::span<const T>(values, std::size_t(count)) : std::span<const T>();
}

inline void require(const void* pointer, const char* what) {
    if (!pointer) throw Error(std::string(what) + " is NULL");
}

inline const Plan& plan_of(const part_plan* handle) {
    require(handle, "plan");
    return handle->plan;
}

inline const part_halo& halo_of(const part_halo* handle) {
    require(handle, "halo");
    return *handle;
}

template <typename Job> int status_of(Job&& job) {
    try {
        last_error().clear();
        job();
        return PART_OK;
    } catch (const Error& e) {
        last_error() = e.what();
        return PART_ERROR_INPUT;
    } catch (const std::bad_alloc&) {
        last_error() = "out of memory";
        return PART_ERROR_MEMORY;
    } catch (const std::exception& e) {
        last_error() = e.what();
        return PART_ERROR_INTERNAL;
    }
}

} // namespace part::api::detail
