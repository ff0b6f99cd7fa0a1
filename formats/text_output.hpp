#pragma once
// Fast number formatting for the text writers.
#include <charconv>
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>

namespace part::formats {

// Doubles as the shortest text that reads back as the same value.
template <typename Number>
requires std::is_integral_v<Number> || std::is_same_v<Number, double>
inline void append_number(std::string& out, Number value) {
    char buffer[32];
    auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, result.ptr);
}

// One number a line: the text of partition and ordering files.
inline std::string one_per_line(std::span<const std::int32_t> values) {
    std::string out;
    for (std::int32_t v : values) {
        append_number(out, v);
        out += '\n';
    }
    return out;
}

} // namespace part::formats
