#pragma once
// What the libFuzzer targets share: the input as text or as a file for the readers that take
// a path, and the rule every reader must keep: accept the input or reject it with InputError.
// Any other exception escapes the target, which libFuzzer reports as a crash.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "libpart/core/error.hpp"

namespace part::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// Writes the input to `name` in a scratch folder of this process (made on first use, removed
// at exit) and returns the file's path. The same name is overwritten by the next input.
std::string write_input(std::string_view bytes, const std::string& name);

// Runs `read`: true when it returns, false when it throws InputError.
template <typename Read> bool accepts(Read&& read) {
    try {
        read();
        return true;
    } catch (const InputError&) {
        return false;
    }
}

// Stops the run as a crash when a reader breaks one of the target's checks (two ways of
// reading the same input that disagree, an accepted input the reader itself calls invalid).
void require(bool holds, const char* what);

} // namespace part::fuzz
