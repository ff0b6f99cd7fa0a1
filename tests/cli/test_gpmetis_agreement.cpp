// part-stats must report the same edge cut and communication volume as gpmetis for the
// partition gpmetis itself wrote. Uses METIS's example graphs from libmetis-doc.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>

#include "tests/support/test_files.hpp"

using namespace part::test;

namespace {

struct GpmetisFigures {
    long cut = -1;
    long volume = -1;
};

GpmetisFigures parse_gpmetis_report(const std::string& report) {
    std::smatch m;
    GpmetisFigures f;
    if (std::regex_search(report, m,
                          std::regex(R"(Edgecut: (\d+), communication volume: (\d+))"))) {
        f.cut = std::stol(m[1]);
        f.volume = std::stol(m[2]);
    }
    return f;
}

void compare_with_gpmetis(const std::string& graph_source, int parts) {
    if (const auto missing = missing_gpmetis_input(graph_source); !missing.empty())
        GTEST_SKIP() << missing;
    ScratchDir dir;
    const std::string graph = copy_into(dir, graph_source);
    auto metis = run_command("gpmetis " + graph + " " + std::to_string(parts));
    ASSERT_EQ(metis.exit_code, 0) << metis.err;
    const GpmetisFigures expected = parse_gpmetis_report(metis.out);
    ASSERT_GE(expected.cut, 0) << "could not read gpmetis's report:\n" << metis.out;

    const std::string partition = graph + ".part." + std::to_string(parts);
    auto ours = run_command(tool("part-stats") + " " + graph + " " + partition + " --json");
    ASSERT_EQ(ours.exit_code, 0) << ours.err;
    auto json = nlohmann::json::parse(ours.out);
    EXPECT_EQ(json["edge_cut"].get<long>(), expected.cut);
    EXPECT_EQ(json["communication_volume"].get<long>(), expected.volume);
    EXPECT_EQ(json["parts"].get<int>(), parts);
}

} // namespace

TEST(GpmetisAgreement, FourElt) {
    compare_with_gpmetis(metis_example_graph("4elt"), 8);
}
TEST(GpmetisAgreement, Copter2) {
    compare_with_gpmetis(metis_example_graph("copter2"), 16);
}
TEST(GpmetisAgreement, Mdual) {
    compare_with_gpmetis(metis_example_graph("mdual"), 32);
}
TEST(GpmetisAgreement, MultiConstraintTestGraph) {
    compare_with_gpmetis(metis_example_graph("test.mgraph"), 5);
}
TEST(GpmetisAgreement, SampleAirfoil) {
    compare_with_gpmetis(source_file("data/naca0012.graph"), 12);
}
