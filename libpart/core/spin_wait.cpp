#include "libpart/core/spin_wait.hpp"

namespace part {

namespace {

void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

} // namespace

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

void wait_while_equal(const std::atomic<std::uint32_t>& value, std::uint32_t seen,
                      std::chrono::microseconds budget) {
    if (spin_while_equal(value, seen, budget)) return;
    while (value.load(std::memory_order_acquire) == seen)
        value.wait(seen, std::memory_order_acquire);
}

} // namespace part
