#include "tools/common/heap_setup.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <malloc.h>
#include <sys/mman.h>

namespace part::tools {

void keep_large_arrays_in_heap() {
    mallopt(M_MMAP_THRESHOLD, 32 << 20); // glibc's largest
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    mallopt(M_TOP_PAD, 16 << 20);
    mallopt(M_ARENA_MAX, 1);
}

namespace {

std::uintmax_t file_bytes(const std::string& path) {
    std::error_code error;
    const std::uintmax_t size = path.empty() ? 0 : std::filesystem::file_size(path, error);
    return error ? 0 : size;
}

} // namespace

void reserve_huge_page_heap(const std::vector<std::string>& inputs) {
    constexpr std::uintptr_t kHugePage = 2 << 20;
    constexpr std::size_t kBlock = 16 << 20;
    std::uintmax_t bytes = 0;
    for (const std::string& path : inputs) bytes += 2 * file_bytes(path);
    if (bytes < 2 * kBlock) return; // small inputs: a few thousand faults at most
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
