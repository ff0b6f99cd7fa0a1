#pragma once
// Waits for an atomic 32-bit value to change: spinning first, then asleep (a futex wait).
//
// A thread put to sleep on this 2-vCPU VM took 30-100 us to wake, and in the host's busy
// spells 500 us and more (the idle vCPU waits for the host to run it again): a wait that is
// usually short spins for a while first. The helper thread and its callers (helper_thread.hpp)
// and the threads of a split that meet (spin_barrier.hpp) wait this way.
#include <atomic>
#include <chrono>
#include <cstdint>

namespace part {

// Spins until value differs from `seen` or `budget` has passed; true if it changed.
bool spin_while_equal(const std::atomic<std::uint32_t>& value, std::uint32_t seen,
                      std::chrono::microseconds budget);

// Waits until value differs from `seen`: spins for `budget`, then sleeps until notified
// (atomic::notify_all).
void wait_while_equal(const std::atomic<std::uint32_t>& value, std::uint32_t seen,
                      std::chrono::microseconds budget);

} // namespace part
