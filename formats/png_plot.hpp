#pragma once
// Renders the line-plot layout (plot_layout.hpp) as a PNG image, the same picture as
// svg_plot draws.
#include <string>
#include <vector>

#include "formats/plot_layout.hpp"

namespace part::formats {

// The PNG file's bytes.
std::string png_line_plot(const std::vector<PlotPanel>& panels, const std::string& x_label);

} // namespace part::formats
