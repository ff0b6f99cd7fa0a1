#pragma once
// Fast number formatting for the text writers.
#include <charconv>
#include <cstdint>
#include <string>
#include <type_traits>

namespace part::formats {

template <typename Integer>
requires std::is_integral_v<Integer>
inline void append_number(std::string& out, Integer value) {
    char buffer[24];
    auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, result.ptr);
}

// Shortest text that reads back as the same double.
inline void append_number(std::string& out, double value) {
    char buffer[32];
    auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, result.ptr);
}

} // namespace part::formats
