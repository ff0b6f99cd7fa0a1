#include "formats/raster_canvas.hpp"

#include <algorithm>
#include <cmath>

#include "formats/bitmap_font.hpp"

namespace part::formats {

namespace {

double distance_to_segment(double px, double py, double x0, double y0, double x1, double y1) {
    const double dx = x1 - x0, dy = y1 - y0, length2 = dx * dx + dy * dy;
    double t = length2 > 0 ? ((px - x0) * dx + (py - y0) * dy) / length2 : 0;
    t = std::clamp(t, 0.0, 1.0);
    return std::hypot(px - (x0 + t * dx), py - (y0 + t * dy));
}

} // namespace

RasterCanvas::RasterCanvas(int width, int height, Rgb background)
    : width_(std::max(width, 1)), height_(std::max(height, 1)),
      pixels_(std::size_t(width_) * std::size_t(height_) * 3) {
    fill_rect(0, 0, width_, height_, background);
}

Rgb RasterCanvas::at(int x, int y) const {
    const std::size_t i = (std::size_t(y) * std::size_t(width_) + std::size_t(x)) * 3;
    return {pixels_[i], pixels_[i + 1], pixels_[i + 2]};
}

void RasterCanvas::blend(int x, int y, Rgb colour, double coverage) {
    if (x < 0 || y < 0 || x >= width_ || y >= height_ || coverage <= 0) return;
    coverage = std::min(coverage, 1.0);
    std::uint8_t* pixel = &pixels_[(std::size_t(y) * std::size_t(width_) + std::size_t(x)) * 3];
    for (int c = 0; c < 3; ++c) {
        const double target = c == 0 ? colour.r : c == 1 ? colour.g : colour.b;
        pixel[c] = std::uint8_t(std::lround(pixel[c] + (target - pixel[c]) * coverage));
    }
}

void RasterCanvas::fill_rect(int x, int y, int width, int height, Rgb colour) {
    const int x_end = std::min(x + width, width_), y_end = std::min(y + height, height_);
    for (int row = std::max(y, 0); row < y_end; ++row)
        for (int col = std::max(x, 0); col < x_end; ++col) blend(col, row, colour, 1);
}

void RasterCanvas::draw_line(double x0, double y0, double x1, double y1, double thickness,
                             Rgb colour) {
    if (!std::isfinite(x0) || !std::isfinite(y0) || !std::isfinite(x1) || !std::isfinite(y1))
        return; // a NaN or infinite value has no place on the plot
    // Coverage of a pixel ~ how far its centre lies inside the stroke's edge, which gives
    // the soft edges of Wu's lines for any thickness. Only the pixels of the segment's
    // bounding box (clipped to the canvas) can be touched.
    const double reach = thickness / 2 + 0.5;
    auto clipped = [](double v, int size) { return int(std::clamp(v, -1.0, double(size))); };
    const int left = clipped(std::floor(std::min(x0, x1) - reach), width_),
              right = clipped(std::ceil(std::max(x0, x1) + reach), width_),
              top = clipped(std::floor(std::min(y0, y1) - reach), height_),
              bottom = clipped(std::ceil(std::max(y0, y1) + reach), height_);
    for (int y = std::max(top, 0); y <= std::min(bottom, height_ - 1); ++y)
        for (int x = std::max(left, 0); x <= std::min(right, width_ - 1); ++x)
            blend(x, y, colour, reach - distance_to_segment(x + 0.5, y + 0.5, x0, y0, x1, y1));
}

int RasterCanvas::text_width(const std::string& text) {
    return text.empty() ? 0 : int(text.size()) * kGlyphAdvance - 1;
}

void RasterCanvas::draw_text(double x, double y, const std::string& text, TextAnchor anchor,
                             bool bold, Rgb colour) {
    const int width = text_width(text) + (bold ? 1 : 0);
    int left = int(std::lround(x));
    if (anchor == TextAnchor::middle) left -= width / 2;
    if (anchor == TextAnchor::end) left -= width;
    const int top = int(std::lround(y)) - kGlyphHeight;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const Glyph& glyph = glyph_for(text[i]);
        const int glyph_left = left + int(i) * kGlyphAdvance;
        for (int row = 0; row < kGlyphHeight; ++row)
            for (int col = 0; col < kGlyphWidth; ++col)
                if (glyph.rows[row] & (1u << (kGlyphWidth - 1 - col)))
                    for (int extra = 0; extra <= (bold ? 1 : 0); ++extra)
                        blend(glyph_left + col + extra, top + glyph.drop + row, colour, 1);
    }
}

} // namespace part::formats
