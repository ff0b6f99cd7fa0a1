// SpinBarrier: every thread of a phase arrives before any leaves, the last one's completion runs
// once per phase before then, and the barrier serves phase after phase. spin_wait: a waiter that
// outlasts its spin sleeps and is woken.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

#include "libpart/core/spin_barrier.hpp"
#include "libpart/core/spin_wait.hpp"

using namespace part;

TEST(SpinBarrier, EveryThreadArrivesBeforeAnyLeavesAndCompletionRunsOncePerPhase) {
    constexpr int kThreads = 4, kPhases = 50;
    std::atomic<int> arrived{0}, completions{0};
    std::atomic<bool> early_leave{false}, completion_early{false};
    auto completion = [&]() noexcept {
        // Run by the last thread to arrive: all of this phase's threads are in.
        if (arrived.load() != kThreads * (completions.load() + 1)) completion_early = true;
        ++completions;
    };
    SpinBarrier barrier(kThreads, completion);
    auto run = [&] {
        for (int phase = 0; phase < kPhases; ++phase) {
            ++arrived;
            barrier.arrive_and_wait();
            // Everyone of this phase arrived, and its completion ran, before anyone left.
            if (arrived.load() < kThreads * (phase + 1) || completions.load() < phase + 1)
                early_leave = true;
        }
    };
    std::vector<std::thread> threads;
    for (int t = 1; t < kThreads; ++t) threads.emplace_back(run);
    run();
    for (auto& thread : threads) thread.join();
    EXPECT_FALSE(early_leave);
    EXPECT_FALSE(completion_early);
    EXPECT_EQ(completions, kPhases);
}

TEST(SpinBarrier, OneThreadPassesAtOnceAfterTheCompletion) {
    int completions = 0;
    SpinBarrier barrier(1, [&]() noexcept { ++completions; });
    barrier.arrive_and_wait();
    barrier.arrive_and_wait();
    EXPECT_EQ(completions, 2);
}

TEST(SpinWait, AWaiterPastItsSpinSleepsAndIsWokenByTheChange) {
    std::atomic<std::uint32_t> value{0};
    std::thread waiter([&] { wait_while_equal(value, 0, std::chrono::microseconds(10)); });
    std::this_thread::sleep_for(std::chrono::milliseconds(20)); // well past the spin
    value.store(1);
    value.notify_all();
    waiter.join(); // hangs (ctest's timeout) if the sleeper is never woken
    EXPECT_FALSE(spin_while_equal(value, 1, std::chrono::microseconds(50)));
    EXPECT_TRUE(spin_while_equal(value, 0, std::chrono::microseconds(50)));
}
