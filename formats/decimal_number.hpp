#pragma once
// decimal_from_chars: std::from_chars for a double, bit for bit (value, end pointer and error),
// faster on the plain decimals that coordinate files hold. Coordinates written with 17 or 18
// digits (naca0012.xyz) do not fit Clinger's fast path (mantissa <= 2^53), and libstdc++'s
// from_chars cost about 280 instructions per number on them, 180 on small integers: most of
// reading a coordinates file. Here: about 190 on those (naca0012.xyz), 120 on plate.xyz's
// 9-digit decimals and on integers, the digits read a word at a time.
//
// Plain decimals -?D+(.D+)?([eE][+-]?D+)? with at most 19 significant digits and a decimal
// exponent within +-27 are converted here, exactly:
//   w * 10^e with w < 2^53, |e| <= 22: one correctly rounded operation on exact doubles
//     (Clinger 1990);
//   w * 10^e, e > 0: the integer w * 5^e (< 2^128) rounded once, times 2^e;
//   w / 10^k: w times 5^-k's 64-bit reciprocal decides the double nearest w / 5^k unless
//     the product's dropped bits could carry (about one number in a thousand); then a
//     floating-point guess is checked against the midpoints to its neighbours in 128-bit
//     integer arithmetic. Times 2^-k.
// Scaling by a power of two is exact at these magnitudes, so each is the correctly rounded
// (ties to even) value, as from_chars's. Everything else (more digits, larger exponents, "inf",
// "nan", hexadecimal, ".5", "1.", a '+') goes to std::from_chars itself.
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "formats/ascii_digits.hpp"

