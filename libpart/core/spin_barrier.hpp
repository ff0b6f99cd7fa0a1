#pragma once
// A barrier for the few threads of one split (for_each_range's ranges) that meet once or a few
// times, as std::barrier, but whose waiters spin for a while before they sleep (spin_wait.hpp).
// std::barrier's waiters slept almost at once: in the host's busy spells the graph reader's
// main thread then woke 550 us after the other thread had completed the phase (4elt: the
// parse's two-thread part took 0.85-0.9 ms instead of 0.35).
#include <atomic>
#include <chrono>
#include <cstdint>
#include <utility>

#include "libpart/core/spin_wait.hpp"

namespace part {

template <typename Completion> class SpinBarrier {
  public:
    // `count` threads meet in each phase; completion() must not throw.
    SpinBarrier(std::uint32_t count, Completion completion)
        : count_(count), completion_(std::move(completion)) {}

    // Returns once `count` threads have arrived in this phase; the last one to arrive runs
    // completion() before any returns.
    void arrive_and_wait() {
        // The phase cannot move on before this thread has arrived.
        const std::uint32_t phase = phase_.load(std::memory_order_acquire);
        if (arrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == count_) {
            completion_();
            arrived_.store(0, std::memory_order_relaxed); // published by phase_
            phase_.store(phase + 1, std::memory_order_release);
            phase_.notify_all();
            return;
        }
        wait_while_equal(phase_, phase, kSpin);
    }

    SpinBarrier(const SpinBarrier&) = delete;
    SpinBarrier& operator=(const SpinBarrier&) = delete;

  private:
    // About the longest a phase's threads should wait for each other (the reader's: 20-30 us).
    static constexpr auto kSpin = std::chrono::microseconds(200);

    const std::uint32_t count_;
    Completion completion_;
    std::atomic<std::uint32_t> arrived_{0};
    std::atomic<std::uint32_t> phase_{0};
};

} // namespace part
