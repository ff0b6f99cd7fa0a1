#pragma once
// Failing together: a step that throws on some ranks must not leave the others waiting in a
// collective that the failing ranks will never reach. Every rank runs the step, then all agree
// with one allreduce whether any failed; if so every rank throws the same error, the message
// of the lowest failing rank, so all ranks exit with one clear error and no rank hangs.
#include <mpi.h>

#include <exception>
#include <new>
#include <string>
#include <type_traits>

#include "libpart/core/error.hpp"

namespace part::mpi {

// What every rank throws when some rank's step failed; what() is that rank's message
// (for bad input "file:line: message").
class CollectiveError : public Error {
  public:
    using Error::Error;
};

// Collective. `local_error` is this rank's message, or null when it succeeded. Returns when
// no rank failed; otherwise throws CollectiveError with the lowest failing rank's message.
void agree_on_failure(MPI_Comm comm, const std::string* local_error);

// Runs step() on every rank and agrees on failure (see above). Returns step()'s result.
template <typename Step> auto collectively(MPI_Comm comm, Step&& step) {
    using Result = std::invoke_result_t<Step>;
    if constexpr (std::is_void_v<Result>) {
        collectively(comm, [&] {
            step();
            return 0;
        });
    } else {
        Result result{};
        std::string message;
        bool failed = true;
        try {
            result = step();
            failed = false;
        } catch (const std::bad_alloc&) {
            // As the serial tools report it (tools/common/cli.cpp), not "std::bad_alloc".
            message = "out of memory";
        } catch (const std::exception& e) {
            message = e.what();
        }
        agree_on_failure(comm, failed ? &message : nullptr);
        return result;
    }
}

} // namespace part::mpi
