#pragma once
// An RGB canvas with just what plots need: anti-aliased thick lines, filled rectangles and
// text in the built-in bitmap font. Pixel (x, y) covers [x, x+1) x [y, y+1).
#include <cstdint>
#include <string>
#include <vector>

#include "formats/plot_layout.hpp"

namespace part::formats {

class RasterCanvas {
  public:
    RasterCanvas(int width, int height, Rgb background);

    int width() const { return width_; }
    int height() const { return height_; }
    const std::vector<std::uint8_t>& pixels() const { return pixels_; } // row-major RGB
    Rgb at(int x, int y) const;

    void fill_rect(int x, int y, int width, int height, Rgb colour); // clipped to the canvas
    // A segment `thickness` wide; edge pixels are blended by the fraction of them it covers.
    void draw_line(double x0, double y0, double x1, double y1, double thickness, Rgb colour);
    // Text with its baseline at y, starting, centred or ending at x; bold is drawn twice.
    void draw_text(double x, double y, const std::string& text, TextAnchor anchor, bool bold,
                   Rgb colour);
    static int text_width(const std::string& text);

  private:
    void blend(int x, int y, Rgb colour, double coverage);

    int width_, height_;
    std::vector<std::uint8_t> pixels_;
};

} // namespace part::formats
