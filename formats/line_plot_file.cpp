#include "formats/line_plot_file.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "formats/atomic_output.hpp"
#include "libpart/core/error.hpp"

namespace part::formats {

void check_plot_path(const std::string& path) {
    std::string extension = std::filesystem::path(path).extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (extension == ".svg") return;
    if (extension == ".png")
        throw InvalidArgument(path + ": plots are written as SVG only, not PNG: name it " +
                              std::filesystem::path(path).replace_extension(".svg").string());
    try {
        if (writes_directly(path)) return;
    } catch (const InputError&) {
        // A folder: refused below, as a name without .svg.
    }
    throw InvalidArgument(path + ": plots are written as SVG: name it *.svg");
}

} // namespace part::formats
