#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "formats/line_plot_file.hpp"
#include "formats/plot_layout.hpp"
#include "formats/png_image.hpp"
#include "formats/png_plot.hpp"
#include "formats/svg_plot.hpp"
#include "libpart/core/error.hpp"
#include "tests/support/png_file.hpp"

using namespace part;
using namespace part::formats;
using namespace part::test;

namespace {

// Two panels of three series each; series s sits near 10 s, so the curves never cross and
// each can be found by its colour.
std::vector<PlotPanel> three_policy_panels() {
    std::vector<PlotPanel> panels{{"time per step", {}}, {"imbalance", {}}};
    const char* names[] = {"never", "fixed-interval", "stop-at-rise"};
    for (PlotPanel& panel : panels)
        for (int s = 0; s < 3; ++s) {
            PlotSeries series{names[s], {}};
            for (int step = 0; step < 40; ++step)
                series.values.push_back(10.0 * s + 2 * std::sin(step / 3.0));
            panel.series.push_back(std::move(series));
        }
    return panels;
}

struct DecodedPlot {
    std::vector<PngChunk> chunks;
    std::size_t width = 0, height = 0;
    std::vector<std::uint8_t> rgb;

    Rgb at(std::size_t x, std::size_t y) const {
        const std::size_t i = (y * width + x) * 3;
        return {rgb[i], rgb[i + 1], rgb[i + 2]};
    }
};

DecodedPlot decode(const std::string& png) {
    DecodedPlot plot;
    plot.chunks = png_chunks(png);
    plot.width = big_endian_u32(plot.chunks.at(0).data, 0);
    plot.height = big_endian_u32(plot.chunks.at(0).data, 4);
    const std::size_t raw_size = plot.height * (plot.width * 3 + 1);
    plot.rgb =
        unfilter_rgb_rows(inflate_image_data(plot.chunks, raw_size + 1), plot.width, plot.height);
    return plot;
}

// True if `pixel` is `colour` laid over `background` with coverage at least one half, as
// the anti-aliased curves' pixels are (to within rounding).
bool is_tint_of(Rgb pixel, Rgb colour, Rgb background) {
    const int p[] = {pixel.r, pixel.g, pixel.b}, c[] = {colour.r, colour.g, colour.b},
              bg[] = {background.r, background.g, background.b};
    int widest = 0;
    for (int k = 1; k < 3; ++k)
        if (std::abs(c[k] - bg[k]) > std::abs(c[widest] - bg[widest])) widest = k;
    if (c[widest] == bg[widest]) return false;
    const double coverage = double(p[widest] - bg[widest]) / double(c[widest] - bg[widest]);
    if (coverage < 0.5 || coverage > 1.0) return false;
    for (int k = 0; k < 3; ++k)
        if (std::abs(p[k] - (bg[k] + coverage * (c[k] - bg[k]))) > 2) return false;
    return true;
}

// Pixels strictly inside `frame` (the plot area, where only curves are drawn) tinted by
// `colour`.
std::size_t tinted_pixels_inside(const DecodedPlot& plot, const PlotFrame& frame, Rgb colour,
                                 Rgb background) {
    std::size_t count = 0;
    for (auto y = std::size_t(frame.y) + 2; y + 1 < std::size_t(frame.y + frame.height); ++y)
        for (auto x = std::size_t(frame.x) + 2; x + 1 < std::size_t(frame.x + frame.width); ++x)
            count += is_tint_of(plot.at(x, y), colour, background);
    return count;
}

} // namespace

TEST(LinePlot, PngStartsWithTheSignatureAndIhdrGivesTheLayoutsSize) {
    const auto panels = three_policy_panels();
    const std::string png = png_line_plot(panels, "step");
    ASSERT_GE(png.size(), kPngSignature.size());
    EXPECT_EQ(png.substr(0, 8), kPngSignature);
    const auto chunks = png_chunks(png);
    ASSERT_GE(chunks.size(), 3u);
    ASSERT_EQ(chunks.front().type, "IHDR");
    ASSERT_EQ(chunks.front().data.size(), 13u);
    const PlotPicture picture = lay_out_line_plot(panels, "step");
    EXPECT_EQ(big_endian_u32(chunks.front().data, 0), std::uint32_t(std::lround(picture.width)));
    EXPECT_EQ(big_endian_u32(chunks.front().data, 4), std::uint32_t(std::lround(picture.height)));
    EXPECT_EQ(int(chunks.front().data[8]), 8) << "bit depth";
    EXPECT_EQ(int(chunks.front().data[9]), 2) << "colour type: RGB";
    EXPECT_EQ(chunks.front().data.substr(10), std::string(3, '\0'))
        << "deflate, adaptive filtering, no interlace";
    EXPECT_EQ(chunks.back().type, "IEND");
    EXPECT_TRUE(chunks.back().data.empty());
    EXPECT_TRUE(std::any_of(chunks.begin(), chunks.end(),
                            [](const PngChunk& c) { return c.type == "IDAT"; }));
}

