#pragma once
// One thread kept for the whole process (never joined: the exit ends it), that runs one task
// at a time for the loops of parallel.hpp.
//
// A thread started per split costs 0.1-0.2 ms before it runs (SpreadThread, on this 2-vCPU VM),
// so splits of a few tenths of a millisecond (a band level's coarsening, a band's extraction)
// did not pay. The helper is started once, on first use; after a task it spins for a short
// while, so the next task, which in part-refine comes within tens of microseconds, starts at
// once, and only then sleeps (a futex wait, woken in tens of microseconds). The caller that
// waits for it spins for a short while too. OpenMP runtimes keep their workers the same way
// (libgomp spins before it sleeps).
//
// One task at a time: a caller that finds the helper running a task (a task run by the helper
// that splits again, or a split beside it) gets no ticket from try_start and does without.
//
// Between tasks the helper can do idle work (set_idle_work) a short step at a time, instead of
// only spinning: part-refine has it fault in the heap's pages ahead of the allocations
// (tools/common/heap_setup.hpp).
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>

namespace part {

class SpreadThread;

class HelperThread {
  public:
    // The process's helper, started on the first call.
    static HelperThread& instance();

    // Hands task() to the helper and returns its ticket, or returns 0 at once when the helper
    // is running another task. task must not throw and must outlive the matching wait().
    std::uint32_t try_start(const std::function<void()>& task);
    // Returns once the task of `ticket` has finished; runs it on the calling thread if the
    // helper has not begun it yet. The helper takes new tasks as soon as it finishes one,
    // whether or not its caller waited for it yet.
    void wait(std::uint32_t ticket);
    // Gives the helper work for the time it has no task: step() does at most a few tens of
    // microseconds of it (a task handed over meanwhile waits for the step to end) and returns
    // false when it has nothing to do for now. The helper calls it while it spins between
    // tasks and, once it has spun for a while without a task or a step that found work,
    // after each of its naps (0.1 ms, doubling up to 1.6 ms while there is none): work that
    // comes back between tasks is taken up without a task to wake the helper. Once per process:
    // returns false, and keeps the work it has, if it already had some.
    bool set_idle_work(std::function<bool()> step);

    ~HelperThread() = delete; // see instance()
    HelperThread(const HelperThread&) = delete;
    HelperThread& operator=(const HelperThread&) = delete;

  private:
    HelperThread();
    void serve();
    void wait_for_task(std::uint32_t served);
    // True for the first of the helper and the caller to ask for `ticket`: that one runs it.
    bool claim(std::uint32_t ticket);
    // Runs the claimed task of `ticket`, then frees the helper and marks the ticket finished.
    void run_claimed(std::uint32_t ticket);

    std::atomic<bool> busy_{false};               // a task is handed over and not finished
    std::atomic<std::uint32_t> posted_{0};        // tickets handed out so far (the last one's)
    std::atomic<std::uint32_t> finished_{0};      // the last finished ticket
    std::atomic<std::uint32_t> claimed_{0};       // the last ticket whose task was begun
    const std::function<void()>* task_ = nullptr; // published by posted_
    std::function<bool()> idle_step_;             // published by has_idle_step_
    std::atomic<bool> claimed_idle_step_{false};
    std::atomic<bool> has_idle_step_{false};
    std::unique_ptr<SpreadThread> thread_; // last: it starts once the members above are set
};

// A task handed to the helper if it is free (try_start), waited for when this goes out of
// scope, so that the task's captures outlive it even when the caller throws.
class HelperTask {
  public:
    explicit HelperTask(const std::function<void()>* task)
        : ticket_(task ? HelperThread::instance().try_start(*task) : 0) {}
    ~HelperTask() {
        if (ticket_ != 0) HelperThread::instance().wait(ticket_);
    }
    bool started() const { return ticket_ != 0; }
    HelperTask(const HelperTask&) = delete;
    HelperTask& operator=(const HelperTask&) = delete;

  private:
    std::uint32_t ticket_;
};

} // namespace part
