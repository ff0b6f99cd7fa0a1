#pragma once
// A small SVG line-plot writer: panels stacked vertically, one line per series, shared x
// axis, axis ticks and a legend. Enough to read per-step curves at a glance.
#include <string>
#include <vector>

namespace part::formats {

struct PlotSeries {
    std::string name;
    std::vector<double> values; // y at x = 1, 2, ...
};

struct PlotPanel {
    std::string title;
    std::vector<PlotSeries> series;
};

std::string svg_line_plot(const std::vector<PlotPanel>& panels, const std::string& x_label);
void write_svg_line_plot(const std::string& path, const std::vector<PlotPanel>& panels,
                         const std::string& x_label);

} // namespace part::formats
