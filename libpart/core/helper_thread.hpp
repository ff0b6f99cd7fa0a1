#pragma once
// One thread kept for the whole process, that runs one task at a time for the loops of
// parallel.hpp.
//
// A thread started per split costs 0.1-0.2 ms before it runs (SpreadThread, on this 2-vCPU VM),
// so splits of a few tenths of a millisecond (a band level's coarsening, a band's extraction)
// did not pay. The helper is started once, on first use; after a task it spins for a short
// while, so the next task, which in part-refine comes within tens of microseconds, starts at
// once, and only then sleeps (a futex wait, woken in tens of microseconds). The caller that
// waits for it spins for a short while too. OpenMP runtimes keep their workers the same way
// (libgomp spins before it sleeps).
//
// One task at a time: a caller that finds the helper busy (a task run by the helper that splits
// again, or a second caller) gets false from try_start and starts a thread of its own.
#include <atomic>
#include <cstdint>
#include <functional>

namespace part {

class HelperThread {
  public:
    // The process's helper, started on the first call.
    static HelperThread& instance();

    // Hands task() to the helper and returns true, or returns false at once when the helper is
    // busy. task must not throw and must outlive the matching wait().
    bool try_start(const std::function<void()>& task);
    // Returns once the task of the last successful try_start has finished.
    void wait();

    ~HelperThread();
    HelperThread(const HelperThread&) = delete;
    HelperThread& operator=(const HelperThread&) = delete;

  private:
    HelperThread();
    void serve();

    std::atomic<bool> claimed_{false};       // a caller owns the helper
    std::atomic<std::uint32_t> posted_{0};   // tasks handed over so far
    std::atomic<std::uint32_t> finished_{0}; // tasks finished so far
    std::atomic<bool> stopping_{false};
    const std::function<void()>* task_ = nullptr; // published by posted_
    void* thread_ = nullptr;                      // the SpreadThread
};

// A task handed to the helper if it is free (try_start), waited for when this goes out of
// scope, so that the task's captures outlive it even when the caller throws.
class HelperTask {
  public:
    explicit HelperTask(const std::function<void()>* task)
        : started_(task && HelperThread::instance().try_start(*task)) {}
    ~HelperTask() {
        if (started_) HelperThread::instance().wait();
    }
    bool started() const { return started_; }
    HelperTask(const HelperTask&) = delete;
    HelperTask& operator=(const HelperTask&) = delete;

  private:
    bool started_;
};

} // namespace part
