#include "libpart/core/helper_thread.hpp"

#include <chrono>

#include "libpart/core/spread_thread.hpp"

namespace part {

namespace {

// How long the helper spins for its next task, and a caller for the helper's task, before
// sleeping. part-refine's splits come within tens of microseconds of each other while it
// coarsens and extracts bands; a sleeping thread took 30-100 us to wake on this VM.
constexpr auto kHelperSpin = std::chrono::microseconds(300);
constexpr auto kCallerSpin = std::chrono::microseconds(200);

void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

// Spins until value differs from `seen` or `budget` has passed; true if it changed.
bool spin_while_equal(const std::atomic<std::uint32_t>& value, std::uint32_t seen,
                      std::chrono::microseconds budget) {
    const auto until = std::chrono::steady_clock::now() + budget;
    for (;;) {
        for (int i = 0; i < 64; ++i) {
            if (value.load(std::memory_order_acquire) != seen) return true;
            cpu_relax();
        }
        if (std::chrono::steady_clock::now() >= until) return false;
    }
}

// Waits until value differs from `seen`: spins for `budget`, then sleeps (futex).
void wait_while_equal(const std::atomic<std::uint32_t>& value, std::uint32_t seen,
                      std::chrono::microseconds budget) {
    if (spin_while_equal(value, seen, budget)) return;
    while (value.load(std::memory_order_acquire) == seen)
        value.wait(seen, std::memory_order_acquire);
}

} // namespace

HelperThread& HelperThread::instance() {
    static HelperThread helper;
    return helper;
}

HelperThread::HelperThread() : thread_(std::make_unique<SpreadThread>([this] { serve(); })) {}

HelperThread::~HelperThread() {
    stopping_.store(true, std::memory_order_release);
    posted_.store(posted_.load(std::memory_order_relaxed) + 1, std::memory_order_release);
    posted_.notify_one();
    thread_.reset(); // joins
}

std::uint32_t HelperThread::try_start(const std::function<void()>& task) {
    bool idle = false;
    if (!busy_.compare_exchange_strong(idle, true, std::memory_order_acquire)) return 0;
    task_ = &task;
    // Tickets wrap after 2^32 tasks; 0 is kept for "not started".
    std::uint32_t ticket = posted_.load(std::memory_order_relaxed) + 1;
    if (ticket == 0) ticket = 1;
    posted_.store(ticket, std::memory_order_release);
    posted_.notify_one();
    return ticket;
}

void HelperThread::wait(std::uint32_t ticket) {
    // Tickets finish in order, so `ticket` is done once the last finished one is not before it
    // (in the wrapping order of 32-bit counters).
    for (std::uint32_t done = finished_.load(std::memory_order_acquire);
         std::int32_t(done - ticket) < 0; done = finished_.load(std::memory_order_acquire))
        wait_while_equal(finished_, done, kCallerSpin);
}

bool HelperThread::set_idle_work(std::function<bool()> step) {
    if (claimed_idle_step_.exchange(true, std::memory_order_acq_rel)) return false;
    idle_step_ = std::move(step);
    has_idle_step_.store(true, std::memory_order_release);
    return true;
}

// As wait_while_equal(posted_, served, kHelperSpin), with steps of the idle work between
// short spins while it finds some to do (the spin's budget starts again after them).
void HelperThread::wait_for_task(std::uint32_t served) {
    auto until = std::chrono::steady_clock::now() + kHelperSpin;
    for (;;) {
        if (spin_while_equal(posted_, served, std::chrono::microseconds(0))) return;
        if (has_idle_step_.load(std::memory_order_acquire) && idle_step_()) {
            until = std::chrono::steady_clock::now() + kHelperSpin;
            continue;
        }
        if (std::chrono::steady_clock::now() >= until) break;
    }
    while (posted_.load(std::memory_order_acquire) == served)
        posted_.wait(served, std::memory_order_acquire);
}

void HelperThread::serve() {
    std::uint32_t served = 0;
    for (;;) {
        wait_for_task(served);
        served = posted_.load(std::memory_order_acquire);
        if (stopping_.load(std::memory_order_acquire)) return;
        (*task_)();
        // Free for the next task before the caller hears of this one: a caller that splits
        // again right after its wait finds the helper free.
        busy_.store(false, std::memory_order_release);
        finished_.store(served, std::memory_order_release);
        finished_.notify_all();
    }
}

} // namespace part
