#pragma once
// Line-by-line scanning of a text buffer with line numbers, and number parsing with
// std::from_chars that reports the file, line and what was expected on bad tokens.
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "libpart/core/error.hpp"

namespace part::formats {

inline bool is_blank(std::string_view line) {
    return line.find_first_not_of(" \t\r\f\v") == std::string_view::npos;
}

// `s` without leading and trailing whitespace (line ends included).
inline std::string_view trimmed(std::string_view s) {
    constexpr const char* kSpace = " \t\n\r\f\v";
    const std::size_t first = s.find_first_not_of(kSpace);
    if (first == std::string_view::npos) return {};
    return s.substr(first, s.find_last_not_of(kSpace) - first + 1);
}

// `text`, all of it, as a number, or nullopt when it is not one.
template <typename T> std::optional<T> parse_whole(std::string_view text) {
    T value{};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// Whether `word` is one of the space-separated words of `list` ("C3D4 DC3D4").
inline bool is_one_of(std::string_view word, std::string_view list) {
    for (std::size_t at = list.find(word); !word.empty() && at != std::string_view::npos;
         at = list.find(word, at + 1)) {
        const std::size_t end = at + word.size();
        if ((at == 0 || list[at - 1] == ' ') && (end == list.size() || list[end] == ' '))
            return true;
    }
    return false;
}

class LineReader {
  public:
    // `lines_before`: file lines before `text`, when it is a slice of a larger file, so that
    // line numbers in errors are the file's.
    LineReader(std::string_view text, std::string file, std::int64_t lines_before = 0)
        : text_(text), file_(std::move(file)), line_number_(lines_before) {}

    // Next line without its end-of-line characters; false at the end of the text.
    bool next(std::string_view& line) {
        if (pos_ >= text_.size()) return false;
        std::size_t end = text_.find('\n', pos_);
        if (end == std::string_view::npos) end = text_.size();
        line = text_.substr(pos_, end - pos_);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        pos_ = end + 1;
        ++line_number_;
        return true;
    }
    // Next line that is not a '%' comment.
    bool next_data(std::string_view& line) {
        while (next(line))
            if (line.empty() || line.front() != '%') return true;
        return false;
    }
    // Next data line that is not blank.
    bool next_filled(std::string_view& line) {
        while (next_data(line))
            if (!is_blank(line)) return true;
        return false;
    }

    std::int64_t line_number() const { return line_number_; }
    // Byte offset of the next line.
    std::size_t offset() const { return std::min(pos_, text_.size()); }
    const std::string& file() const { return file_; }
    // Jumps to another byte offset, for files that mix text lines with binary blocks (gmsh's
    // binary .msh). Line numbers keep counting text lines.
    void seek(std::size_t offset) { pos_ = offset; }
    [[noreturn]] void fail(const std::string& message) const {
        throw InputError(file_, line_number_, message);
    }
    // `token`, all of it, as a number; else fails naming `what` ("a node id") and the token.
    template <typename T> T number(std::string_view token, const std::string& what) const {
        const std::optional<T> value = parse_whole<T>(token);
        if (!value) fail("expected " + what + ", found '" + std::string(token) + "'");
        return *value;
    }

  private:
    std::string_view text_;
    std::string file_;
    std::size_t pos_ = 0;
    std::int64_t line_number_;
};

// File line of the 0-based `index`-th non-comment line of `text` (which follows `lines_before`
// lines of its file), or 0 when there are fewer; for errors found after parsing.
inline std::int64_t line_of_data_line(std::string_view text, std::int64_t lines_before,
                                      std::int64_t index) {
    LineReader lines(text, "", lines_before);
    std::string_view line;
    for (std::int64_t k = 0; lines.next_data(line); ++k)
        if (k == index) return lines.line_number();
    return 0;
}

// `digits` (1 to 9 decimal digits, nothing else) as a number, or -1.
inline std::int32_t small_decimal(std::string_view digits) {
    if (digits.size() > 9 ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return -1;
    return parse_whole<std::int32_t>(digits).value_or(-1);
}

// The whitespace-separated numbers of one line.
class FieldCursor {
  public:
    FieldCursor(std::string_view line, const LineReader& where)
        : p_(line.data()), end_(line.data() + line.size()), where_(where) {}

    // True when only whitespace is left.
    bool at_end() {
        skip_space();
        return p_ == end_;
    }
    // The next integer; `what` names it in the error ("a neighbour id").
    std::int64_t integer(const char* what) { return number<std::int64_t>(what, "an integer"); }
    double real(const char* what) { return number<double>(what, "a number"); }
    // The next integer into `value`, or false at the end of the line.
    bool next_integer(std::int64_t& value, const char* what) {
        return next_number(value, what, "an integer");
    }
    // The next number into `value`; false, consuming nothing, when the next token is not one.
    bool next_real(double& value) {
        skip_space();
        const auto [next, ec] = std::from_chars(p_, end_, value);
        if (p_ == end_ || ec != std::errc() || (next != end_ && !is_space(*next))) return false;
        p_ = next;
        return true;
    }
    // Number of tokens left on the line, without consuming them.
    std::size_t count_remaining() const {
        std::size_t count = 0;
        for (const char* q = p_; q != end_;) {
            while (q != end_ && is_space(*q)) ++q;
            if (q == end_) break;
            ++count;
            while (q != end_ && !is_space(*q)) ++q;
        }
        return count;
    }

  private:
    template <typename T> T number(const char* what, const char* kind) {
        T value{};
        if (!next_number(value, what, kind))
            where_.fail(std::string("expected ") + what + ", found end of line");
        return value;
    }
    // `kind` names the expected token in the error: "an integer", "a number".
    template <typename T> bool next_number(T& value, const char* what, const char* kind) {
        skip_space();
        if (p_ == end_) return false;
        const auto [next, ec] = std::from_chars(p_, end_, value);
        if (ec != std::errc() || (next != end_ && !is_space(*next))) bad_token(what, kind);
        p_ = next;
        return true;
    }
    static bool is_space(char c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
    }
    void skip_space() {
        while (p_ != end_ && is_space(*p_)) ++p_;
    }
    [[noreturn]] void bad_token(const char* what, const char* kind) const {
        const char* q = p_;
        while (q != end_ && !is_space(*q)) ++q;
        where_.fail(std::string("expected ") + what + " (" + kind + "), found '" +
                    std::string(p_, std::size_t(q - p_)) + "'");
    }

    const char* p_;
    const char* end_;
    const LineReader& where_;
};

// Calls take(fields) for each non-comment line, one row per line. Blank lines may only
// trail the rows. Returns the number of rows.
template <typename Take> std::int64_t for_each_row(LineReader& lines, Take take) {
    std::int64_t rows = 0;
    std::string_view line;
    while (lines.next_data(line)) {
        if (is_blank(line)) {
            if (lines.next_filled(line))
                lines.fail("blank line before the end of the data: expected one row per line");
            break;
        }
        FieldCursor fields(line, lines);
        take(fields);
        ++rows;
    }
    return rows;
}

} // namespace part::formats
