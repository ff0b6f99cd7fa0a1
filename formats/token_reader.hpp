#pragma once
// The whitespace-separated tokens of a text file across lines, for formats that let numbers
// break anywhere (Medit, AFLR3's ASCII UGRID), with the line of each for errors.
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "formats/line_reader.hpp"

namespace part::formats {

class TokenReader {
  public:
    // `comment`: the character that starts a comment running to the end of the line ('\0':
    // none).
    TokenReader(std::string_view text, const std::string& name, char comment)
        : lines_(text, name), comment_(comment) {}

    bool next(std::string_view& token) {
        for (;;) {
            while (!rest_.empty() && is_space(rest_.front())) rest_.remove_prefix(1);
            if (!rest_.empty() && (comment_ == '\0' || rest_.front() != comment_)) break;
            if (!lines_.next(rest_)) return false;
        }
        const std::size_t end = std::find_if(rest_.begin(), rest_.end(), is_space) - rest_.begin();
        token = rest_.substr(0, end);
        rest_.remove_prefix(end);
        return true;
    }

    // The next token as a number; `what` names it in the error.
    template <typename T> T number(const std::string& what) {
        std::string_view token;
        if (!next(token)) fail("file ends where " + what + " was expected");
        return number<T>(token, what);
    }
    // `token` as a number; `what` names it in the error.
    template <typename T> T number(std::string_view token, const std::string& what) const {
        return lines_.number<T>(token, what);
    }

    std::int64_t line() const { return lines_.line_number(); }
    std::size_t offset() const { return lines_.offset(); }
    const std::string& file() const { return lines_.file(); }
    [[noreturn]] void fail(const std::string& message) const { lines_.fail(message); }

  private:
    static bool is_space(char c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
    }

    LineReader lines_;
    char comment_;
    std::string_view rest_;
};

} // namespace part::formats
