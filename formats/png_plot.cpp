#include "formats/png_plot.hpp"

#include <cmath>

#include "formats/png_image.hpp"
#include "formats/raster_canvas.hpp"

namespace part::formats {

namespace {

void draw_frame(RasterCanvas& canvas, const PlotFrame& frame) {
    const int x = int(std::lround(frame.x)), y = int(std::lround(frame.y)),
              w = int(std::lround(frame.width)), h = int(std::lround(frame.height));
    canvas.fill_rect(x, y, w + 1, 1, frame.colour);
    canvas.fill_rect(x, y + h, w + 1, 1, frame.colour);
    canvas.fill_rect(x, y, 1, h + 1, frame.colour);
    canvas.fill_rect(x + w, y, 1, h + 1, frame.colour);
}

void draw_polyline(RasterCanvas& canvas, const PlotPolyline& line) {
    for (std::size_t i = 1; i < line.points.size(); ++i)
        canvas.draw_line(line.points[i - 1].first, line.points[i - 1].second, line.points[i].first,
                         line.points[i].second, line.width, line.colour);
}

RasterCanvas rasterise_line_plot(const std::vector<PlotPanel>& panels, const std::string& x_label) {
    const PlotPicture picture = lay_out_line_plot(panels, x_label);
    RasterCanvas canvas(int(std::lround(picture.width)), int(std::lround(picture.height)),
                        picture.background);
    for (const PlotFrame& frame : picture.frames) draw_frame(canvas, frame);
    for (const PlotPolyline& line : picture.lines) draw_polyline(canvas, line);
    for (const PlotPolyline& swatch : picture.swatches) draw_polyline(canvas, swatch);
    for (const PlotText& text : picture.texts)
        canvas.draw_text(text.x, text.y, text.text, text.anchor, text.bold, picture.text_colour);
    return canvas;
}

} // namespace

std::string png_line_plot(const std::vector<PlotPanel>& panels, const std::string& x_label) {
    const RasterCanvas canvas = rasterise_line_plot(panels, x_label);
    return encode_png(canvas.width(), canvas.height(), canvas.pixels());
}

} // namespace part::formats