TEST(LinePlot, EveryPngChunkCarriesTheRightCrc) {
    const auto chunks = png_chunks(png_line_plot(three_policy_panels(), "step"));
    for (const PngChunk& chunk : chunks)
        EXPECT_EQ(chunk.stored_crc, expected_crc(chunk)) << chunk.type;
}

TEST(LinePlot, PngImageDataInflatesToOneFilteredRowPerLine) {
    const auto chunks = png_chunks(png_line_plot(three_policy_panels(), "step"));
    const std::size_t width = big_endian_u32(chunks.at(0).data, 0),
                      height = big_endian_u32(chunks.at(0).data, 4);
    const std::size_t expected = height * (width * 3 + 1);
    const std::string raw = inflate_image_data(chunks, expected + 1);
    ASSERT_EQ(raw.size(), expected);
    for (std::size_t row = 0; row < height; ++row)
        ASSERT_LE(std::uint8_t(raw[row * (width * 3 + 1)]), 4) << "filter byte of row " << row;
}

TEST(LinePlot, PngShowsEveryCurveInEveryPanelOnTheBackground) {
    const auto panels = three_policy_panels();
    const DecodedPlot plot = decode(png_line_plot(panels, "step"));
    const PlotPicture picture = lay_out_line_plot(panels, "step");
    ASSERT_EQ(picture.frames.size(), panels.size());
    std::size_t background_pixels = 0, text_pixels = 0;
    for (std::size_t y = 0; y < plot.height; ++y)
        for (std::size_t x = 0; x < plot.width; ++x) {
            background_pixels += plot.at(x, y) == picture.background;
            text_pixels += plot.at(x, y) == picture.text_colour;
        }
    EXPECT_GT(background_pixels, plot.width * plot.height / 2);
    EXPECT_GT(text_pixels, 100u) << "titles, tick numbers and legend names";
    for (std::size_t p = 0; p < panels.size(); ++p)
        for (std::size_t s = 0; s < panels[p].series.size(); ++s) {
            // A curve across the plot covers at least half of each column it crosses.
            const auto curve =
                tinted_pixels_inside(plot, picture.frames[p], series_colour(s), picture.background);
            EXPECT_GT(curve, std::size_t(picture.frames[p].width) / 2)
                << "panel " << p << ", series " << panels[p].series[s].name;
        }
}

TEST(LinePlot, PngBytesDependOnlyOnTheData) {
    const auto panels = three_policy_panels();
    EXPECT_EQ(png_line_plot(panels, "step"), png_line_plot(panels, "step"));
    auto changed = panels;
    changed[0].series[1].values[5] += 7;
    EXPECT_NE(png_line_plot(changed, "step"), png_line_plot(panels, "step"));
}

TEST(LinePlot, SvgAndPngDrawTheSameLayout) {
    const auto panels = three_policy_panels();
    const PlotPicture picture = lay_out_line_plot(panels, "step");
    const std::string svg = svg_line_plot(panels, "step");
    EXPECT_NE(svg.find("width=\"" + plot_number(picture.width) + "\" height=\"" +
                       plot_number(picture.height) + "\""),
              std::string::npos);
    std::size_t polylines = 0;
    for (auto at = svg.find("<polyline"); at != std::string::npos;
         at = svg.find("<polyline", at + 1))
        ++polylines;
    EXPECT_EQ(polylines, picture.lines.size());
    EXPECT_EQ(picture.lines.size(), 6u) << "one curve per series and panel";
    const auto ihdr = png_chunks(png_line_plot(panels, "step")).at(0).data;
    EXPECT_EQ(big_endian_u32(ihdr, 0), std::uint32_t(std::lround(picture.width)));
    EXPECT_EQ(big_endian_u32(ihdr, 4), std::uint32_t(std::lround(picture.height)));
}

