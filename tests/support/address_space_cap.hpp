#pragma once
// Caps the test process's address space a little above what it uses, for as long as the
// object lives, as the mutation harness's `ulimit -v` does: an allocation sized from a
// corrupted count then fails here as it would there, instead of being granted virtual
// memory the test never touches.
#include <sys/resource.h>

#include <cstddef>
#include <fstream>
#include <unistd.h>

namespace part::test {

class AddressSpaceCap {
  public:
    explicit AddressSpaceCap(std::size_t headroom_bytes) {
        getrlimit(RLIMIT_AS, &saved_);
        std::size_t pages = 0;
        std::ifstream("/proc/self/statm") >> pages;
        rlimit capped = saved_;
        capped.rlim_cur = rlim_t(pages * std::size_t(sysconf(_SC_PAGESIZE)) + headroom_bytes);
        if (saved_.rlim_cur == RLIM_INFINITY || capped.rlim_cur < saved_.rlim_cur)
            setrlimit(RLIMIT_AS, &capped);
    }
    ~AddressSpaceCap() { setrlimit(RLIMIT_AS, &saved_); }
    AddressSpaceCap(const AddressSpaceCap&) = delete;
    AddressSpaceCap& operator=(const AddressSpaceCap&) = delete;

  private:
    rlimit saved_{};
};

} // namespace part::test
