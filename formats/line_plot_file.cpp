#include "formats/line_plot_file.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "formats/atomic_output.hpp"
#include "formats/png_plot.hpp"
#include "formats/svg_plot.hpp"
#include "libpart/core/error.hpp"

namespace part::formats {

std::optional<PlotFormat> plot_format_for(const std::string& path) {
    std::string extension = std::filesystem::path(path).extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (extension == ".svg") return PlotFormat::svg;
    if (extension == ".png") return PlotFormat::png;
    // Standard output, a device or a pipe has no extension to go by: SVG, which is text.
    try {
        if (writes_directly(path)) return PlotFormat::svg;
    } catch (const InputError&) {
        // A folder: no format; writing it reports the error.
    }
    return std::nullopt;
}

std::string render_line_plot(PlotFormat format, const std::vector<PlotPanel>& panels,
                             const std::string& x_label) {
    return format == PlotFormat::png ? png_line_plot(panels, x_label)
                                     : svg_line_plot(panels, x_label);
}

} // namespace part::formats
