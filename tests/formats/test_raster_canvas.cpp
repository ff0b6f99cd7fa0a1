#include <gtest/gtest.h>

#include <bit>
#include <limits>

#include "formats/bitmap_font.hpp"
#include "formats/raster_canvas.hpp"

using namespace part::formats;

namespace {

constexpr Rgb kWhite{255, 255, 255}, kBlue{0, 0, 200};

std::size_t pixels_of(const RasterCanvas& canvas, Rgb colour) {
    std::size_t count = 0;
    for (int y = 0; y < canvas.height(); ++y)
        for (int x = 0; x < canvas.width(); ++x) count += canvas.at(x, y) == colour;
    return count;
}

int glyph_pixels(char c) {
    int count = 0;
    for (std::uint8_t row : glyph_for(c).rows) count += std::popcount(row);
    return count;
}

} // namespace

TEST(RasterCanvas, LineThroughPixelCentresPaintsItsRowAndNothingFarAway) {
    RasterCanvas canvas(20, 10, kWhite);
    canvas.draw_line(2.5, 5.5, 17.5, 5.5, 1, kBlue);
    for (int x = 3; x <= 17; ++x) EXPECT_EQ(canvas.at(x, 5), kBlue) << x;
    for (int x = 0; x < 20; ++x) {
        EXPECT_EQ(canvas.at(x, 3), kWhite) << x;
        EXPECT_EQ(canvas.at(x, 7), kWhite) << x;
    }
    EXPECT_EQ(canvas.at(0, 5), kWhite);
    EXPECT_EQ(canvas.at(19, 5), kWhite);
}

TEST(RasterCanvas, LineOnAPixelBorderShadesBothRowsByTheirCoverage) {
    RasterCanvas canvas(20, 10, kWhite);
    canvas.draw_line(2, 5, 18, 5, 1, kBlue); // covers half of rows 4 and 5
    const Rgb half{128, 128, 228};
    EXPECT_EQ(canvas.at(10, 4), half);
    EXPECT_EQ(canvas.at(10, 5), half);
    EXPECT_EQ(canvas.at(10, 6), kWhite);
}

TEST(RasterCanvas, DrawingOffTheCanvasOrWithNanIsClippedOrSkipped) {
    RasterCanvas canvas(8, 8, kWhite);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    canvas.draw_line(nan, 1, 5, 5, 2, kBlue);
    canvas.draw_line(-1e300, 1e300, -1e299, 1e299, 2, kBlue);
    canvas.fill_rect(-10, -10, 5, 5, kBlue);
    canvas.draw_text(-100, -100, "far away", TextAnchor::start, false, kBlue);
    EXPECT_EQ(pixels_of(canvas, kWhite), 64u);
    canvas.fill_rect(6, 6, 10, 10, kBlue);
    EXPECT_EQ(pixels_of(canvas, kBlue), 4u);
}

TEST(RasterCanvas, TextDrawsItsGlyphsAtTheAnchor) {
    RasterCanvas canvas(60, 20, kWhite);
    canvas.draw_text(30, 10, "41", TextAnchor::end, false, kBlue);
    EXPECT_EQ(int(pixels_of(canvas, kBlue)), glyph_pixels('4') + glyph_pixels('1'));
    for (int y = 0; y < 20; ++y)
        for (int x = 30; x < 60; ++x) EXPECT_EQ(canvas.at(x, y), kWhite) << "ends at x = 30";
    EXPECT_EQ(RasterCanvas::text_width("41"), kGlyphAdvance + kGlyphWidth);

    RasterCanvas bold(60, 20, kWhite);
    bold.draw_text(5, 10, "1", TextAnchor::start, true, kBlue);
    EXPECT_GT(int(pixels_of(bold, kBlue)), glyph_pixels('1'));
}

TEST(BitmapFont, UnknownCharactersGetTheMissingBoxNotAnotherLetter) {
    EXPECT_EQ(glyph_pixels('\x01'), glyph_pixels('\x7f'));
    EXPECT_EQ(glyph_pixels(char(0xe9)), glyph_pixels('\x01'));
    EXPECT_NE(glyph_pixels('a'), glyph_pixels('\x01'));
    EXPECT_EQ(glyph_pixels(' '), 0);
}
