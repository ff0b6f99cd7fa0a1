#pragma once
// splitmix64's finaliser: a strong 64-bit mix, for order-independent fingerprints (wrapping
// sums of mixed values) and for spreading keys over ranks.
#include <cstdint>

namespace part {

inline std::uint64_t mix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

} // namespace part
