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

// The data's extent: the longest series and the finite values' range.
struct Extent {
    double low = 0, high = 0;
    std::size_t points = 1;
};

Extent extent_of(const PlotPanel& panel) {
    Extent extent;
    bool first = true;
    for (const auto& s : panel.series) {
        extent.points = std::max(extent.points, s.values.size());
        for (double y : s.values) {
            if (!std::isfinite(y)) continue; // must not stretch the axis to infinity
            extent.low = first ? y : std::min(extent.low, y);
            extent.high = first ? y : std::max(extent.high, y);
            first = false;
        }
    }
    return extent;
}

// The y axis: the data's range widened to whole multiples of a round step (1, 2, 2.5 or 5
// times a power of ten) that cuts it into about five intervals, so the tick labels are short
// round numbers people read at a glance.
struct Axis {
    double low = 0, high = 1, step = 0.25;
    int ticks() const { return int(std::lround((high - low) / step)) + 1; }
};

Axis round_axis(double low, double high) {
    if (!(high > low)) { // constant data: centre it in a band of its own
        const double half = low != 0 ? std::abs(low) * 0.05 : 0.5;
        low -= half;
        high += half;
    }
    const double rough = (high - low) / 5, power = std::pow(10.0, std::floor(std::log10(rough)));
    double step = 10 * power;
    for (double multiple : {1.0, 2.0, 2.5, 5.0})
        if (multiple * power >= rough * (1 - 1e-9)) {
            step = multiple * power;
            break;
        }
    return {std::floor(low / step) * step, std::ceil(high / step) * step, step};
}

// `value` with as many decimals as the step needs (0.25 -> 2, 5000 -> 0).
std::string tick_label(double value, double step) {
    if (std::abs(value) < step * 1e-6) value = 0; // not "-0" or "1e-17"
    if (std::abs(value) >= 1e9) return plot_number(value);
    int decimals = 0;
    for (double scaled = step;
         decimals < 9 && std::abs(scaled - std::round(scaled)) > 1e-6 * scaled; scaled *= 10)
        ++decimals;
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

void lay_out_panel(PlotPicture& picture, const PlotPanel& panel, double top,
                   const std::string& x_label) {
    const Extent extent = extent_of(panel);
    const Axis axis = round_axis(extent.low, extent.high);
    const double plot_w = kWidth - kLeft - kRight, plot_h = kPanelHeight - kTop - kBottom;
    auto x_of = [&](std::size_t i) {
        return kLeft + (extent.points > 1 ? double(i) / double(extent.points - 1) : 0.5) * plot_w;
    };
    auto y_of = [&](double y) {
        return top + kTop + (1 - (y - axis.low) / (axis.high - axis.low)) * plot_h;
    };

    picture.texts.push_back({kLeft, top + 20, TextAnchor::start, true, panel.title});
    picture.frames.push_back({kLeft, top + kTop, plot_w, plot_h, kFrameGrey});
    for (int tick = 0; tick < axis.ticks(); ++tick) {
        const double y = axis.low + axis.step * tick;
        picture.texts.push_back(
            {kLeft - 6, y_of(y) + 4, TextAnchor::end, false, tick_label(y, axis.step)});
    }
    for (std::size_t tick = 0, previous = 0; tick <= 4; ++tick) {
        const std::size_t i = (extent.points - 1) * tick / 4;
        if (tick > 0 && i == previous) continue; // fewer than five steps
        picture.texts.push_back(
            {x_of(i), top + kTop + plot_h + 16, TextAnchor::middle, false, std::to_string(i + 1)});
        previous = i;
    }
    picture.texts.push_back(
        {kLeft + plot_w / 2, top + kPanelHeight - 6, TextAnchor::middle, false, x_label});
    for (std::size_t s = 0; s < panel.series.size(); ++s) {
        PlotPolyline curve{series_colour(s), 1.5, {}};
        const auto& values = panel.series[s].values;
        for (std::size_t i = 0; i < values.size(); ++i)
            curve.points.emplace_back(x_of(i), y_of(values[i]));
        if (curve.points.size() == 1) { // a single step: a short dash, not an invisible point
            const auto [x, y] = curve.points.front();
            curve.points = {{x - 4, y}, {x + 4, y}};
        }
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
