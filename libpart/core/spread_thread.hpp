#pragma once
// A thread that starts on another CPU than the one that creates it.
//
// On the 2-vCPU VMs these tools are benchmarked on, Linux left a new thread queued on its
// creator's CPU, with the other CPU idle, until the next load balance: up to 4 ms later,
// when a task split in two takes about 1 ms. So for_each_range's halves ran one after the
// other. Created with an affinity that excludes the creator's CPU, the thread starts on
// another within 0.1-0.2 ms; its first act is to widen its affinity back to the process's,
// so that it can move again if that CPU gets busy. Where the kernel places new threads on
// idle CPUs itself, this changes nothing.
#include <pthread.h>
#include <sched.h>

#include <functional>
#include <system_error>
#include <utility>

namespace part {

class SpreadThread {
  public:
    // Runs task() on the new thread; task must not throw.
    explicit SpreadThread(std::function<void()> task) : task_(std::move(task)) {
        pthread_attr_t attributes;
        pthread_attr_init(&attributes);
        if (sched_getaffinity(0, sizeof allowed_, &allowed_) == 0) {
            cpu_set_t others = allowed_;
            const int here = sched_getcpu();
            if (here >= 0 && here < CPU_SETSIZE) CPU_CLR(here, &others);
            widen_ = CPU_COUNT(&others) > 0 &&
                     pthread_attr_setaffinity_np(&attributes, sizeof others, &others) == 0;
        }
        int error = pthread_create(&thread_, &attributes, &run, this);
        pthread_attr_destroy(&attributes);
        if (error != 0 && widen_) { // the other CPUs may not be there: anywhere, then
            widen_ = false;
            error = pthread_create(&thread_, nullptr, &run, this);
        }
        if (error != 0) throw std::system_error(error, std::generic_category(), "pthread_create");
    }
    ~SpreadThread() { pthread_join(thread_, nullptr); }
    SpreadThread(const SpreadThread&) = delete;
    SpreadThread& operator=(const SpreadThread&) = delete;

  private:
    static void* run(void* self) {
        auto& thread = *static_cast<SpreadThread*>(self);
        if (thread.widen_)
            pthread_setaffinity_np(pthread_self(), sizeof thread.allowed_, &thread.allowed_);
        thread.task_();
        return nullptr;
    }

    std::function<void()> task_;
    cpu_set_t allowed_{};
    bool widen_ = false;
    pthread_t thread_{};
};

} // namespace part
