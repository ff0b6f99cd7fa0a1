#include "libpart/core/error.hpp"

namespace part {

static std::string located(const std::string& file, std::int64_t line, const std::string& message) {
    if (file.empty()) return message;
    std::string text = file;
    if (line > 0) text.append(":").append(std::to_string(line));
    return text.append(": ").append(message);
}

InputError::InputError(std::string file, std::int64_t line, const std::string& message)
    : Error(located(file, line, message)), file_(std::move(file)), line_(line), message_(message) {}

} // namespace part
