#include <gtest/gtest.h>

#include <iomanip>
#include <sstream>

#include "libpart/gde/refine.hpp"
#include "tests/support/grid_graph.hpp"
#include "tools/common/refine_report.hpp"
#include "tools/common/report.hpp"

using namespace part;

namespace {

// A 16 x 16 grid in 4 row blocks, the first twice as tall as the others, refined on a ring
// and written to out.part.
struct Refined : tools::RefineReport {
    Refined() {
        const Graph graph = test::grid_graph(16, 16);
        Partition start{4, std::vector<PartId>(256), {}};
        for (int v = 0; v < 256; ++v) start.part[v] = v < 96 ? 0 : PartId(1 + (v - 96) / 54);
        const gde::Network ring = gde::make_ring(4);
        output = "out.part";
        result = gde::refine_with_gde(graph, start, &ring, gde::RefineOptions{});
        before = compute_metrics(graph, start);
        after = compute_metrics(graph, Partition{4, result.part, {}});
    }
};

} // namespace

TEST(RefineReport, JsonHoldsTheRoundsAndBothQualities) {
    const Refined r;
    const nlohmann::json report = static_cast<const tools::RefineReport&>(r);
    EXPECT_EQ(report["output"], "out.part");
    EXPECT_EQ(report["network"], "ring:4");
    EXPECT_EQ(report["processors"], 4);
    int sweeps = 0;
    for (const auto& round : r.result.rounds) sweeps += round.gde.sweeps;
    EXPECT_GT(sweeps, 0);
    EXPECT_EQ(report["sweeps"], sweeps);
    ASSERT_EQ(report["rounds"].size(), r.result.rounds.size());
    EXPECT_EQ(report["rounds"][0]["link_flows"].size(), r.result.rounds[0].routed.links.size());
    EXPECT_GT(r.result.vertices_moved, 0);
    EXPECT_EQ(report["vertices_moved"], r.result.vertices_moved);
    EXPECT_EQ(report["before"]["edge_cut"], r.before.edge_cut);
    EXPECT_EQ(report["after"]["edge_cut"], r.after.edge_cut);
    EXPECT_EQ(report["after"]["imbalance"][0], r.after.imbalance[0]);
}

TEST(RefineReport, TableComparesBeforeAndAfter) {
    const Refined r;
    std::ostringstream out;
    print_text(out, r, false);
    const std::string text = out.str();
    EXPECT_EQ(text.rfind("Wrote out.part\nGDE on ring:4 (4 processors, ", 0), 0u) << text;
    EXPECT_NE(text.find("round 1: "), std::string::npos) << text;
    std::ostringstream cut_row;
    cut_row << "  edge cut" << std::string(14, ' ') << std::setw(12) << r.before.edge_cut
            << std::setw(12) << r.after.edge_cut << "\n";
    EXPECT_NE(text.find(cut_row.str()), std::string::npos) << text;
    EXPECT_NE(text.find("vertices moved: " + std::to_string(r.result.vertices_moved) + " (weight "),
              std::string::npos)
        << text;
}

TEST(RefineReport, PrintReportGivesTheJsonOrTheText) {
    const Refined refined;
    const tools::RefineReport& r = refined;
    tools::CommonOptions common;
    common.json = true;
    std::ostringstream json;
    tools::print_report(json, r, common);
    EXPECT_EQ(nlohmann::json::parse(json.str()), nlohmann::json(r));
    common.json = false;
    std::ostringstream text, expected;
    tools::print_report(text, r, common);
    print_text(expected, r, false);
    EXPECT_EQ(text.str(), expected.str());
}

TEST(RefineReport, WarnsOnlyOfEmptyParts) {
    std::ostringstream none;
    tools::warn_of_empty_parts_on_quotient(none, 0);
    EXPECT_EQ(none.str(), "");
    std::ostringstream two;
    tools::warn_of_empty_parts_on_quotient(two, 2);
    EXPECT_EQ(two.str().rfind("warning: 2 part(s) stay empty: on the quotient graph", 0), 0u)
        << two.str();
}
