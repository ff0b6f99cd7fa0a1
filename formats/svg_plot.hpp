#pragma once
// Line plots as SVG text: panels stacked vertically, one line per series, a shared x axis,
// axis ticks and a legend.
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

} // namespace part::formats
