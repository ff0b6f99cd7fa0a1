#include "formats/line_plot_file.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "formats/atomic_output.hpp"
#include "libpart/core/error.hpp"

namespace part::formats {

namespace {

std::string lower_case_extension(const std::filesystem::path& path) {
    std::string extension = path.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return extension;
}

bool writes_directly_to(const std::string& path) {
    try {
        return writes_directly(path);
    } catch (const InputError&) {
        return false; // a folder: refused here, as a name without .svg
    }
}

} // namespace

void check_plot_path(const std::string& path) {
    const std::string extension = lower_case_extension(path);
    if (extension == ".svg") return;
    if (extension == ".png")
        throw InvalidArgument(path + ": plots are written as SVG only, not PNG: name it " +
                              std::filesystem::path(path).replace_extension(".svg").string());
    if (writes_directly_to(path)) return;
    throw InvalidArgument(path + ": plots are written as SVG: name it *.svg");
}

} // namespace part::formats
