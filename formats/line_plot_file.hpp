#pragma once
// Line plots as files: SVG or PNG, the format chosen by the file name's extension.
#include <optional>
#include <string>
#include <vector>

#include "formats/plot_layout.hpp"

namespace part::formats {

enum class PlotFormat { svg, png };

// The format `path`'s extension (.svg or .png, any case) names; SVG for a target written
// directly (standard output, a device, a pipe: atomic_output.hpp); nullopt for anything else.
std::optional<PlotFormat> plot_format_for(const std::string& path);

// The file's bytes in `format`.
std::string render_line_plot(PlotFormat format, const std::vector<PlotPanel>& panels,
                             const std::string& x_label);

} // namespace part::formats
