#pragma once
// Renders the line-plot layout (plot_layout.hpp) as a PNG image, the same picture as
// svg_plot draws.
#include <string>
#include <vector>

#include "formats/plot_layout.hpp"
#include "formats/raster_canvas.hpp"

namespace part::formats {

RasterCanvas rasterise_line_plot(const std::vector<PlotPanel>& panels, const std::string& x_label);
std::string png_line_plot(const std::vector<PlotPanel>& panels, const std::string& x_label);
void write_png_line_plot(const std::string& path, const std::vector<PlotPanel>& panels,
                         const std::string& x_label);

} // namespace part::formats
