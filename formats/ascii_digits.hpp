#pragma once
// Whether a byte is an ASCII digit, for the readers' hand-written number scanners.

namespace part::formats {

inline bool is_digit(char c) {
    return static_cast<unsigned char>(c - '0') < 10u;
}

} // namespace part::formats
