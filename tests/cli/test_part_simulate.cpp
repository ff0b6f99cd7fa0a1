#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "formats/chaco_graph.hpp"
#include "formats/coordinates_file.hpp"
#include "tests/support/grid_graph.hpp"
#include "tests/support/test_files.hpp"

using namespace part::test;

namespace {

const std::string kMesh =
    source_file("data/naca0012.graph") + " --coords " + source_file("data/naca0012.xyz");

CommandResult simulate(const std::string& arguments) {
    return run_command(tool("part-simulate") + " " + kMesh + " " + arguments);
}

// A 12 x 12 grid graph with its coordinates in `dir`; returns "GRAPH --coords XYZ".
std::string grid_mesh(const ScratchDir& dir) {
    const part::Graph grid = grid_graph(12, 12);
    part::formats::write_chaco_graph(dir.file("grid.graph"), grid);
    part::formats::write_coordinates(dir.file("grid.xyz"), grid.coords);
    return dir.file("grid.graph") + " --coords " + dir.file("grid.xyz");
}

} // namespace

TEST(PartSimulate, HelpShowsExample) {
    auto r = run_command(tool("part-simulate") + " --help");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("Example:\n  part-simulate data/naca0012.graph"), std::string::npos);
    EXPECT_NE(r.out.find("SVG picture (*.svg)"), std::string::npos) << r.out;
}

TEST(PartSimulate, WritesPerStepCsvPlotAndJsonSummary) {
    ScratchDir dir;
    auto r = simulate(
        "-k 4 --workload front --steps 12 --policy never --policy fixed-interval --interval 4 -o " +
        dir.file("sim.csv") + " --plot " + dir.file("sim.svg") + " --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto report = nlohmann::json::parse(r.out);
    ASSERT_EQ(report["policies"].size(), 2u);
    EXPECT_EQ(report["policies"][0]["name"], "never");
    EXPECT_EQ(report["policies"][0]["remaps"], 0);
    EXPECT_EQ(report["policies"][1]["remaps"], 2); // before steps 5 and 9
    const std::string csv = read_text(dir.file("sim.csv"));
    EXPECT_EQ(csv.rfind("policy,step,time,max_load,mean_load,imbalance,communication,remapped,"
                        "moved,remap_cost\n",
                        0),
              0u);
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 1 + 2 * 12);
    EXPECT_NE(csv.find("\nfixed-interval,5,"), std::string::npos);
    const std::string svg = read_text(dir.file("sim.svg"));
    EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
    std::size_t lines = 0;
    for (std::size_t at = svg.find("<polyline"); at != std::string::npos;
         at = svg.find("<polyline", at + 1))
        ++lines;
    EXPECT_EQ(lines, 4u) << "time and imbalance for each of two policies";
}

TEST(PartSimulate, SameSeedSameOutput) {
    ScratchDir dir;
    const std::string args = "-k 4 --workload wator --steps 8 --policy stop-at-rise --seed 3 ";
    for (const char* run : {"a", "b"})
        ASSERT_EQ(simulate(args + "-o " + dir.file(run + std::string(".csv")) + " --plot " +
                           dir.file(run + std::string(".svg")))
                      .exit_code,
                  0);
    EXPECT_EQ(read_text(dir.file("a.csv")), read_text(dir.file("b.csv")));
    EXPECT_EQ(read_text(dir.file("a.svg")), read_text(dir.file("b.svg")));
}

