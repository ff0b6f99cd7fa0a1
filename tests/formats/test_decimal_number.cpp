// decimal_from_chars must give std::from_chars's result bit for bit: value, end and error.
#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>

#include "formats/decimal_number.hpp"

using namespace part;

namespace {

// The text's parse by both, compared; returns a description of the first difference, or "".
std::string difference(const std::string& text) {
    double ours = 0.25, theirs = 0.25; // unchanged on errors: must stay equal too
    const char* first = text.data();
    const char* last = first + text.size();
    const auto a = formats::decimal_from_chars(first, last, ours);
    const auto b = std::from_chars(first, last, theirs);
    if (a.ptr == b.ptr && a.ec == b.ec &&
        std::bit_cast<std::uint64_t>(ours) == std::bit_cast<std::uint64_t>(theirs))
        return "";
    char buffer[160];
    std::snprintf(buffer, sizeof buffer, "'%s': %.17g (end %td) vs from_chars %.17g (end %td)",
                  text.c_str(), ours, a.ptr - first, theirs, b.ptr - first);
    return buffer;
}

std::string digits_of(unsigned __int128 value) {
    std::string text;
    do {
        text.insert(text.begin(), char('0' + int(value % 10)));
        value /= 10;
    } while (value != 0);
    return text;
}

} // namespace

TEST(DecimalNumber, PlainForms) {
    for (const char* text : {"0",
                             "-0",
                             "0.0",
                             "-0.000",
                             "1",
                             "-1",
                             "7.5",
                             "0.024557081070315925",
                             "-1.639703396122364",
                             "3.95865421",
                             "700",
                             "00012.5000",
                             "1e5",
                             "1E5",
                             "1e+5",
                             "2.5e-3",
                             "-2.5E-03",
                             "123456789012345678",
                             "1234567890123456789",
                             "9007199254740993",
                             "18446744073709551615",
                             "0.1",
                             "0.3",
                             "1e22",
                             "1e23",
                             "1e-22",
                             "1e-27",
                             "1e27",
                             "4.9406564584124654e-324",
                             "1.7976931348623157e308",
                             "2.2250738585072014e-308"})
        EXPECT_EQ(difference(text), "");
}

TEST(DecimalNumber, TheSameEndsAndErrorsOnUnusualText) {
    // Signs, a lone point, exponents without digits, hexadecimal, words, trailing text,
    // leading space, more than 19 digits and exponents out of the fast range: from_chars
    // decides, and the end pointer must agree.
    for (const char* text : {"",
                             "-",
                             "+1",
                             "+",
                             ".5",
                             "-.5",
                             "1.",
                             "1.e5",
                             ".",
                             "e5",
                             "1e",
                             "1e+",
                             "1e-",
                             "1ex",
                             "1.5.3",
                             "1..5",
                             "0x1p3",
                             "0x10",
                             "inf",
                             "-inf",
                             "nan",
                             "infinity",
                             " 1",
                             "1 ",
                             "1\n2",
                             "1,5",
                             "--1",
                             "1e0005",
                             "1e400",
                             "1e-400",
                             "12345678901234567890",
                             "0.000000000000000000000000000001",
                             "123456789012345678901234567890e-10",
                             "1e28",
                             "1e-28",
                             "9999999999999999999",
                             "99999999999999999999",
                             "7e-",
                             "3x",
                             "2E+",
                             "-0e9999"})
        EXPECT_EQ(difference(text), "");
}

TEST(DecimalNumber, RandomTextsAndShortestForms) {
    std::mt19937_64 rng(12345);
    const char alphabet[] = "0123456789.-+eE x";
    for (int i = 0; i < 200000; ++i) {
        std::string text;
        const int length = int(rng() % 14);
        for (int j = 0; j < length; ++j) text += alphabet[rng() % (sizeof alphabet - 1)];
        ASSERT_EQ(difference(text), "");
    }
    // Every double written shortest, with 17 to 19 digits, and fixed: the forms coordinate
    // files hold.
    for (int i = 0; i < 100000; ++i) {
        double value = std::bit_cast<double>(std::uint64_t(rng()));
        if (i % 2) value = std::ldexp(double(rng() >> 11), -int(rng() % 80));
        if (!std::isfinite(value)) continue;
        char buffer[64];
        ASSERT_EQ(difference(std::string(buffer, std::to_chars(buffer, buffer + 64, value).ptr)),
                  "");
        for (const char* format : {"%.17g", "%.18g", "%.19g", "%.6f"}) {
            std::snprintf(buffer, sizeof buffer, format, value);
            ASSERT_EQ(difference(buffer), "");
        }
    }
}

TEST(DecimalNumber, TiesAndNearTiesRoundLikeFromChars) {
    // Midpoints between neighbouring doubles, (2m + 1) 2^-(j+1), written exactly (their
    // decimals end after j + 1 places), and the same with the last digit changed: ties go to
    // the even neighbour, anything else to the nearer one. m = 2^52 puts the midpoint below a
    // power of two, where the gap halves.
    std::mt19937_64 rng(7);
    for (int i = 0; i < 200000; ++i) {
        const std::uint64_t m =
            i % 7 == 0 ? std::uint64_t(1) << 52 : (rng() >> 11) | (std::uint64_t(1) << 52);
        const int j = int(rng() % 14);
        unsigned __int128 odd = 2 * (unsigned __int128)m + (i % 3 == 0 ? -1 : 1);
        for (int q = 0; q < j; ++q) odd *= 5;
        std::string digits = digits_of(odd);
        if (i % 5 == 0) digits.back() = char('0' + (digits.back() - '0' + 1) % 10);
        std::string text = digits;
        if (j > 0) {
            while (int(text.size()) <= j) text.insert(text.begin(), '0');
            text.insert(text.end() - j, '.');
        }
        if (i % 4 == 1) text = digits + "e-" + std::to_string(j);
        if (i % 4 == 2) text = digits + "e" + std::to_string(int(rng() % 10));
        ASSERT_EQ(difference(text), "");
    }
}

TEST(DecimalNumber, DigitRunsOfEveryLengthInsideLongerText) {
    // Digits are read eight bytes at a time while eight bytes remain: every length of the
    // integer and fraction runs, with each kind of text after the number (more numbers of a
    // row, a line end, an exponent, junk), so that a word ends before, at and after each
    // run's end; the digits vary so that a misplaced one shows in the value.
    std::mt19937_64 rng(99);
    const char* const suffixes[] = {
        "",   " ", "\n", " -0.5 2.25\n",          "e5 7", "E-3\n", "x12345678",
        ".5", "-", "e",  "  12345678901234567890"};
    for (int integer = 0; integer <= 21; ++integer)
        for (int fraction = -1; fraction <= 21; ++fraction) // -1: no point
            for (const char* sign : {"", "-"})
                for (const char* suffix : suffixes) {
                    std::string text = sign;
                    for (int d = 0; d < integer; ++d) text += char('0' + rng() % 10);
                    if (fraction >= 0) text += '.';
                    for (int d = 0; d < fraction; ++d) text += char('0' + rng() % 10);
                    text += suffix;
                    ASSERT_EQ(difference(text), "");
                }
    // Random texts long enough for several words, with the characters of number rows.
    const char alphabet[] = "0123456789000.- \n";
    for (int i = 0; i < 200000; ++i) {
        std::string text;
        const int length = 8 + int(rng() % 32);
        for (int j = 0; j < length; ++j) text += alphabet[rng() % (sizeof alphabet - 1)];
        ASSERT_EQ(difference(text), "");
    }
}
