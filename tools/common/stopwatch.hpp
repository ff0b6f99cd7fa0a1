#pragma once
// Wall-clock and CPU timing of a tool's stages, reported with -v.
#include <chrono>
#include <sys/resource.h>

namespace part::tools {

class Stopwatch {
  public:
    Stopwatch() : start_(std::chrono::steady_clock::now()) {}
    // Seconds since construction or the last lap, and restarts.
    double lap() {
        auto now = std::chrono::steady_clock::now();
        double seconds = std::chrono::duration<double>(now - start_).count();
        start_ = now;
        return seconds;
    }

  private:
    std::chrono::steady_clock::time_point start_;
};

// CPU seconds of the whole process (all threads, user + system), as getrusage reports them:
// the clock gpmetis times its stages with, so the two compare on a busy machine.
class CpuStopwatch {
  public:
    CpuStopwatch() : start_(seconds()) {}
    double lap() {
        const double now = seconds();
        const double elapsed = now - start_;
        start_ = now;
        return elapsed;
    }

  private:
    static double seconds() {
        rusage usage{};
        getrusage(RUSAGE_SELF, &usage);
        return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
               1e-6 * double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
    }
    double start_;
};

} // namespace part::tools
