// run_both: on one thread below its threshold (first, then second), on two above; exceptions
// come out in the sequential order either way. run_both_if: the same, on the caller's word.
// SpreadThread: the threads they start.
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "libpart/core/helper_thread.hpp"
#include "libpart/core/parallel.hpp"
#include "libpart/core/spread_thread.hpp"

using namespace part;

namespace {

// Waits (at most a few seconds) until `flag` is set: the first task of a split holds the
// caller until the second has begun on the helper, which the caller would otherwise run itself
// at its wait if the helper had not begun it yet.
void wait_until(const std::atomic<bool>& flag) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (!flag.load() && std::chrono::steady_clock::now() < until) std::this_thread::yield();
}

} // namespace

TEST(RunBoth, SmallWorkRunsFirstThenSecondOnTheCallingThread) {
    EXPECT_FALSE(runs_both_concurrently(1000));
    const std::thread::id caller = std::this_thread::get_id();
    int order = 0, first_at = -1, second_at = -1;
    bool same_thread = true;
    run_both(
        1000,
        [&] {
            first_at = order++;
            same_thread = same_thread && std::this_thread::get_id() == caller;
        },
        [&] {
            second_at = order++;
            same_thread = same_thread && std::this_thread::get_id() == caller;
        });
    EXPECT_EQ(first_at, 0);
    EXPECT_EQ(second_at, 1);
    EXPECT_TRUE(same_thread);
}

TEST(RunBoth, FirstTasksExceptionWinsWhateverTheThreads) {
    for (std::int64_t work : {std::int64_t(10), std::int64_t(1) << 24}) {
        std::atomic<int> ran{0};
        try {
            run_both(
                work, [&] { throw std::runtime_error("first"); },
                [&] {
                    ++ran;
                    throw std::runtime_error("second");
                });
            ADD_FAILURE() << "no exception";
        } catch (const std::runtime_error& e) {
            EXPECT_STREQ(e.what(), "first") << work;
        }
        // Sequentially second() never starts; on two threads it may have.
        if (!runs_both_concurrently(work)) {
            EXPECT_EQ(ran, 0);
        }
    }
    EXPECT_EQ(runs_both_concurrently(std::int64_t(1) << 24), hardware_threads() > 1);
}

TEST(RunBoth, WorkOfAGraphOfTenThousandVerticesRunsOnTwoThreads) {
    // part-refine's reports on naca0012 (118,000 adjacency entries) overlap the refinement.
    const std::thread::id caller = std::this_thread::get_id();
    std::thread::id first_on, second_on;
    std::atomic<bool> second_began{false};
    run_both(
        118000,
        [&] {
            first_on = std::this_thread::get_id();
            if (hardware_threads() > 1) wait_until(second_began);
        },
        [&] {
            second_on = std::this_thread::get_id();
            second_began = true;
        });
    EXPECT_EQ(first_on, caller);
    EXPECT_EQ(second_on != caller, hardware_threads() > 1);
}

TEST(UsableCpus, CountsTheCpusTheThreadMayRunOnNotTheMachines) {
    // As under `taskset -c 0` or `mpirun --bind-to core`: one CPU, whatever the machine has.
    unsigned pinned = 0, machine = 0;
    std::thread([&] {
        machine = usable_cpus();
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(sched_getcpu(), &one);
        ASSERT_EQ(sched_setaffinity(0, sizeof one, &one), 0);
        pinned = usable_cpus();
    }).join();
    cpu_set_t process;
    ASSERT_EQ(sched_getaffinity(0, sizeof process, &process), 0);
    EXPECT_EQ(machine, unsigned(CPU_COUNT(&process)));
    EXPECT_EQ(pinned, 1u);
    EXPECT_EQ(hardware_threads(), unsigned(CPU_COUNT(&process)));
}