namespace part::formats {

namespace decimal_detail {

using u128 = unsigned __int128;

constexpr int kMaxExponent = 27; // 5^27 < 2^63
constexpr int kMaxDigits = 19;   // 10^19 < 2^64

constexpr std::array<std::uint64_t, kMaxExponent + 1> kPowersOfFive = [] {
    std::array<std::uint64_t, kMaxExponent + 1> table{1};
    for (int i = 1; i <= kMaxExponent; ++i) table[i] = table[i - 1] * 5;
    return table;
}();

constexpr double kExactPowersOfTen[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                        1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                        1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// 2^e for -1022 <= e <= 1023: multiplying by it is exact away from overflow and subnormals.
inline double power_of_two(int e) {
    return std::bit_cast<double>(std::uint64_t(1023 + e) << 52);
}

// The double nearest the integer n (ties to even): the top 64 bits with the bits below them
// folded into the lowest (a sticky bit), converted once, then scaled.
inline double nearest_double(u128 n) {
    const auto high = std::uint64_t(n >> 64);
    if (high == 0) return double(std::uint64_t(n));
    const int shift = 64 - std::countl_zero(high);
    const auto top = std::uint64_t(n >> shift) | std::uint64_t((n & ((u128(1) << shift) - 1)) != 0);
    return double(top) * power_of_two(shift);
}

// Compares the exact value w / d with the midpoint between the double x = m * 2^exponent
// and its neighbour (2m + side) * 2^(exponent - 1) (side = +1 above, -1 below; m < 2^53):
// negative when w / d lies below it, zero on it, positive above.
inline int compare_with_midpoint(std::uint64_t w, std::uint64_t d, std::uint64_t m, int exponent,
                                 int side) {
    // w / d vs (2m + side) * 2^(exponent - 1)  <=>  2w * 2^-exponent vs (2m + side) * d.
    u128 left = u128(w) << 1;
    u128 right = u128(2 * m + std::uint64_t(std::int64_t(side))) * d;
    if (exponent < 0)
        left <<= -exponent;
    else
        right <<= exponent;
    return left < right ? -1 : left > right ? 1 : 0;
}

// The double nearest w / d (ties to even) for 1 <= w < 2^64, 1 <= d < 2^63: the quotient of
// the nearest doubles is within two units in the last place of it, and each step towards it
// is checked exactly. Both operands of each comparison stay below 2^120 at these magnitudes.
[[gnu::noinline]] inline double nearest_quotient(std::uint64_t w, std::uint64_t d) {
    double x = double(w) / double(d);
    for (;;) {
        const auto bits = std::bit_cast<std::uint64_t>(x);
        const int biased = int(bits >> 52);
        const std::uint64_t m = (bits & ((std::uint64_t(1) << 52) - 1)) | std::uint64_t(1) << 52;
        const int exponent = biased - 1075; // x = m * 2^exponent
        const int above = compare_with_midpoint(w, d, m, exponent, 1);
        if (above > 0 || (above == 0 && (m & 1))) {
            x = std::bit_cast<double>(bits + 1); // the next double up (x > 0)
            continue;
        }
        // Below x the neighbour is half as far when m is a power of two.
        const int below = m == std::uint64_t(1) << 52
                              ? compare_with_midpoint(w, d, 2 * m, exponent - 1, -1)
                              : compare_with_midpoint(w, d, m, exponent, -1);
        if (below < 0 || (below == 0 && (m & 1))) {
            x = std::bit_cast<double>(bits - 1);
            continue;
        }
        return x;
    }
}

// 2^(64 + t) / 5^k rounded down, t = floor(log2 5^k): 5^-k with 64 significant bits.
struct Reciprocal {
    std::uint64_t value;
    int shift; // t
};
constexpr std::array<Reciprocal, kMaxExponent + 1> kReciprocalsOfFive = [] {
    std::array<Reciprocal, kMaxExponent + 1> table{};
    for (int k = 0; k <= kMaxExponent; ++k) {
        const int t = std::bit_width(kPowersOfFive[k]) - 1;
        table[k] = {std::uint64_t((u128(1) << (64 + t)) / kPowersOfFive[k]), t};
    }
    return table;
}();

// w / 10^k for 1 <= w < 2^64, 1 <= k <= kMaxExponent. The product of w (shifted to 64
// significant bits) and 5^-k's 64-bit reciprocal is below the exact w * 2^(64+t) / 5^k by less
// than 2^64 (and never equal: the reciprocal's remainder is not 0), so its upper half decides
// the 53 bits and the rounding unless its bits below the rounding bit are all ones, where the
// missing carry could change them (about one number in a thousand): then nearest_quotient.
// The bits below the rounding bit are never all zeros in the exact value, so no tie arises.
[[gnu::always_inline]] inline double divide_by_power_of_ten(std::uint64_t w, int k) {
    const Reciprocal r = kReciprocalsOfFive[k];
    const int lz = std::countl_zero(w);
    const auto high = std::uint64_t((u128(w << lz) * r.value) >> 64); // in [2^62, 2^64)
    const int top = int(high >> 63);                                  // 1: 64 bits, 0: 63
    const int dropped = 9 + top;                                      // bits below the rounding bit
    const std::uint64_t below = high & ((std::uint64_t(1) << dropped) - 1);
    if (below == (std::uint64_t(1) << dropped) - 1)
        return nearest_quotient(w, kPowersOfFive[k]) * power_of_two(-k);
    const std::uint64_t rounded = ((high >> dropped) + 1) >> 1; // sticky is set: round half up
    return double(rounded) * power_of_two(dropped + 1 - lz - r.shift - k);
}

// w * 10^exponent, exactly rounded, for w < 2^64 and |exponent| <= kMaxExponent.
inline double scale_by_power_of_ten(std::uint64_t w, int exponent) {
    if (w <= (std::uint64_t(1) << 53) && exponent >= -22 && exponent <= 22)
        return exponent < 0 ? double(w) / kExactPowersOfTen[-exponent]
                            : double(w) * kExactPowersOfTen[exponent];
    if (exponent >= 0)
        return nearest_double(u128(w) * kPowersOfFive[exponent]) * power_of_two(exponent);
    return divide_by_power_of_ten(w, -exponent);
}

// The value of eight digits 0-9, one per byte, the first byte (loaded little-endian) the most
// significant, in a few multiplications, as fast_float does (Lemire, "Number parsing at a
// gigabyte per second", 2021).
inline std::uint32_t eight_digit_values(std::uint64_t values) {
    values = values * 10 + (values >> 8);
    return std::uint32_t((((values & 0x000000FF000000FF) * (100 + (1000000ULL << 32))) +
                          (((values >> 16) & 0x000000FF000000FF) * (1 + (10000ULL << 32)))) >>
                         32);
}

constexpr std::uint64_t kPowersOfTenUpTo8[] = {1,      10,      100,      1000,     10000,
                                               100000, 1000000, 10000000, 100000000};

// The bytes of `values` (eight characters xor '0', so digits are 0-9) before the first that
// is not a digit: 0-8. A byte is a digit when below 10, which adding 0x76 to its low seven
// bits (no carry into the next byte) leaves below 0x80.
inline int leading_digits(std::uint64_t values) {
    const std::uint64_t not_digits =
        (((values & 0x7F7F7F7F7F7F7F7F) + 0x7676767676767676) | values) & 0x8080808080808080;
    return not_digits == 0 ? 8 : std::countr_zero(not_digits) >> 3;
}

// Appends the digits at p to w (w * 10^count + their value), moving p past them. Eight bytes
// at a time while eight are there: the digits among them are counted at once and their value
// taken with the others shifted out, leaving zeros in front (a byte-by-byte loop for the
// digits after the last full word cost more than the words).
inline void append_digits(const char*& p, const char* last, std::uint64_t& w) {
    while (last - p >= 8) {
        std::uint64_t chunk;
        std::memcpy(&chunk, p, 8);
        const std::uint64_t values = chunk ^ 0x3030303030303030;
        const int count = leading_digits(values);
        if (count == 0) return;
        w = w * kPowersOfTenUpTo8[count] + eight_digit_values(values << (64 - 8 * count));
        p += count;
        if (count < 8) return;
    }
    for (; p != last && is_digit(*p); ++p) w = w * 10 + unsigned(*p - '0');
}

// Digits from the first nonzero one (integer part, then fraction).
inline std::ptrdiff_t significant_digits(const char* integer_begin, const char* integer_end,
                                         const char* fraction_begin, const char* fraction_end) {
    while (integer_begin != integer_end && *integer_begin == '0') ++integer_begin;
    if (integer_begin == integer_end)
        while (fraction_begin != fraction_end && *fraction_begin == '0') ++fraction_begin;
    return (integer_end - integer_begin) + (fraction_end - fraction_begin);
}

} // namespace decimal_detail

// Same contract as std::from_chars(first, last, value) with the general format.
[[gnu::always_inline]] inline std::from_chars_result
decimal_from_chars(const char* first, const char* last, double& value) {
    using namespace decimal_detail;
    const char* p = first;
    const bool negative = p != last && *p == '-';
    p += negative;
    std::uint64_t w = 0; // the digits as one integer (wrapped when too many: not used then)
    const char* const integer_begin = p;
    if (last - p >= 2 && is_digit(p[0]) && !is_digit(p[1])) // one digit ("0.0245", "-1.63")
        w = unsigned(*p++ - '0');
    else
        append_digits(p, last, w);
    const char* const integer_end = p;
    const char* fraction_begin = p;
    if (p != last && *p == '.') {
        fraction_begin = ++p;
        append_digits(p, last, w);
    }
    const char* const fraction_end = p;
    std::ptrdiff_t exponent = -(fraction_end - fraction_begin); // wide: a long run of zeros
    bool plain = integer_end != integer_begin &&
                 (fraction_end != fraction_begin || fraction_begin == integer_end);
    if (p != last && (*p == 'e' || *p == 'E')) {
        const char* q = p + 1;
        const bool negative_exponent = q != last && *q == '-';
        q += q != last && (*q == '-' || *q == '+');
        const char* const exponent_begin = q;
        int written = 0;
        while (q != last && is_digit(*q) && q - exponent_begin < 4)
            written = written * 10 + (*q++ - '0');
        plain = plain && q != exponent_begin && (q == last || !is_digit(*q));
        exponent += negative_exponent ? -written : written;
        p = q;
    }
    const auto digits = (integer_end - integer_begin) + (fraction_end - fraction_begin);
    if (!plain ||
        (digits > kMaxDigits && significant_digits(integer_begin, integer_end, fraction_begin,
                                                   fraction_end) > kMaxDigits) ||
        (w != 0 && (exponent < -kMaxExponent || exponent > kMaxExponent)))
        return std::from_chars(first, last, value);
    const double magnitude = w == 0 ? 0.0 : scale_by_power_of_ten(w, int(exponent));
    value = negative ? -magnitude : magnitude;
    return {p, std::errc()};
}

} // namespace part::formats
