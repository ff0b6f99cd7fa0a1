#pragma once
// libpart's errors as the public interface's: part::api::Error.
#include "libpart/core/error.hpp"
#include "part/part.hpp"

namespace part::api {

// Runs `job`, giving libpart's errors (bad input, unknown names) as part::api::Error.
template <typename Job> auto checked(Job&& job) {
    try {
        return job();
    } catch (const Error&) {
        throw;
    } catch (const part::Error& e) {
        throw Error(e.what());
    }
}

} // namespace part::api
