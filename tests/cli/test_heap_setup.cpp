// The heap settings of tools/common (heap_setup.hpp), in the process of the test.
#include <gtest/gtest.h>
#include <sys/mman.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <thread>
#include <vector>

#include "libpart/core/helper_thread.hpp"
#include "libpart/core/parallel.hpp"
#include "tools/common/heap_setup.hpp"

namespace part::tools {
namespace {

constexpr std::uintptr_t kPage = 4096;

// Pages of [begin, begin + bytes) that are resident, the first (partial) page left out.
std::size_t resident_pages(const char* begin, std::size_t bytes) {
    const auto from = (reinterpret_cast<std::uintptr_t>(begin) + kPage) & ~(kPage - 1);
    const auto to = (reinterpret_cast<std::uintptr_t>(begin) + bytes) & ~(kPage - 1);
    std::vector<unsigned char> in((to - from) / kPage);
    EXPECT_EQ(::mincore(reinterpret_cast<void*>(from), to - from, in.data()), 0);
    std::size_t count = 0;
    for (unsigned char page : in) count += page & 1;
    return count;
}

TEST(HeapPrefault, FaultsInTheArraysAllocatedNextWithoutTouchingThem) {
    keep_large_arrays_in_heap();
    const std::size_t bytes = 512 << 10; // below HeapPrefault::kAhead
    HeapPrefault prefault;
    auto* block = static_cast<char*>(std::malloc(bytes)); // from the top, untouched
    ASSERT_NE(block, nullptr);
    const std::size_t pages = bytes / kPage - 1;
    ASSERT_LT(resident_pages(block, bytes), pages / 2); // fresh heap: not yet faulted in
    int steps = 0;
    while (prefault()) ++steps;
    EXPECT_GT(steps, 0);
    EXPECT_EQ(resident_pages(block, bytes), pages);
    EXPECT_FALSE(prefault()); // all in: nothing more to do until the top moves
    for (std::size_t i = 0; i < bytes; ++i) ASSERT_EQ(block[i] | 0, block[i]); // still readable
    std::free(block);
}

TEST(HeapPrefault, TheHelperThreadDoesItBetweenTasks) {
    keep_large_arrays_in_heap();
    prefault_heap_when_idle();
    // The helper faults in pages above the top; a block allocated after it did is resident.
    const std::size_t bytes = 256 << 10;
    std::vector<char*> blocks;
    bool resident = false;
    for (int attempt = 0; attempt < 2000 && !resident; ++attempt) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
        char* block = static_cast<char*>(std::malloc(bytes));
        ASSERT_NE(block, nullptr);
        blocks.push_back(block);
        resident = resident_pages(block, bytes) == bytes / kPage - 1;
    }
    for (char* block : blocks) std::free(block);
    EXPECT_TRUE(resident);
    // Tasks still run while it has idle work.
    std::atomic<int> ran{0};
    const std::function<void()> task = [&] { ++ran; };
    const std::uint32_t ticket = HelperThread::instance().try_start(task);
    ASSERT_NE(ticket, 0u);
    HelperThread::instance().wait(ticket);
    EXPECT_EQ(ran, 1);
}

// A 2 MB block of the heap, touched, then freed, with blocks above it that keep it off the top
// (which a release would unmap; smaller blocks may come from free chunks below it).
struct FreedBlock {
    static constexpr std::size_t kBytes = 2 << 20; // below the mmap threshold
    char* block = nullptr;
    std::vector<char*> above;
    std::size_t touched = 0; // pages resident before the free
    FreedBlock() {
        keep_large_arrays_in_heap();
        block = static_cast<char*>(std::malloc(kBytes));
        while (block && above.size() < 100 && !is_above())
            above.push_back(static_cast<char*>(std::malloc(64 << 10)));
        if (!ready()) return;
        std::memset(block, 1, kBytes);
        touched = resident(); // before the free (which would let the compiler drop the memset)
        std::free(block);
    }
    ~FreedBlock() {
        for (char* b : above) std::free(b);
    }
    // The last block above lies above `block` (as addresses: std::less orders any pointers).
    bool is_above() const { return !above.empty() && std::less<char*>()(block, above.back()); }
    bool ready() const { return block && is_above(); }
    std::size_t resident() const { return resident_pages(block, kBytes); }
    static constexpr std::size_t kPages = kBytes / kPage - 1;
};

// The two below are last in the file: the prefault stays off in the process once the heap is
// released.
TEST(ReleaseFreeHeap, HandsFreedPagesBackAndEndsThePrefault) {
    FreedBlock freed;
    ASSERT_TRUE(freed.ready());
    ASSERT_EQ(freed.touched, FreedBlock::kPages);
    EXPECT_EQ(freed.resident(), FreedBlock::kPages); // free() alone keeps them
    release_free_heap();
    EXPECT_LT(freed.resident(), FreedBlock::kPages / 8);
    HeapPrefault prefault;
    EXPECT_FALSE(prefault());
}

TEST(ReleaseFreeHeap, BesideRunsOnTheHelper) {
    if (hardware_threads() < 2) GTEST_SKIP() << "no helper thread with one CPU";
    FreedBlock freed;
    ASSERT_TRUE(freed.ready());
    ASSERT_EQ(freed.touched, FreedBlock::kPages);
    ASSERT_EQ(freed.resident(), FreedBlock::kPages);
    release_free_heap_beside();
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (freed.resident() >= FreedBlock::kPages / 8 &&
           std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    EXPECT_LT(freed.resident(), FreedBlock::kPages / 8);
}

} // namespace
} // namespace part::tools
