#include "formats/line_plot_file.hpp"

#include <algorithm>
#include <cctype>

#include "formats/png_plot.hpp"
#include "formats/svg_plot.hpp"
#include "libpart/core/error.hpp"

namespace part::formats {

std::optional<PlotFormat> plot_format_for(const std::string& path) {
    if (path.size() < 4) return std::nullopt;
    std::string extension = path.substr(path.size() - 4);
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (extension == ".svg") return PlotFormat::svg;
    if (extension == ".png") return PlotFormat::png;
    return std::nullopt;
}

void write_line_plot(const std::string& path, const std::vector<PlotPanel>& panels,
                     const std::string& x_label) {
    const auto format = plot_format_for(path);
    if (!format)
        throw InvalidArgument("plot " + path + ": name it *.svg or *.png to pick the format");
    if (*format == PlotFormat::png)
        write_png_line_plot(path, panels, x_label);
    else
        write_svg_line_plot(path, panels, x_label);
}

} // namespace part::formats
