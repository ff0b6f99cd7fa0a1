#pragma once
// Cutting a text into pieces at line ends, so that the pieces can be parsed concurrently and
// their results joined in order.
#include <string_view>
#include <vector>

namespace part::formats {

// About `pieces` consecutive slices of `text`, each ending just after a '\n' (the last at
// the end of the text). Their concatenation is `text`; none is empty unless `text` is.
inline std::vector<std::string_view> split_at_line_ends(std::string_view text, unsigned pieces) {
    std::vector<std::string_view> chunks;
    for (std::size_t begin = 0, t = 1; begin < text.size(); ++t) {
        std::size_t end = t >= pieces ? text.size() : text.size() * t / pieces;
        end = std::max(end, begin + 1);
        const std::size_t newline = text.find('\n', end - 1);
        end = newline == std::string_view::npos ? text.size() : newline + 1;
        chunks.push_back(text.substr(begin, end - begin));
        begin = end;
    }
    return chunks;
}

} // namespace part::formats