TEST(SpreadThread, RunsItsTaskWithTheProcesssAffinity) {
    // It starts away from its creator's CPU, then may run on any CPU the process may use.
    cpu_set_t process;
    ASSERT_EQ(sched_getaffinity(0, sizeof process, &process), 0);
    cpu_set_t seen;
    CPU_ZERO(&seen);
    bool ran = false;
    {
        SpreadThread thread([&] {
            ran = true;
            sched_getaffinity(0, sizeof seen, &seen);
        });
    }
    EXPECT_TRUE(ran);
    EXPECT_TRUE(CPU_EQUAL(&seen, &process));
}
TEST(RunBothIf, RunsOnTheCallingThreadWhenNotConcurrentAndOnTwoWhenAsked) {
    const std::thread::id caller = std::this_thread::get_id();
    std::thread::id first_on, second_on;
    int order = 0, first_at = -1, second_at = -1;
    run_both_if(
        false,
        [&] {
            first_at = order++;
            first_on = std::this_thread::get_id();
        },
        [&] {
            second_at = order++;
            second_on = std::this_thread::get_id();
        });
    EXPECT_EQ(first_at, 0);
    EXPECT_EQ(second_at, 1);
    EXPECT_EQ(first_on, caller);
    EXPECT_EQ(second_on, caller);

    std::atomic<int> ran{0};
    std::atomic<bool> second_began{false};
    run_both_if(
        true,
        [&] {
            first_on = std::this_thread::get_id();
            ++ran;
            if (hardware_threads() > 1) wait_until(second_began);
        },
        [&] {
            second_on = std::this_thread::get_id();
            ++ran;
            second_began = true;
        });
    EXPECT_EQ(ran, 2);
    EXPECT_EQ(first_on, caller);
    EXPECT_EQ(second_on != caller, hardware_threads() > 1);
}

TEST(HelperThread, RunsHandedTasksOnAnotherThreadOneAtATime) {
    const std::thread::id caller = std::this_thread::get_id();
    std::thread::id ran_on;
    std::atomic<bool> began{false}, release{false};
    const std::function<void()> task = [&] {
        ran_on = std::this_thread::get_id();
        began = true;
        while (!release.load()) std::this_thread::yield();
    };
    const std::uint32_t ticket = HelperThread::instance().try_start(task);
    ASSERT_NE(ticket, 0u);
    // Running a task: a second caller gets no ticket and does without.
    EXPECT_EQ(HelperThread::instance().try_start(task), 0u);
    wait_until(began); // else wait() below would run it here
    release = true;
    HelperThread::instance().wait(ticket);
    EXPECT_NE(ran_on, caller);
    EXPECT_NE(ran_on, std::thread::id());
    // Free again once the task is over, and its tickets keep coming in order.
    const std::function<void()> quick = [] {};
    const std::uint32_t next = HelperThread::instance().try_start(quick);
    EXPECT_NE(next, 0u);
    HelperThread::instance().wait(next);
    HelperThread::instance().wait(ticket); // long finished: returns at once
}

namespace {

// The helper's idle work in this process (set_idle_work is once per process), which it keeps
// calling until the process ends, so it lives in statics: steps counted up to `allowed`, and
// while `hold` is set a step that waits in place, keeping the helper from its next task.
struct TestIdleWork {
    std::atomic<int> steps{0}, allowed{100};
    std::atomic<bool> on_helper{true}, hold{false}, holding{false};
    std::thread::id caller;
    bool installed = false;
};

TestIdleWork& test_idle_work() {
    static TestIdleWork work;
    static const bool once = [] {
        work.caller = std::this_thread::get_id();
        work.installed = HelperThread::instance().set_idle_work([] {
            if (std::this_thread::get_id() == work.caller) work.on_helper = false;
            if (work.hold.load()) {
                work.holding = true;
                while (work.hold.load()) std::this_thread::yield();
                work.holding = false;
                return true;
            }
            if (work.steps.load() >= work.allowed.load()) return false;
            ++work.steps;
            return true;
        });
        return true;
    }();
    (void)once;
    return work;
}

} // namespace

