#pragma once
// Heap settings for tools that allocate and free graph-sized arrays again and again.
#include <cstdint>
#include <string>
#include <vector>

namespace part::tools {

// Keeps freed graph-sized arrays in the heap instead of glibc's fresh mmap per allocation
// (which faulted every page in again at each use) and uses one malloc arena, so a report
// thread's arrays come from the same heap. Call first thing in main.
void keep_large_arrays_in_heap();

// Transparent huge pages for the heap the run will fill, about twice the sizes of `inputs`
// (files; missing or empty names count 0). On trigrid700 (490k vertices) part-refine's arrays
// took 8,000 page faults in 4 KB pages and 2,000 with 2 MB ones, a tenth of its CPU time. The
// system gives them only to memory advised so (transparent_hugepage=madvise), so the heap is
// grown once by blocks below the mmap threshold, advised, and freed; the trim threshold of
// keep_large_arrays_in_heap keeps it for the arrays that follow. Small inputs: nothing.
void reserve_huge_page_heap(const std::vector<std::string>& inputs);

} // namespace part::tools
