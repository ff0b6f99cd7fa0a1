#pragma once
// Word-at-a-time digit parsing shared by the Chaco/METIS scans (SWAR: eight ASCII bytes in
// one 64-bit word, first byte lowest).
#include <cstdint>

namespace part::formats {

constexpr std::uint64_t kAsciiZeros = 0x3030303030303030ull;

// Eight digit values (0..9 per byte, first digit in the lowest byte) as a number, in three
// multiply steps: pairs, quads, then the eight (the SWAR method of Lemire's fast number
// parsing; leading zero bytes are leading zeros).
inline std::uint64_t value_of_eight_digits(std::uint64_t x) {
    x = x * 10 + (x >> 8);
    return (((x & 0x000000FF000000FFull) * 0x000F424000000064ull) +
            (((x >> 16) & 0x000000FF000000FFull) * 0x0000271000000001ull)) >>
           32;
}

// Bytes of `x ^ kAsciiZeros` that are not '0'..'9', as their top bits. A digit byte d (0..9
// after the xor) stays below 0x80 with 0x76 added and carries nothing, so the lowest flagged
// byte is exact.
inline std::uint64_t non_digit_bytes(std::uint64_t x) {
    return ((x + 0x7676767676767676ull) | x) & 0x8080808080808080ull;
}

} // namespace part::formats
