// The heap settings of tools/common (heap_setup.hpp), in the process of the test.
#include <gtest/gtest.h>
#include <sys/mman.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/test_files.hpp"
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

// Heap regions (smaps' [heap] entries) whose VmFlags include "hg": advised MADV_HUGEPAGE.
int huge_page_heap_regions() {
    std::ifstream smaps("/proc/self/smaps");
    int regions = 0;
    bool in_heap = false;
    for (std::string line; std::getline(smaps, line);) {
        if (line.find("[heap]") != std::string::npos)
            in_heap = true;
        else if (line.rfind("VmFlags:", 0) == 0) {
            if (in_heap && line.find(" hg") != std::string::npos) ++regions;
            in_heap = false;
        }
    }
    return regions;
}

TEST(HugePageHeap, OneCpuGetsABlockOfHugePagesForSmallInputsAndTwoCpusDoNot) {
    keep_large_arrays_in_heap();
    const test::ScratchDir dir;
    const std::string tiny = dir.write("tiny.graph", "3 3\n2 3\n1 3\n1 2\n");
    const std::string graph = test::source_file("data/naca0012.graph"); // 323 kB
    const int before = huge_page_heap_regions();
    reserve_huge_page_heap({graph}, /*helper_prefaults=*/true); // small: the helper faults in
    EXPECT_EQ(huge_page_heap_regions(), before);
    reserve_huge_page_heap({tiny}, /*helper_prefaults=*/false); // too small to pay
    EXPECT_EQ(huge_page_heap_regions(), before);
    reserve_huge_page_heap({graph}, /*helper_prefaults=*/false); // one CPU: a block advised
    EXPECT_GT(huge_page_heap_regions(), before);
}

} // namespace
} // namespace part::tools
