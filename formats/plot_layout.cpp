#include "formats/plot_layout.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>

namespace part::formats {

namespace {

constexpr double kWidth = 900, kPanelHeight = 300, kLeft = 70, kRight = 170, kTop = 30,
                 kBottom = 40;
constexpr Rgb kPalette[] = {{0x1f, 0x77, 0xb4}, {0xd6, 0x27, 0x28}, {0x2c, 0xa0, 0x2c},
                            {0xff, 0x7f, 0x0e}, {0x94, 0x67, 0xbd}, {0x8c, 0x56, 0x4b},
                            {0x17, 0xbe, 0xcf}};
constexpr Rgb kFrameGrey{0x88, 0x88, 0x88};

struct Range {
    double low = 0, high = 1;
    std::size_t points = 1;
};

Range y_range(const PlotPanel& panel) {
    Range range;
    bool first = true;
    for (const auto& s : panel.series) {
        range.points = std::max(range.points, s.values.size());
        for (double y : s.values) {
            if (!std::isfinite(y)) continue; // must not stretch the axis to infinity
            range.low = first ? y : std::min(range.low, y);
            range.high = first ? y : std::max(range.high, y);
            first = false;
        }
    }
    if (range.high <= range.low) range.high = range.low + 1;
    return range;
}

void lay_out_panel(PlotPicture& picture, const PlotPanel& panel, double top,
                   const std::string& x_label) {
    const Range range = y_range(panel);
    const double plot_w = kWidth - kLeft - kRight, plot_h = kPanelHeight - kTop - kBottom;
    auto x_of = [&](std::size_t i) {
        return kLeft + (range.points > 1 ? double(i) / double(range.points - 1) : 0.5) * plot_w;
    };
    auto y_of = [&](double y) {
        return top + kTop + (1 - (y - range.low) / (range.high - range.low)) * plot_h;
    };

    picture.texts.push_back({kLeft, top + 20, TextAnchor::start, true, panel.title});
    picture.frames.push_back({kLeft, top + kTop, plot_w, plot_h, kFrameGrey});
    for (int tick = 0; tick <= 4; ++tick) {
        const double y = range.low + (range.high - range.low) * tick / 4;
        picture.texts.push_back({kLeft - 6, y_of(y) + 4, TextAnchor::end, false, plot_number(y)});
        const std::size_t i = (range.points - 1) * std::size_t(tick) / 4;
        picture.texts.push_back(
            {x_of(i), top + kTop + plot_h + 16, TextAnchor::middle, false, std::to_string(i + 1)});
    }
    picture.texts.push_back(
        {kLeft + plot_w / 2, top + kPanelHeight - 6, TextAnchor::middle, false, x_label});
    for (std::size_t s = 0; s < panel.series.size(); ++s) {
        PlotPolyline curve{series_colour(s), 1.5, {}};
        const auto& values = panel.series[s].values;
        for (std::size_t i = 0; i < values.size(); ++i)
            curve.points.emplace_back(x_of(i), y_of(values[i]));
        picture.lines.push_back(std::move(curve));
        const double legend_y = top + kTop + 14 + 18 * double(s);
        picture.swatches.push_back(
            {series_colour(s),
             2,
             {{kWidth - kRight + 10, legend_y - 4}, {kWidth - kRight + 30, legend_y - 4}}});
        picture.texts.push_back(
            {kWidth - kRight + 35, legend_y, TextAnchor::start, false, panel.series[s].name});
    }
}

} // namespace

Rgb series_colour(std::size_t index) {
    return kPalette[index % std::size(kPalette)];
}

std::string plot_number(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.4g", value);
    return buffer;
}

PlotPicture lay_out_line_plot(const std::vector<PlotPanel>& panels, const std::string& x_label) {
    PlotPicture picture;
    picture.width = kWidth;
    picture.height = kPanelHeight * double(std::max<std::size_t>(panels.size(), 1));
    for (std::size_t p = 0; p < panels.size(); ++p)
        lay_out_panel(picture, panels[p], kPanelHeight * double(p), x_label);
    return picture;
}

} // namespace part::formats