TEST(PartSimulate, GdeMethodRemapsAndBeatsNeverOnTheHotSpot) {
    auto r = simulate("-k 8 --workload hotspot --steps 20 --method gde --policy never "
                      "--policy fixed-interval --interval 4 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto report = nlohmann::json::parse(r.out);
    EXPECT_EQ(report["method"], "gde");
    ASSERT_EQ(report["policies"].size(), 2u);
    const auto& never = report["policies"][0];
    const auto& frequent = report["policies"][1];
    EXPECT_EQ(frequent["remaps"], 4);
    EXPECT_GT(frequent["moved"].get<double>(), 0);
    EXPECT_LT(frequent["total"].get<double>(), never["total"].get<double>());
}

// The target on the sample mesh: remapping with GDE every 5 steps saves at least 10%
// against never remapping on the moving hot spot and on WaTor (bench/schedule.sh records the
// 100-step figures).
TEST(PartSimulate, FrequentGdeRemappingSavesTenPercentOnHotSpotAndWaTor) {
    for (const char* workload : {"hotspot", "wator"}) {
        auto r = simulate(std::string("-k 8 --workload ") + workload +
                          " --steps 20 --method gde --policy never --policy fixed-interval "
                          "--interval 5 --seed 1 --json");
        ASSERT_EQ(r.exit_code, 0) << r.err;
        const auto report = nlohmann::json::parse(r.out);
        ASSERT_EQ(report["policies"].size(), 2u);
        const double never = report["policies"][0]["total"];
        const double frequent = report["policies"][1]["total"];
        EXPECT_EQ(report["policies"][1]["remaps"], 3) << workload;
        EXPECT_LE(frequent, 0.9 * never) << workload;
    }
}

TEST(PartSimulate, UnknownWorkloadPolicyMethodOrPictureTypeIsAnError) {
    auto r = simulate("-k 4 --workload tsunami --steps 5");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("error: unknown workload 'tsunami': expected hotspot, wator or front"),
              std::string::npos)
        << r.err;
    r = simulate("-k 4 --workload hotspot --steps 5 --policy sometimes");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("error: unknown policy 'sometimes'"), std::string::npos) << r.err;
    r = simulate("-k 4 --workload hotspot --steps 5 --method gde-someday");
    EXPECT_EQ(r.exit_code, 2) << "a bad option value, as part-repart --method";
    EXPECT_NE(r.err.find("unknown repartitioning method 'gde-someday': expected one of adaptive, "
                         "gde, hier, interval, scratch"),
              std::string::npos)
        << r.err;
    r = simulate("-k 4 --workload hotspot --steps 5 --method hier");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--method hier needs a hierarchical old partition"), std::string::npos)
        << r.err;
    r = simulate("-k 4 --workload hotspot --steps 5 --plot out.jpg");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("error: --plot out.jpg"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("name it *.svg"), std::string::npos) << r.err;
    r = simulate("-k 4 --workload hotspot --steps 5 -o same.svg --plot same.svg");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("error: -o and --plot name the same file"), std::string::npos) << r.err;
}

TEST(PartSimulate, PngPlotIsAUsageErrorNamingTheSvgFile) {
    ScratchDir dir;
    const std::string mesh = grid_mesh(dir);
    auto r = run_command(tool("part-simulate") + " " + mesh +
                         " -k 4 --workload hotspot --steps 6 --policy never -q --plot " +
                         dir.file("sim.png") + " -o " + dir.file("sim.csv"));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("error: --plot " + dir.file("sim.png") +
                         ": plots are written as SVG only, not PNG: name it " +
                         dir.file("sim.svg")),
              std::string::npos)
        << r.err;
    EXPECT_EQ(entries_of(dir), (std::vector<std::string>{"grid.graph", "grid.xyz"}))
        << "nothing written";
}

TEST(PartSimulate, UnwritablePlotLeavesNoOutputAtAll) {
    ScratchDir dir;
    const std::string mesh = grid_mesh(dir);
    auto r = run_command(tool("part-simulate") + " " + mesh +
                         " -k 4 --workload hotspot --steps 4 --policy never -o " +
                         dir.file("sim.csv") + " --plot " + dir.file("missing/sim.svg"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("error: " + dir.file("missing/sim.svg")), std::string::npos) << r.err;
    EXPECT_EQ(entries_of(dir), (std::vector<std::string>{"grid.graph", "grid.xyz"}))
        << "the CSV appears with the picture or not at all";

    // The outputs are reserved before the inputs are read: a bad input leaves nothing either.
    dir.write("grid.xyz", "0 0\n1 oops\n");
    r = run_command(tool("part-simulate") + " " + mesh +
                    " -k 4 --workload hotspot --steps 4 --policy never -o " + dir.file("sim.csv") +
                    " --plot " + dir.file("sim.svg"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(entries_of(dir), (std::vector<std::string>{"grid.graph", "grid.xyz"}));
}

TEST(PartSimulate, MorePartsThanCellsIsUsageError) {
    auto r = simulate("-k 20000 --workload hotspot --steps 2");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("error: -k 20000 exceeds the graph's 19886 vertices"), std::string::npos)
        << r.err;
}

TEST(PartSimulate, TargetsGiveHeterogeneousCapacities) {
    ScratchDir dir;
    const std::string mesh = grid_mesh(dir);
    const std::string targets = dir.write("caps.targets", "1\n2\n3\n4\n");
    auto r = run_command(tool("part-simulate") + " " + mesh + " -k 4 --targets " + targets +
                         " --workload hotspot --steps 6 --method gde --policy never --json -q");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto summary = nlohmann::json::parse(r.out);
    ASSERT_FALSE(summary["policies"].empty());

    const std::string three = dir.write("three.targets", "1\n1\n1\n");
    r = run_command(tool("part-simulate") + " " + mesh + " -k 4 --targets " + three +
                    " --workload hotspot --steps 6 --policy never");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("three.targets"), std::string::npos) << r.err;
}
