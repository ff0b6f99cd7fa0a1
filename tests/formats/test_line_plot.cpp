#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "formats/line_plot_file.hpp"
#include "formats/plot_layout.hpp"
#include "formats/svg_plot.hpp"
#include "libpart/core/error.hpp"

using namespace part;
using namespace part::formats;

namespace {

// Two panels of three series each; series s sits near 10 s.
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

} // namespace

TEST(LinePlot, SvgDrawsTheLayout) {
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

TEST(LinePlot, PlotPathMustNameAnSvgFile) {
    EXPECT_NO_THROW(check_plot_path("out/sim.svg"));
    EXPECT_NO_THROW(check_plot_path("SIM.SVG"));
    EXPECT_NO_THROW(check_plot_path("-")) << "standard output gets SVG";
    for (const char* path : {"sim.jpg", "svg", "sim.svg/x"}) {
        try {
            check_plot_path(path);
            ADD_FAILURE() << path << " accepted";
        } catch (const InvalidArgument& e) {
            EXPECT_EQ(std::string(e.what()),
                      std::string(path) + ": plots are written as SVG: name it *.svg");
        }
    }
}

TEST(LinePlot, PngPlotPathIsToldTheSvgName) {
    for (const char* path : {"out/sim.png", "SIM.PNG"}) try {
            check_plot_path(path);
            ADD_FAILURE() << path << " accepted";
        } catch (const InvalidArgument& e) {
            const std::string svg = std::string(path).substr(0, std::string(path).size() - 4);
            EXPECT_EQ(std::string(e.what()), std::string(path) +
                                                 ": plots are written as SVG only, not PNG: "
                                                 "name it " +
                                                 svg + ".svg");
        }
}
