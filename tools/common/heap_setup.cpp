#include "tools/common/heap_setup.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#include <utility>

namespace part::tools {

void keep_large_arrays_in_heap() {
    mallopt(M_MMAP_THRESHOLD, 32 << 20); // glibc's largest
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    mallopt(M_TOP_PAD, 16 << 20);
    mallopt(M_ARENA_MAX, 1);
}

namespace {

constexpr std::uintptr_t kPage = 4096;

// The start of the main arena's free top chunk and the end of the heap (sbrk), both rounded
// down to pages; {0, 0} where glibc cannot tell.
std::pair<std::uintptr_t, std::uintptr_t> heap_top_and_end() {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    const auto end = reinterpret_cast<std::uintptr_t>(::sbrk(0));
    const struct mallinfo2 info = ::mallinfo2(); // keepcost: the top chunk's size
    if (end == std::uintptr_t(-1) || info.keepcost > end) return {0, 0};
    return {(end - info.keepcost) & ~(kPage - 1), end & ~(kPage - 1)};
#else
    return {0, 0};
#endif
}

} // namespace

HeapPrefault::HeapPrefault() : done_(heap_top_and_end().first) {}

bool HeapPrefault::operator()() {
    constexpr std::uintptr_t kStep = 8 * kPage;
    constexpr auto kIdleLookups = std::chrono::microseconds(50);
    if (unsupported_) return false;
    if (done_ >= goal_) {
        const auto now = std::chrono::steady_clock::now();
        if (now < next_lookup_) return false;
        const auto [top, end] = heap_top_and_end();
        // From where it stopped, not from the top: arrays allocated since, below the top, are
        // about to be filled too.
        goal_ = std::min(top + kAhead, end);
        if (done_ >= goal_) {
            next_lookup_ = now + kIdleLookups;
            return false;
        }
    }
    const std::uintptr_t to = std::min(goal_, done_ + kStep);
    if (::madvise(reinterpret_cast<void*>(done_), to - done_, MADV_POPULATE_WRITE) != 0) {
        unsupported_ = true;
        return false;
    }
    done_ = to;
    return true;
}

namespace {

std::uintmax_t file_bytes(const std::string& path) {
    std::error_code error;
    const std::uintmax_t size = path.empty() ? 0 : std::filesystem::file_size(path, error);
    return error ? 0 : size;
}

} // namespace

void reserve_huge_page_heap(const std::vector<std::string>& inputs, bool helper_prefaults) {
    constexpr std::uintptr_t kHugePage = 2 << 20;
    constexpr std::size_t kBlock = 16 << 20;
    std::uintmax_t bytes = 0;
    for (const std::string& path : inputs) bytes += 2 * file_bytes(path);
    // Small inputs take a few thousand faults at most, which the helper thread takes ahead of
    // the arrays (prefault_heap_when_idle). With one CPU there is no helper and every fault is
    // the run's own: one block of 2 MB pages then, unless the run is so small that a 2 MB
    // page's zeroing (about what 100-150 faults of 4 KB cost here) would not pay.
    constexpr std::uintmax_t kWorthHugePages = 512 << 10;
    if (helper_prefaults ? bytes < 2 * kBlock : bytes < kWorthHugePages) return;
    bytes = std::max<std::uintmax_t>(bytes, kBlock);
    std::vector<char*> blocks;
    for (std::uintmax_t reserved = 0; reserved < std::min<std::uintmax_t>(bytes, 1ull << 32);
         reserved += kBlock)
        if (char* block = static_cast<char*>(std::malloc(kBlock))) blocks.push_back(block);
    for (char* block : blocks) {
        const auto begin =
            (reinterpret_cast<std::uintptr_t>(block) + kHugePage - 1) & ~(kHugePage - 1);
        const auto end = (reinterpret_cast<std::uintptr_t>(block) + kBlock) & ~(kHugePage - 1);
        if (end > begin) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
    }
    for (char* block : blocks) std::free(block);
}

} // namespace part::tools