namespace {

// The y tick labels of the picture's first panel (right-aligned texts left of the frame).
std::vector<std::string> y_tick_labels(const PlotPicture& picture) {
    std::vector<std::string> labels;
    for (const PlotText& text : picture.texts)
        if (text.anchor == TextAnchor::end &&
            text.y < picture.frames.at(0).y + picture.frames[0].height + 10)
            labels.push_back(text.text);
    return labels;
}

// True if `step` is 1, 2, 2.5 or 5 times a power of ten.
bool is_round_step(double step) {
    const double mantissa = step / std::pow(10.0, std::floor(std::log10(step)));
    for (double round : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (std::abs(mantissa - round) < 1e-9) return true;
    return false;
}

void expect_round_ticks_covering(const std::vector<double>& values) {
    const PlotPicture picture = lay_out_line_plot({{"panel", {{"series", values}}}}, "step");
    const auto labels = y_tick_labels(picture);
    ASSERT_GE(labels.size(), 3u);
    ASSERT_LE(labels.size(), 8u);
    std::vector<double> ticks;
    for (const std::string& label : labels) {
        EXPECT_EQ(label.find('e'), std::string::npos) << label;
        ticks.push_back(std::stod(label));
    }
    const double step = ticks[1] - ticks[0];
    EXPECT_TRUE(is_round_step(step)) << step;
    for (std::size_t i = 1; i < ticks.size(); ++i)
        EXPECT_NEAR(ticks[i] - ticks[i - 1], step, step * 1e-9) << labels[i];
    EXPECT_LE(ticks.front(), *std::min_element(values.begin(), values.end()));
    EXPECT_GE(ticks.back(), *std::max_element(values.begin(), values.end()));
}

} // namespace

TEST(LinePlot, TickLabelsAreRoundNumbersCoveringTheData) {
    expect_round_ticks_covering({2869, 11000, 25870});
    expect_round_ticks_covering({1.02, 1.7, 3.129});
    expect_round_ticks_covering({0.0012, 0.0031});
    expect_round_ticks_covering({-3, 4.5});
    expect_round_ticks_covering({34500, 34500}); // constant: still distinct labels
    expect_round_ticks_covering({0, 0});
}

TEST(LinePlot, SingleStepSeriesIsStillVisible) {
    const PlotPicture picture = lay_out_line_plot({{"panel", {{"series", {5.0}}}}}, "step");
    ASSERT_EQ(picture.lines.size(), 1u);
    ASSERT_EQ(picture.lines[0].points.size(), 2u);
    EXPECT_LT(picture.lines[0].points[0].first, picture.lines[0].points[1].first);
}

TEST(LinePlot, FormatComesFromTheExtension) {
    EXPECT_EQ(plot_format_for("out/sim.svg"), PlotFormat::svg);
    EXPECT_EQ(plot_format_for("sim.png"), PlotFormat::png);
    EXPECT_EQ(plot_format_for("SIM.PNG"), PlotFormat::png);
    EXPECT_EQ(plot_format_for("sim.jpg"), std::nullopt);
    EXPECT_EQ(plot_format_for("png"), std::nullopt);
    EXPECT_EQ(plot_format_for("sim.png/x"), std::nullopt);
    EXPECT_EQ(render_line_plot(PlotFormat::png, three_policy_panels(), "step").substr(0, 8),
              kPngSignature);
    EXPECT_EQ(render_line_plot(PlotFormat::svg, three_policy_panels(), "step").rfind("<?xml", 0),
              0u);
}

TEST(LinePlot, EncodePngRejectsPixelsThatDoNotFillTheImage) {
    EXPECT_THROW(encode_png(2, 2, std::vector<std::uint8_t>(11)), InvalidArgument);
    EXPECT_THROW(encode_png(0, 2, {}), InvalidArgument);
    const std::vector<std::uint8_t> red_green{255, 0, 0, 0, 255, 0};
    const std::string png = encode_png(2, 1, red_green);
    const auto chunks = png_chunks(png);
    EXPECT_EQ(unfilter_rgb_rows(inflate_image_data(chunks, 8), 2, 1), red_green);
}
