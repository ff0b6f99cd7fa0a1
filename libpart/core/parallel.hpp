#pragma once
// Data-parallel loops over contiguous index ranges, on the process's helper thread
// (helper_thread.hpp) and, beyond it, threads started away from the caller's CPU (SpreadThread),
// for the passes that gain from a second core (graph reading and validation, reports beside
// the work they describe, band refinement).
#include <algorithm>
#include <cstdint>
#include <exception>
#include <functional>
#include <list>
#include <thread>
#include <vector>

#include <sched.h>

#include "libpart/core/helper_thread.hpp"
#include "libpart/core/spread_thread.hpp"

namespace part {

// The CPUs the calling thread may run on: those of its affinity mask (taskset, cpusets,
// `mpirun --bind-to core`), not all the machine's, which std::thread::hardware_concurrency
// counts. A rank bound to one core that counted two started a helper thread there, which
// spun beside the rank's own work on the same core.
inline unsigned usable_cpus() {
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) == 0)
        return unsigned(std::max(1, CPU_COUNT(&allowed)));
    return std::max(1u, std::thread::hardware_concurrency());
}

// usable_cpus() as the process started, asked once (each ask is a system call). Threads the
// process starts inherit the mask, so the first caller's is the process's.
inline unsigned hardware_threads() {
    static const unsigned threads = usable_cpus();
    return threads;
}

// Threads worth using for `work` units (bytes or entries): 1 below about a million.
inline unsigned worker_threads(std::int64_t work) {
    if (work < (std::int64_t(1) << 20)) return 1;
    return std::clamp(hardware_threads(), 1u, 8u);
}

// Runs body(range, begin, end) over [0, n) cut into `ranges` contiguous pieces, concurrently.
// When bodies throw, rethrows the exception of the lowest range, which is the one a
// sequential loop over [0, n) would have met first.
template <typename Body> void for_each_range(std::int64_t n, unsigned ranges, Body body) {
    ranges = std::max(1u, ranges);
    std::vector<std::exception_ptr> failure(ranges);
    auto run = [&](unsigned r) {
        try {
            body(r, n * r / ranges, n * (r + 1) / ranges);
        } catch (...) {
            failure[r] = std::current_exception();
        }
    };
    {
        // Range 1 on the process's helper thread when it is free (no thread to start), the
        // others on threads of their own, joined when they go out of scope.
        const std::function<void()> first_other = [&run] { run(1); };
        HelperTask on_helper(ranges > 1 ? &first_other : nullptr); // waited for on the way out
        std::list<SpreadThread> workers;
        for (unsigned r = on_helper.started() ? 2 : 1; r < ranges; ++r)
            workers.emplace_back([&run, r] { run(r); });
        run(0);
    }
    for (const auto& f : failure)
        if (f) std::rethrow_exception(f);
}

// Whether run_both(work, ...) runs its tasks at the same time: where there are two cores and
// the work (bytes or entries) is above about 16,000. part-refine's reports on graphs of
// 10k-30k vertices take about 0.5 ms, well above a hand-off to the helper thread; only tiny
// inputs are not worth one.
inline bool runs_both_concurrently(std::int64_t work) {
    return work >= (std::int64_t(1) << 14) && hardware_threads() > 1;
}

// Runs first() and second() at the same time when `concurrently`, the machine has two cores
// and the helper thread is free, first() then second() otherwise; rethrows first()'s
// exception before second()'s, as the sequential order would. For callers that know better
// than a byte count whether a thread pays (tasks of many passes over their data). A split
// inside a task the helper runs (or beside it) runs sequentially: with two cores both are
// busy already, and a thread started per split costs more than small halves save.
template <typename First, typename Second>
void run_both_if(bool concurrently, First first, Second second) {
    if (concurrently && hardware_threads() > 1) {
        std::exception_ptr second_failure;
        const std::function<void()> task = [&] {
            try {
                second();
            } catch (...) {
                second_failure = std::current_exception();
            }
        };
        bool on_helper = false;
        {
            HelperTask helper(&task); // waited for on the way out, even if first() throws
            on_helper = helper.started();
            if (on_helper) first();
        }
        if (on_helper) {
            if (second_failure) std::rethrow_exception(second_failure);
            return;
        }
    }
    first();
    second();
}

// Runs first() and second() at the same time when runs_both_concurrently(work), first() then
// second() otherwise, as run_both_if does.
template <typename First, typename Second>
void run_both(std::int64_t work, First first, Second second) {
    run_both_if(runs_both_concurrently(work), first, second);
}

} // namespace part
