#include "formats/svg_plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <utility>

namespace part::formats {

namespace {

constexpr double kWidth = 900, kPanelHeight = 300, kLeft = 70, kRight = 170, kTop = 30,
                 kBottom = 40;
// The colour of each series in every panel (cycled past the end).
constexpr const char* kPalette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
                                    "#9467bd", "#8c564b", "#17becf"};

// A number in %.4g: SVG coordinates and sizes, tick labels too long for fixed notation.
std::string plot_number(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.4g", value);
    return buffer;
}

std::string escaped(const std::string& text) {
    std::string out;
    for (const char& c : text)
        out += c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : std::string_view(&c, 1);
    return out;
}

// The SVG elements of a plot by kind, each kind drawn over the ones before it.
struct SvgParts {
    std::string frames, curves, swatches, texts;
};

// Text whose baseline starts, centres or ends (per `anchor`) at (x, y).
void add_text(SvgParts& svg, double x, double y, const char* anchor, bool bold,
              const std::string& text) {
    // Appended piece by piece: "literal" + std::string&& trips g++ 12's -Wrestrict.
    std::string& out = svg.texts;
    out += "<text x=\"";
    out += plot_number(x);
    out += "\" y=\"";
    out += plot_number(y);
    out += '"';
    if (std::string_view(anchor) != "start") {
        out += " text-anchor=\"";
        out += anchor;
        out += '"';
    }
    if (bold) out += " font-weight=\"bold\"";
    out += '>';
    out += escaped(text);
    out += "</text>\n";
}

void add_curve(SvgParts& svg, const char* colour,
               const std::vector<std::pair<double, double>>& points) {
    svg.curves += std::string("<polyline fill=\"none\" stroke-width=\"1.5\" stroke=\"") + colour +
                  "\" points=\"";
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (i) svg.curves += ' ';
        svg.curves += plot_number(points[i].first);
        svg.curves += ',';
        svg.curves += plot_number(points[i].second);
    }
    svg.curves += "\"/>\n";
}

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

void add_panel(SvgParts& svg, const PlotPanel& panel, double top, const std::string& x_label) {
    const Extent extent = extent_of(panel);
    const Axis axis = round_axis(extent.low, extent.high);
    const double plot_w = kWidth - kLeft - kRight, plot_h = kPanelHeight - kTop - kBottom;
    auto x_of = [&](std::size_t i) {
        return kLeft + (extent.points > 1 ? double(i) / double(extent.points - 1) : 0.5) * plot_w;
    };
    auto y_of = [&](double y) {
        return top + kTop + (1 - (y - axis.low) / (axis.high - axis.low)) * plot_h;
    };

    add_text(svg, kLeft, top + 20, "start", true, panel.title);
    svg.frames += "<rect x=\"" + plot_number(kLeft) + "\" y=\"" + plot_number(top + kTop) +
                  "\" width=\"" + plot_number(plot_w) + "\" height=\"" + plot_number(plot_h) +
                  "\" fill=\"none\" stroke=\"#888888\"/>\n";
    for (int tick = 0; tick < axis.ticks(); ++tick) {
        const double y = axis.low + axis.step * tick;
        add_text(svg, kLeft - 6, y_of(y) + 4, "end", false, tick_label(y, axis.step));
    }
    for (std::size_t tick = 0, previous = 0; tick <= 4; ++tick) {
        const std::size_t i = (extent.points - 1) * tick / 4;
        if (tick > 0 && i == previous) continue; // fewer than five steps
        add_text(svg, x_of(i), top + kTop + plot_h + 16, "middle", false, std::to_string(i + 1));
        previous = i;
    }
    add_text(svg, kLeft + plot_w / 2, top + kPanelHeight - 6, "middle", false, x_label);
    for (std::size_t s = 0; s < panel.series.size(); ++s) {
        const char* colour = kPalette[s % std::size(kPalette)];
        std::vector<std::pair<double, double>> points;
        const auto& values = panel.series[s].values;
        for (std::size_t i = 0; i < values.size(); ++i)
            points.emplace_back(x_of(i), y_of(values[i]));
        if (points.size() == 1) { // a single step: a short dash, not an invisible point
            const auto [x, y] = points.front();
            points = {{x - 4, y}, {x + 4, y}};
        }
        add_curve(svg, colour, points);
        const double legend_y = top + kTop + 14 + 18 * double(s);
        svg.swatches += "<line x1=\"" + plot_number(kWidth - kRight + 10) + "\" x2=\"" +
                        plot_number(kWidth - kRight + 30) + "\" y1=\"" + plot_number(legend_y - 4) +
                        "\" y2=\"" + plot_number(legend_y - 4) + "\" stroke=\"" + colour +
                        "\" stroke-width=\"2\"/>\n";
        add_text(svg, kWidth - kRight + 35, legend_y, "start", false, panel.series[s].name);
    }
}

} // namespace

std::string svg_line_plot(const std::vector<PlotPanel>& panels, const std::string& x_label) {
    SvgParts parts;
    for (std::size_t p = 0; p < panels.size(); ++p)
        add_panel(parts, panels[p], kPanelHeight * double(p), x_label);
    const double height = kPanelHeight * double(std::max<std::size_t>(panels.size(), 1));
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "
           "xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
           plot_number(kWidth) + "\" height=\"" + plot_number(height) +
           "\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#000000\">\n<rect "
           "width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n" +
           parts.frames + parts.curves + parts.swatches + parts.texts + "</svg>\n";
}

} // namespace part::formats
