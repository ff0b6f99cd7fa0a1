#include "formats/svg_plot.hpp"

#include <cstdio>

namespace part::formats {

namespace {

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

std::string hex(Rgb colour) {
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", colour.r, colour.g, colour.b);
    return buffer;
}

const char* anchor_name(TextAnchor anchor) {
    switch (anchor) {
    case TextAnchor::middle:
        return "middle";
    case TextAnchor::end:
        return "end";
    default:
        return "start";
    }
}

void append_text(std::string& svg, const PlotText& text) {
    // Appended piece by piece: "literal" + std::string&& trips g++ 12's -Wrestrict.
    svg += "<text x=\"";
    svg += plot_number(text.x);
    svg += "\" y=\"";
    svg += plot_number(text.y);
    svg += '"';
    if (text.anchor != TextAnchor::start) {
        svg += " text-anchor=\"";
        svg += anchor_name(text.anchor);
        svg += '"';
    }
    if (text.bold) svg += " font-weight=\"bold\"";
    svg += '>';
    svg += escaped(text.text);
    svg += "</text>\n";
}

void append_polyline(std::string& svg, const PlotPolyline& line) {
    svg += "<polyline fill=\"none\" stroke-width=\"" + plot_number(line.width) + "\" stroke=\"" +
           hex(line.colour) + "\" points=\"";
    for (std::size_t i = 0; i < line.points.size(); ++i) {
        if (i) svg += ' ';
        svg += plot_number(line.points[i].first);
        svg += ',';
        svg += plot_number(line.points[i].second);
    }
    svg += "\"/>\n";
}

} // namespace

std::string svg_line_plot(const std::vector<PlotPanel>& panels, const std::string& x_label) {
    const PlotPicture picture = lay_out_line_plot(panels, x_label);
    std::string svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "
                      "xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
                      plot_number(picture.width) + "\" height=\"" + plot_number(picture.height) +
                      "\" font-family=\"sans-serif\" font-size=\"" +
                      plot_number(picture.font_size) + "\" fill=\"" + hex(picture.text_colour) +
                      "\">\n<rect width=\"100%\" height=\"100%\" fill=\"" +
                      hex(picture.background) + "\"/>\n";
    for (const PlotFrame& frame : picture.frames)
        svg += "<rect x=\"" + plot_number(frame.x) + "\" y=\"" + plot_number(frame.y) +
               "\" width=\"" + plot_number(frame.width) + "\" height=\"" +
               plot_number(frame.height) + "\" fill=\"none\" stroke=\"" + hex(frame.colour) +
               "\"/>\n";
    for (const PlotPolyline& line : picture.lines) append_polyline(svg, line);
    for (const PlotPolyline& swatch : picture.swatches)
        svg += "<line x1=\"" + plot_number(swatch.points[0].first) + "\" x2=\"" +
               plot_number(swatch.points[1].first) + "\" y1=\"" +
               plot_number(swatch.points[0].second) + "\" y2=\"" +
               plot_number(swatch.points[1].second) + "\" stroke=\"" + hex(swatch.colour) +
               "\" stroke-width=\"" + plot_number(swatch.width) + "\"/>\n";
    for (const PlotText& text : picture.texts) append_text(svg, text);
    svg += "</svg>\n";
    return svg;
}

} // namespace part::formats
