#pragma once
// Renders the line-plot layout (plot_layout.hpp) as SVG text.
#include <string>
#include <vector>

#include "formats/plot_layout.hpp"

namespace part::formats {

std::string svg_line_plot(const std::vector<PlotPanel>& panels, const std::string& x_label);

} // namespace part::formats
