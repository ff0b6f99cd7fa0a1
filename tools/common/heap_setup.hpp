#pragma once
// Heap settings for tools that allocate and free graph-sized arrays again and again.
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace part::tools {

// Keeps freed graph-sized arrays in the heap instead of glibc's fresh mmap per allocation
// (which faulted every page in again at each use) and uses one malloc arena, so a report
// thread's arrays come from the same heap. Call first thing in main.
void keep_large_arrays_in_heap();

// Faults in the heap's pages just above what is allocated, a step at a time (operator()), so that
// the arrays allocated next find their pages there. A page touched for the first time costs
// the kernel a zeroing and accounting. Faulting in a page changes nothing in it, so pages
// already in use are safe. Needs keep_large_arrays_in_heap (arrays from the heap, not fresh
// mmaps; no trimming) and glibc's main arena; elsewhere a step does nothing.
class HeapPrefault {
  public:
    static constexpr std::uintptr_t kAhead = 1 << 20; // bytes kept faulted in above the top
    HeapPrefault(); // starts above what the heap has allocated now
    // Faults in the next few pages (32 KB), from where the last step stopped up to kAhead
    // above the heap's free top; false when they are all in already (or faulting in is not
    // supported here: MADV_POPULATE_WRITE needs Linux 5.14). The top is looked up (under malloc's
    // lock) only once the pages up to the last goal are in, and at most every 50 us while there is
    // nothing to do: the helper calls this every few microseconds while it waits, and a lookup each
    // time held up the main thread's frees.
    bool operator()();

  private:
    std::uintptr_t done_ = 0; // pages below it were faulted in (or are below the start)
    std::uintptr_t goal_ = 0; // kAhead above the top when last looked up (or the heap's end)
    std::chrono::steady_clock::time_point next_lookup_{};
    bool unsupported_ = false;
};
// Transparent huge pages for the heap the run will fill, about twice the sizes of `inputs`
// (files; missing or empty names count 0). On trigrid700 (490k vertices) part-refine's arrays
// took 8,000 page faults in 4 KB pages and 2,000 with 2 MB ones, a tenth of its CPU time. The
// system gives them only to memory advised so (transparent_hugepage=madvise), so the heap is
// grown once by blocks below the mmap threshold, advised, and freed; the trim threshold of
// keep_large_arrays_in_heap keeps it for the arrays that follow. Small inputs: nothing where
// the helper thread faults the heap in ahead (prefault_heap_when_idle); 2 MB pages there cost
// part-refine 8% on 4elt farhat 8, as the helper zeroes or the main thread waits for a whole
// 2 MB page at once. With one CPU (taskset, a cpuset, `mpirun --bind-to core`) every fault
// is the run's own, and one 16 MB block of 2 MB pages took 5-8% off part-refine's time on the
// bench's 7k-20k-vertex farhat rows (600-700 faults of 4 KB down to 250); inputs below 256 kB
// in all, whose runs touch less than a 2 MB page, keep 4 KB pages.
// `helper_prefaults`: whether another thread faults the heap in ahead (none does now).
void reserve_huge_page_heap(const std::vector<std::string>& inputs, bool helper_prefaults = false);

} // namespace part::tools
