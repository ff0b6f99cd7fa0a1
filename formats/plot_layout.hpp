#pragma once
// The layout of a line plot (panels stacked vertically, one line per series, shared x axis,
// axis ticks, a legend) as drawing primitives in pixel coordinates, which svg_plot renders.
#include <cstdint>
#include <string>
#include <utility>
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

struct Rgb {
    std::uint8_t r = 0, g = 0, b = 0;
    friend bool operator==(const Rgb&, const Rgb&) = default;
};

// The colour of the series at `index` in every panel (cycles past the palette's end).
Rgb series_colour(std::size_t index);

enum class TextAnchor { start, middle, end };

// Text whose baseline starts, centres or ends (per anchor) at (x, y).
struct PlotText {
    double x = 0, y = 0;
    TextAnchor anchor = TextAnchor::start;
    bool bold = false;
    std::string text;
};

struct PlotPolyline {
    Rgb colour;
    double width = 1;
    std::vector<std::pair<double, double>> points;
};

struct PlotFrame { // an unfilled rectangle
    double x = 0, y = 0, width = 0, height = 0;
    Rgb colour;
};

struct PlotPicture {
    double width = 0, height = 0;
    double font_size = 12; // sans-serif, in pixels
    Rgb background{255, 255, 255};
    Rgb text_colour{0, 0, 0};
    std::vector<PlotFrame> frames;
    std::vector<PlotPolyline> lines;    // the series curves
    std::vector<PlotPolyline> swatches; // legend samples, two points each
    std::vector<PlotText> texts;
};

PlotPicture lay_out_line_plot(const std::vector<PlotPanel>& panels, const std::string& x_label);

// A number in %.4g: SVG coordinates and sizes, tick labels too long for fixed notation.
std::string plot_number(double value);

} // namespace part::formats
