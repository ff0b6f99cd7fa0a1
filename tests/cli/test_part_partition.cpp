#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "tests/support/test_files.hpp"

using namespace part::test;

namespace {

// `--method metis` with the same seed must write exactly the file gpmetis writes.
void expect_same_as_gpmetis(const std::string& graph_source, int parts,
                            const std::string& extra_ours, const std::string& extra_gpmetis) {
    if (const auto missing = missing_gpmetis_input(graph_source); !missing.empty())
        GTEST_SKIP() << missing;
    ScratchDir dir;
    const std::string graph = copy_into(dir, graph_source);
    const std::string k = std::to_string(parts);
    auto metis = run_command("gpmetis " + extra_gpmetis + " " + graph + " " + k);
    ASSERT_EQ(metis.exit_code, 0) << metis.out << metis.err;
    auto ours = run_command(tool("part-partition") + " " + graph + " -k " + k +
                            " --method metis -o " + dir.file("ours.part") + " " + extra_ours);
    ASSERT_EQ(ours.exit_code, 0) << ours.err;
    EXPECT_EQ(read_text(dir.file("ours.part")), read_text(graph + ".part." + k));
}

} // namespace

TEST(PartPartitionMetis, EqualsGpmetisOn4elt) {
    expect_same_as_gpmetis(metis_example_graph("4elt"), 16, "", "");
}
TEST(PartPartitionMetis, EqualsGpmetisOnMdualWithSeed) {
    expect_same_as_gpmetis(metis_example_graph("mdual"), 64, "--seed 7", "-seed=7");
}
TEST(PartPartitionMetis, EqualsGpmetisRecursiveBisection) {
    expect_same_as_gpmetis(metis_example_graph("copter2"), 8, "--ptype rb", "-ptype=rb");
}
TEST(PartPartitionMetis, EqualsGpmetisWithOptions) {
    expect_same_as_gpmetis(metis_example_graph("4elt"), 12, "--ufactor 100 --contig --objtype vol",
                           "-ufactor=100 -contig -objtype=vol");
}
TEST(PartPartitionMetis, EqualsGpmetisMultiConstraint) {
    expect_same_as_gpmetis(metis_example_graph("test.mgraph"), 5, "", "");
}

TEST(PartPartition, WritesGpmetisStyleNameAndReports) {
    ScratchDir dir;
    const std::string graph = dir.file("naca0012.graph");
    std::filesystem::copy_file(source_file("data/naca0012.graph"), graph);
    auto r = run_command(tool("part-partition") + " " + graph + " -k 8 --method metis --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto json = nlohmann::json::parse(r.out);
    EXPECT_EQ(json["parts"], 8);
    EXPECT_EQ(json["output"], graph + ".part.8");
    EXPECT_LE(json["imbalance"][0].get<double>(), 1.031);
    EXPECT_EQ(json["empty_parts"], 0);
    EXPECT_TRUE(file_exists(graph + ".part.8"));
}

TEST(PartPartition, BadPartCountsAreUsageErrors) {
    ScratchDir dir;
    const std::string graph = dir.write("tiny.graph", "3 2\n2\n1 3\n2\n");
    EXPECT_EQ(run_command(tool("part-partition") + " " + graph + " -k 0").exit_code, 2);
    auto r = run_command(tool("part-partition") + " " + graph + " -k 4");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("exceeds the graph's 3 vertices"), std::string::npos) << r.err;
    EXPECT_FALSE(file_exists(graph + ".part.4"));
}

TEST(PartPartition, TargetsOfWrongCountAreRejected) {
    ScratchDir dir;
    const std::string graph = dir.write("tiny.graph", "4 3\n2\n1 3\n2 4\n3\n");
    auto r = run_command(tool("part-partition") + " " + graph + " -k 2 --targets " +
                         dir.write("t", "1\n2\n3\n"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("targets file has 3 values but there are 2 parts"), std::string::npos)
        << r.err;
    EXPECT_FALSE(file_exists(graph + ".part.2"));
}

TEST(PartPartitionMetis, OnePartPutsEveryVertexInPartZero) {
    ScratchDir dir;
    const std::string graph = dir.write("tiny.graph", "4 3\n2\n1 3\n2 4\n3\n");
    auto r = run_command(tool("part-partition") + " " + graph + " -k 1 --method metis -o " +
                         dir.file("p"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(read_text(dir.file("p")), "0\n0\n0\n0\n");
}

// --contig works for every method: rcb's parts of the sample mesh fall apart without it.
TEST(PartPartition, ContigConnectsThePartsOfAnyMethod) {
    ScratchDir dir;
    const std::string graph = source_file("data/naca0012.graph");
    const std::string base = tool("part-partition") + " " + graph +
                             " -k 16 --method rcb --coords " + source_file("data/naca0012.xyz") +
                             " --json -o ";
    auto loose = run_command(base + dir.file("a.part"));
    auto connected = run_command(base + dir.file("b.part") + " --contig");
    ASSERT_EQ(loose.exit_code, 0) << loose.err;
    ASSERT_EQ(connected.exit_code, 0) << connected.err;
    const auto a = nlohmann::json::parse(loose.out), b = nlohmann::json::parse(connected.out);
    EXPECT_GT(a["disconnected_parts"].get<int>(), 0);
    EXPECT_EQ(b["disconnected_parts"].get<int>(), 0);
    EXPECT_LE(b["imbalance"][0].get<double>(), 1.03 + 1e-9);
    EXPECT_EQ(connected.err.find("warning"), std::string::npos);
}
