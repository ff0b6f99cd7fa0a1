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

HelperThread::HelperThread() {
    thread_ = new SpreadThread([this] { serve(); });
}

HelperThread::~HelperThread() {
    stopping_.store(true, std::memory_order_release);
    posted_.fetch_add(1, std::memory_order_release);
    posted_.notify_one();
    delete static_cast<SpreadThread*>(thread_); // joins
}

bool HelperThread::try_start(const std::function<void()>& task) {
    bool expected = false;
    if (!claimed_.compare_exchange_strong(expected, true, std::memory_order_acquire)) return false;
    task_ = &task;
    posted_.fetch_add(1, std::memory_order_release);
    posted_.notify_one();
    return true;
}

void HelperThread::wait() {
    const std::uint32_t target = posted_.load(std::memory_order_relaxed);
    std::uint32_t done = finished_.load(std::memory_order_acquire);
    while (done != target) {
        wait_while_equal(finished_, done, kCallerSpin);
        done = finished_.load(std::memory_order_acquire);
    }
    claimed_.store(false, std::memory_order_release);
}

void HelperThread::serve() {
    std::uint32_t served = 0;
    for (;;) {
        wait_while_equal(posted_, served, kHelperSpin);
        served = posted_.load(std::memory_order_acquire);
        if (stopping_.load(std::memory_order_acquire)) return;
        (*task_)();
        finished_.store(served, std::memory_order_release);
        finished_.notify_one();
    }
}

} // namespace part
