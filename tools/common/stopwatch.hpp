#pragma once
// Wall-clock and CPU timing of a tool's stages, reported with -v.
#include <chrono>
#include <sys/resource.h>

namespace part::tools {

inline double wall_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// CPU seconds of the whole process (all threads, user + system), as getrusage reports them:
// the clock gpmetis times its stages with, so the two compare on a busy machine.
inline double cpu_seconds() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           1e-6 * double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

// Seconds of `Clock` between laps.
template <double (*Clock)()> class Laps {
  public:
    Laps() : start_(Clock()) {}
    // Seconds since construction or the last lap, and restarts.
    double lap() {
        const double now = Clock(), elapsed = now - start_;
        start_ = now;
        return elapsed;
    }

  private:
    double start_;
};
using Stopwatch = Laps<wall_seconds>;
using CpuStopwatch = Laps<cpu_seconds>;

} // namespace part::tools
