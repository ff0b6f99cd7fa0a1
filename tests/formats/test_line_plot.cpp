#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "formats/line_plot_file.hpp"
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

// The text of every `<element ...>` of the SVG from its start to the end of `attribute="`'s
// value, that value each.
std::vector<std::string> values_after(const std::string& svg, const std::string& element,
                                      const std::string& attribute) {
    std::vector<std::string> values;
    for (auto at = svg.find(element); at != std::string::npos; at = svg.find(element, at + 1)) {
        const auto begin = svg.find(attribute, at) + attribute.size();
        values.push_back(svg.substr(begin, svg.find_first_of("\"<", begin) - begin));
    }
    return values;
}

} // namespace

TEST(LinePlot, SvgDrawsOneCurvePerSeriesAndPanel) {
    const std::string svg = svg_line_plot(three_policy_panels(), "step");
    EXPECT_NE(svg.find("width=\"900\" height=\"600\""), std::string::npos) << "two panels high";
    EXPECT_EQ(values_after(svg, "<polyline", "points=\"").size(), 6u);
    EXPECT_EQ(values_after(svg, "<line ", "stroke=\"").size(), 6u) << "a legend swatch each";
    EXPECT_EQ(values_after(svg, "<rect x=", "width=\"").size(), 2u) << "a frame per panel";
}

namespace {

// True if `step` is 1, 2, 2.5 or 5 times a power of ten.
bool is_round_step(double step) {
    const double mantissa = step / std::pow(10.0, std::floor(std::log10(step)));
    for (double round : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (std::abs(mantissa - round) < 1e-9) return true;
    return false;
}

void expect_round_ticks_covering(const std::vector<double>& values) {
    // One panel: its right-aligned texts are the y tick labels.
    const std::string svg = svg_line_plot({{"panel", {{"series", values}}}}, "step");
    const auto labels = values_after(svg, "text-anchor=\"end\"", ">");
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
    const std::string svg = svg_line_plot({{"panel", {{"series", {5.0}}}}}, "step");
    const auto curves = values_after(svg, "<polyline", "points=\"");
    ASSERT_EQ(curves.size(), 1u);
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    ASSERT_EQ(std::sscanf(curves[0].c_str(), "%lf,%lf %lf,%lf", &x0, &y0, &x1, &y1), 4)
        << curves[0];
    EXPECT_LT(x0, x1);
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
