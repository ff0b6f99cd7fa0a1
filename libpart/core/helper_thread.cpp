#include "libpart/core/helper_thread.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>

#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "libpart/core/spin_wait.hpp"
#include "libpart/core/spread_thread.hpp"

namespace part {

namespace {

// How long the helper spins for its next task, and a caller for the helper's task, before
// sleeping. part-refine's splits come within tens of microseconds of each other while it
// coarsens and extracts bands; a sleeping thread took 30-100 us to wake on this VM.
constexpr auto kHelperSpin = std::chrono::microseconds(300);
constexpr auto kCallerSpin = std::chrono::microseconds(200);

// While it has idle work, the helper sleeps in naps, so that it takes the work up again when
// the work comes back (part-refine's heap grows between tasks), from this long, doubling while
// there is none, up to the longest.
constexpr auto kFirstNap = std::chrono::microseconds(100);
constexpr auto kLongestNap = std::chrono::microseconds(1600);

// The futex under `value` (an atomic of 32 bits is one): posted_ is waited on and woken here
// rather than through atomic::wait, which has no timeout for the naps, and whose notify may
// skip the wake of a waiter it did not register.
std::uint32_t* futex_word(std::atomic<std::uint32_t>& value) {
    static_assert(sizeof(std::atomic<std::uint32_t>) == sizeof(std::uint32_t));
    return reinterpret_cast<std::uint32_t*>(&value);
}

// Sleeps while value is `seen`, at most `nap` (none: no limit); returns early on a wake, a
// signal or a value that changed meanwhile.
void sleep_while_equal(std::atomic<std::uint32_t>& value, std::uint32_t seen,
                       const std::chrono::microseconds* nap) {
    timespec limit{};
    if (nap) {
        limit.tv_sec = std::time_t(nap->count() / 1000000);
        limit.tv_nsec = long(nap->count() % 1000000) * 1000;
    }
    ::syscall(SYS_futex, futex_word(value), FUTEX_WAIT_PRIVATE, seen, nap ? &limit : nullptr,
              nullptr, 0);
}

void wake_sleeper(std::atomic<std::uint32_t>& value) {
    ::syscall(SYS_futex, futex_word(value), FUTEX_WAKE_PRIVATE, 1, nullptr, nullptr, 0);
}

} // namespace

HelperThread& HelperThread::instance() {
    // Never destroyed: the process's exit ends the thread. Joining it at exit made the exit
    // wait for it to wake from its nap first: part-refine took 1.5-2.5% longer on the bench's
    // 7k-17k-vertex farhat rows.
    static HelperThread& helper = *new HelperThread;
    return helper;
}

HelperThread::HelperThread() : thread_(std::make_unique<SpreadThread>([this] { serve(); })) {}

std::uint32_t HelperThread::try_start(const std::function<void()>& task) {
    bool idle = false;
    if (!busy_.compare_exchange_strong(idle, true, std::memory_order_acquire)) return 0;
    task_ = &task;
    // Tickets wrap after 2^32 tasks; 0 is kept for "not started".
    std::uint32_t ticket = posted_.load(std::memory_order_relaxed) + 1;
    if (ticket == 0) ticket = 1;
    posted_.store(ticket, std::memory_order_release);
    wake_sleeper(posted_);
    return ticket;
}

void HelperThread::wait(std::uint32_t ticket) {
    // A task the helper has not begun yet is run here: the caller is done with its own share,
    // and waiting would add the helper's wake-up (tens of microseconds here, far more when the
    // host is slow to run an idle vCPU again) to the task itself.
    if (claim(ticket)) {
        run_claimed(ticket);
        return;
    }
    // Tickets finish in order, so `ticket` is done once the last finished one is not before it
    // (in the wrapping order of 32-bit counters).
    for (std::uint32_t done = finished_.load(std::memory_order_acquire);
         std::int32_t(done - ticket) < 0; done = finished_.load(std::memory_order_acquire))
        wait_while_equal(finished_, done, kCallerSpin);
}

bool HelperThread::claim(std::uint32_t ticket) {
    // Only a ticket after the last one claimed (in the wrapping order of tickets) can be: a
    // helper that read posted_ late may ask for a ticket its caller already ran, and must not
    // take the next one's task in its place.
    std::uint32_t last = claimed_.load(std::memory_order_acquire);
    while (std::int32_t(last - ticket) < 0)
        if (claimed_.compare_exchange_weak(last, ticket, std::memory_order_acq_rel)) return true;
    return false;
}

bool HelperThread::set_idle_work(std::function<bool()> step) {
    if (claimed_idle_step_.exchange(true, std::memory_order_acq_rel)) return false;
    idle_step_ = std::move(step);
    has_idle_step_.store(true, std::memory_order_release);
    return true;
}

// Returns once posted_ differs from `served`. Spins for kHelperSpin, with steps of the idle work
// between short spins while it finds some to do (the spin's budget starts again after them),
// then sleeps: for good without idle work, else in naps after each of which it tries a step
// again, going back to spinning when one finds work.
void HelperThread::wait_for_task(std::uint32_t served) {
    for (;;) {
        auto until = std::chrono::steady_clock::now() + kHelperSpin;
        for (;;) {
            if (spin_while_equal(posted_, served, std::chrono::microseconds(0))) return;
            if (has_idle_step_.load(std::memory_order_acquire) && idle_step_()) {
                until = std::chrono::steady_clock::now() + kHelperSpin;
                continue;
            }
            if (std::chrono::steady_clock::now() >= until) break;
        }
        if (!has_idle_step_.load(std::memory_order_acquire)) {
            while (posted_.load(std::memory_order_acquire) == served)
                sleep_while_equal(posted_, served, nullptr);
            return;
        }
        for (auto nap = kFirstNap;; nap = std::min(2 * nap, kLongestNap)) {
            sleep_while_equal(posted_, served, &nap);
            if (posted_.load(std::memory_order_acquire) != served) return;
            if (idle_step_()) break;
        }
    }
}

void HelperThread::serve() {
    std::uint32_t served = 0;
    for (;;) {
        wait_for_task(served);
        served = posted_.load(std::memory_order_acquire);
        if (!claim(served)) continue; // its caller got to it first, and runs it
        run_claimed(served);
    }
}

void HelperThread::run_claimed(std::uint32_t ticket) {
    (*task_)();
    // Free for the next task before the caller hears of this one: a caller that splits again
    // right after its wait finds the helper free.
    busy_.store(false, std::memory_order_release);
    finished_.store(ticket, std::memory_order_release);
    finished_.notify_all();
}

} // namespace part
