#include "formats/svg_plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "formats/atomic_output.hpp"

namespace part::formats {

namespace {

constexpr double kWidth = 900, kPanelHeight = 300, kLeft = 70, kRight = 170, kTop = 30,
                 kBottom = 40;
constexpr const char* kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
                                    "#9467bd", "#8c564b", "#17becf"};

std::string number(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.4g", value);
    return buffer;
}

std::string escaped(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else if (c == '&')
            out += "&amp;";
        else
            out += c;
    }
    return out;
}

void draw_panel(std::string& svg, const PlotPanel& panel, double top, const std::string& x_label) {
    std::size_t points = 1;
    double low = 0, high = 0;
    bool first = true;
    for (const auto& s : panel.series)
        for (double y : s.values) {
            points = std::max(points, s.values.size());
            low = first ? y : std::min(low, y);
            high = first ? y : std::max(high, y);
            first = false;
        }
    if (high <= low) high = low + 1;
    const double plot_w = kWidth - kLeft - kRight, plot_h = kPanelHeight - kTop - kBottom;
    auto x_of = [&](std::size_t i) {
        return kLeft + (points > 1 ? double(i) / double(points - 1) : 0.5) * plot_w;
    };
    auto y_of = [&](double y) { return top + kTop + (1 - (y - low) / (high - low)) * plot_h; };

    svg += "<text x=\"" + number(kLeft) + "\" y=\"" + number(top + 20) +
           "\" font-weight=\"bold\">" + escaped(panel.title) + "</text>\n";
    svg += "<rect x=\"" + number(kLeft) + "\" y=\"" + number(top + kTop) + "\" width=\"" +
           number(plot_w) + "\" height=\"" + number(plot_h) +
           "\" fill=\"none\" stroke=\"#888\"/>\n";
    for (int tick = 0; tick <= 4; ++tick) {
        const double y = low + (high - low) * tick / 4;
        svg += "<text x=\"" + number(kLeft - 6) + "\" y=\"" + number(y_of(y) + 4) +
               "\" text-anchor=\"end\">" + number(y) + "</text>\n";
        const std::size_t i = (points - 1) * std::size_t(tick) / 4;
        svg += "<text x=\"" + number(x_of(i)) + "\" y=\"" + number(top + kTop + plot_h + 16) +
               "\" text-anchor=\"middle\">" + std::to_string(i + 1) + "</text>\n";
    }
    svg += "<text x=\"" + number(kLeft + plot_w / 2) + "\" y=\"" + number(top + kPanelHeight - 6) +
           "\" text-anchor=\"middle\">" + escaped(x_label) + "</text>\n";
    for (std::size_t s = 0; s < panel.series.size(); ++s) {
        const char* colour = kColours[s % std::size(kColours)];
        svg += "<polyline fill=\"none\" stroke-width=\"1.5\" stroke=\"" + std::string(colour) +
               "\" points=\"";
        const auto& values = panel.series[s].values;
        for (std::size_t i = 0; i < values.size(); ++i) {
            if (i) svg += ' ';
            svg += number(x_of(i));
            svg += ',';
            svg += number(y_of(values[i]));
        }
        svg += "\"/>\n";
        const double legend_y = top + kTop + 14 + 18 * double(s);
        svg += "<line x1=\"" + number(kWidth - kRight + 10) + "\" x2=\"" +
               number(kWidth - kRight + 30) + "\" y1=\"" + number(legend_y - 4) + "\" y2=\"" +
               number(legend_y - 4) + "\" stroke=\"" + colour + "\" stroke-width=\"2\"/>\n";
        svg += "<text x=\"" + number(kWidth - kRight + 35) + "\" y=\"" + number(legend_y) + "\">" +
               escaped(panel.series[s].name) + "</text>\n";
    }
}

} // namespace

std::string svg_line_plot(const std::vector<PlotPanel>& panels, const std::string& x_label) {
    const double height = kPanelHeight * double(std::max<std::size_t>(panels.size(), 1));
    std::string svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "
                      "xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
                      number(kWidth) + "\" height=\"" + number(height) +
                      "\" font-family=\"sans-serif\" font-size=\"12\">\n" +
                      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    for (std::size_t p = 0; p < panels.size(); ++p)
        draw_panel(svg, panels[p], kPanelHeight * double(p), x_label);
    svg += "</svg>\n";
    return svg;
}

void write_svg_line_plot(const std::string& path, const std::vector<PlotPanel>& panels,
                         const std::string& x_label) {
    write_file_atomically(path, svg_line_plot(panels, x_label));
}

} // namespace part::formats