TEST(HelperThread, DoesItsIdleWorkBetweenTasksAndStillRunsTasks) {
    TestIdleWork& work = test_idle_work();
    ASSERT_TRUE(work.installed);
    std::atomic<int>& steps = work.steps;
    std::atomic<int>& allowed = work.allowed;
    std::atomic<bool>& on_helper = work.on_helper;
    // Once per process.
    EXPECT_FALSE(HelperThread::instance().set_idle_work([] { return false; }));
    // A task wakes the helper if it slept before it saw the work; afterwards it does the steps.
    const std::function<void()> quick = [] {};
    for (int round = 0; round < 10000 && steps.load() < 100; ++round) {
        const std::uint32_t ticket = HelperThread::instance().try_start(quick);
        if (ticket != 0) HelperThread::instance().wait(ticket);
        std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
    EXPECT_EQ(steps.load(), 100);
    EXPECT_TRUE(on_helper.load());
    std::atomic<int> ran{0};
    const std::function<void()> task = [&] { ++ran; };
    const std::uint32_t ticket = HelperThread::instance().try_start(task);
    ASSERT_NE(ticket, 0u);
    HelperThread::instance().wait(ticket);
    EXPECT_EQ(ran.load(), 1);
    // Idle work that comes back while the helper sleeps, with no task to wake it: it naps, and
    // takes the work up after a nap.
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    allowed = 150;
    for (int round = 0; round < 5000 && steps.load() < 150; ++round)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    EXPECT_EQ(steps.load(), 150);
}

TEST(HelperThread, ATaskTheHelperHasNotBegunRunsOnTheCallerAtItsWait) {
    // The helper is held in a step of its idle work, as if its vCPU were slow to run again.
    TestIdleWork& work = test_idle_work();
    ASSERT_TRUE(work.installed);
    work.hold = true;
    // Released however the test ends: a helper left holding would never join at exit.
    struct Release {
        std::atomic<bool>& hold;
        ~Release() { hold = false; }
    } release_hold{work.hold};
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (!work.holding.load() && std::chrono::steady_clock::now() < until) {
        // A task wakes a helper asleep since before the hold (set_idle_work's naps do too).
        const std::function<void()> nothing = [] {};
        const std::uint32_t wake = HelperThread::instance().try_start(nothing);
        if (wake != 0) HelperThread::instance().wait(wake);
        std::this_thread::yield();
    }
    ASSERT_TRUE(work.holding.load());
    std::thread::id ran_on;
    const std::function<void()> task = [&] { ran_on = std::this_thread::get_id(); };
    const std::uint32_t ticket = HelperThread::instance().try_start(task);
    ASSERT_NE(ticket, 0u);
    HelperThread::instance().wait(ticket);
    EXPECT_EQ(ran_on, std::this_thread::get_id());
    work.hold = false;
    // The helper, back, takes the next task (it does not run the one it missed).
    std::atomic<int> runs{0};
    std::atomic<bool> began{false}, release{false};
    const std::function<void()> counted = [&] {
        ++runs;
        ran_on = std::this_thread::get_id();
        began = true;
        while (!release.load()) std::this_thread::yield();
    };
    const std::uint32_t next = HelperThread::instance().try_start(counted);
    ASSERT_NE(next, 0u);
    wait_until(began);
    release = true;
    HelperThread::instance().wait(next);
    EXPECT_EQ(runs.load(), 1);
    EXPECT_NE(ran_on, std::this_thread::get_id());
}

TEST(ForEachRange, ManySplitsInARowAndNestedSplitsAllRunEveryRange) {
    // Splits in quick succession reuse the helper; a split inside a range the helper runs finds
    // it busy and starts a thread instead. Every index is visited exactly once either way.
    for (int round = 0; round < 200; ++round) {
        std::vector<std::atomic<int>> seen(64);
        for_each_range(8, 2, [&](unsigned, std::int64_t begin, std::int64_t end) {
            for (std::int64_t outer = begin; outer < end; ++outer)
                for_each_range(8, 2, [&](unsigned, std::int64_t b, std::int64_t e) {
                    for (std::int64_t inner = b; inner < e; ++inner) ++seen[outer * 8 + inner];
                });
        });
        for (const auto& count : seen) ASSERT_EQ(count.load(), 1) << round;
    }
}

TEST(ForEachRange, ExceptionOfTheLowestRangeComesOutWithTheHelperInUse) {
    for (unsigned ranges : {2u, 3u}) {
        try {
            for_each_range(ranges, ranges, [](unsigned r, std::int64_t, std::int64_t) {
                if (r >= 1) throw std::runtime_error("range " + std::to_string(r));
            });
            ADD_FAILURE() << "no exception";
        } catch (const std::runtime_error& e) {
            EXPECT_STREQ(e.what(), "range 1");
        }
    }
}

TEST(RunBothIf, ASplitInsideTheHelpersTaskRunsInOrderOnThatThread) {
    if (hardware_threads() < 2) GTEST_SKIP() << "one core: nothing runs beside";
    std::thread::id outer_second, inner_first, inner_second;
    int order = 0, inner_first_at = -1, inner_second_at = -1;
    std::atomic<bool> second_began{false};
    run_both_if(
        true, [&] { wait_until(second_began); },
        [&] {
            second_began = true;
            outer_second = std::this_thread::get_id();
            run_both_if(
                true,
                [&] {
                    inner_first = std::this_thread::get_id();
                    inner_first_at = order++;
                },
                [&] {
                    inner_second = std::this_thread::get_id();
                    inner_second_at = order++;
                });
        });
    EXPECT_NE(outer_second, std::this_thread::get_id());
    EXPECT_EQ(inner_first, outer_second);
    EXPECT_EQ(inner_second, outer_second);
    EXPECT_EQ(inner_first_at, 0);
    EXPECT_EQ(inner_second_at, 1);
}
