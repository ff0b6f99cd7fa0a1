#pragma once
// Wall-clock timing of a tool's stages, reported with -v.
#include <chrono>

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

} // namespace part::tools
