// The command-line convention every tool follows: -q silences it, --json where it reports
// figures, --seed only where something is random, K as gpmetis takes it, the old partition as
// the positional after GRAPH, and a migration plan only when --plan names one.
#include <gtest/gtest.h>

#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/naca0012.hpp"
#include "tests/support/test_files.hpp"

using namespace part::test;

namespace {

// Every 2500 vertices a new part: 8 parts of the sample graph.
std::string block_partition_file(const ScratchDir& dir) {
    std::string text;
    for (int v = 0; v < 19886; ++v) text += std::to_string(v / 2500) + "\n";
    return dir.write("blocks.part.8", text);
}

} // namespace

TEST(CommandLine, QuietPrintsNothingFromAnyTool) {
    ScratchDir dir;
    const std::string old_part = block_partition_file(dir), new_part = dir.file("new.part");
    const std::string plan = dir.file("move.plan");
    const std::string loads = dir.write("loads.csv", "p0,p1\n10,10\n12,10\n14,10\n16,10\n");
    const std::vector<std::pair<std::string, std::string>> runs{
        {"part-partition", kNacaGraph + " -k 4 -o " + dir.file("p4")},
        {"part-refine", kNacaGraph + " " + old_part + " -o " + dir.file("refined")},
        {"part-stats", kNacaGraph + " " + old_part},
        {"part-order", kNacaGraph + " --method rcm -o " + dir.file("perm")},
        {"part-repart", kNacaGraph + " " + old_part + " --method interval -k 6 -o " + new_part},
        {"part-plan", "diff " + old_part + " " + new_part + " -o " + plan},
        {"part-plan", "show " + plan},
        {"part-plan", "verify " + plan + " " + old_part + " " + new_part},
        {"part-plan", "apply " + plan + " --partition " + old_part + " -o " + dir.file("again")},
        {"part-schedule", "dp " + loads + " --remap-cost 1"},
        {"part-schedule",
         "segment " + dir.write("work.csv", "work\n1\n2\n3\n") + " --procs 2 --sync 0.5"},
        {"part-schedule", "policies " + loads + " --remap-cost 1"},
        {"part-simulate", kNacaGraph + " --coords " + kNacaCoords +
                              " -k 4 --workload hotspot --steps 3 --method interval -o " +
                              dir.file("sim.csv")},
        {"part-convert", source_file("data/naca0012.msh") + " -o " + dir.file("mesh.graph")},
    };
    for (const auto& [name, args] : runs) {
        const CommandResult r = run_tool(name, args + " -q");
        EXPECT_EQ(r.exit_code, 0) << name << " " << args << "\n" << r.err;
        EXPECT_EQ(r.out, "") << name << " " << args;
        EXPECT_EQ(r.err, "") << name << " " << args;
    }
}

// -q silences the text, not a report asked for by name.
TEST(CommandLine, QuietStillPrintsTheJsonAskedFor) {
    ScratchDir dir;
    const CommandResult r =
        run_tool("part-stats", kNacaGraph + " " + block_partition_file(dir) + " -q --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["parts"], 8);
}

TEST(CommandLine, SeedOnlyWhereSomethingIsRandom) {
    ScratchDir dir;
    const std::string part = block_partition_file(dir);
    for (const auto& [name, args] : std::vector<std::pair<std::string, std::string>>{
             {"part-stats", kNacaGraph + " " + part},
             {"part-refine", kNacaGraph + " " + part + " -o " + dir.file("r")},
             {"part-plan", "show " + part},
             {"part-schedule", "dp " + dir.write("c.csv", "A,B\n1,2\n") + " --remap-cost 1"},
             {"part-convert", source_file("data/naca0012.msh") + " -o " + dir.file("m.graph")}}) {
        const CommandResult r = run_tool(name, args + " --seed 3");
        EXPECT_EQ(r.exit_code, 2) << name << ": nothing random, so no --seed\n" << r.err;
        EXPECT_NE(r.err.find("--seed"), std::string::npos) << r.err;
    }
    EXPECT_EQ(
        run_tool("part-partition", kNacaGraph + " -k 4 --seed 3 -q -o " + dir.file("p")).exit_code,
        0);
    EXPECT_EQ(
        run_tool("part-order", kNacaGraph + " --method spectral --seed 3 -q -o " + dir.file("perm"))
            .exit_code,
        0);
}

TEST(CommandLine, PlanVerifyReportsJson) {
    ScratchDir dir;
    const std::string old_part = block_partition_file(dir), new_part = dir.file("new.part");
    const std::string plan = dir.file("move.plan");
    ASSERT_EQ(run_tool("part-repart", kNacaGraph + " " + old_part +
                                          " --method interval -k 6 -q -o " + new_part + " --plan " +
                                          plan)
                  .exit_code,
              0);
    const CommandResult r =
        run_tool("part-plan", "verify " + plan + " " + old_part + " " + new_part + " --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto report = nlohmann::json::parse(r.out);
    EXPECT_EQ(report["ok"], true);
    EXPECT_EQ(report["plan"], plan);
    EXPECT_EQ(report["old"], old_part);
    EXPECT_EQ(report["new"], new_part);
}

TEST(CommandLine, SchedulePoliciesReportsJson) {
    ScratchDir dir;
    const std::string loads = dir.write("loads.csv", "p0,p1\n10,10\n12,10\n14,10\n16,10\n");
    const CommandResult r =
        run_tool("part-schedule", "policies " + loads + " --remap-cost 1 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto report = nlohmann::json::parse(r.out);
    EXPECT_EQ(report["steps"], 4);
    EXPECT_FALSE(report["policies"].empty());
}

// part-partition GRAPH 8 as gpmetis takes it: the same file, named the same, as -k 8.
TEST(CommandLine, PartitionTakesKAsGpmetisDoes) {
    ScratchDir dir;
    const std::string graph = copy_into(dir, kNacaGraph);
    ASSERT_EQ(run_tool("part-partition", graph + " 8 -q").exit_code, 0);
    ASSERT_EQ(run_tool("part-partition", graph + " -k 8 -q -o " + dir.file("with-k")).exit_code, 0);
    EXPECT_EQ(read_text(graph + ".part.8"), read_text(dir.file("with-k")));
    EXPECT_EQ(run_tool("part-partition", graph + " 8 -k 8 -q -o " + dir.file("both")).exit_code, 0);

    const CommandResult disagree = run_tool("part-partition", graph + " 8 -k 4 -q");
    EXPECT_EQ(disagree.exit_code, 2);
    EXPECT_NE(disagree.err.find("K 8 and -k 4 disagree"), std::string::npos) << disagree.err;
    const CommandResult missing = run_tool("part-partition", graph + " -q");
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_NE(missing.err.find("number of parts is required"), std::string::npos) << missing.err;
    EXPECT_FALSE(file_exists(graph + ".part.4"));
}

// The old partition is the positional after GRAPH in part-stats, part-refine and part-repart;
// part-repart writes a plan only when --plan names one.
TEST(CommandLine, RepartWritesNoPlanWithoutPlanOption) {
    ScratchDir dir;
    const std::string old_part = block_partition_file(dir);
    const CommandResult r =
        run_tool("part-repart", kNacaGraph + " " + old_part + " --method interval -k 6 --json -o " +
                                    dir.file("new.part"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(entries_of(dir), (std::vector<std::string>{"blocks.part.8", "new.part"}));
    EXPECT_TRUE(nlohmann::json::parse(r.out)["plan"].is_null());

    const CommandResult text =
        run_tool("part-repart", kNacaGraph + " " + old_part + " --method interval -k 6 -o " +
                                    dir.file("text.part"));
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_EQ(text.out.rfind("Wrote " + dir.file("text.part") + " (method interval)\n", 0), 0u)
        << text.out;
}

TEST(CommandLine, RepartTakesTheOldPartitionAsPositional) {
    ScratchDir dir;
    const std::string old_part = block_partition_file(dir);
    const CommandResult old_spelling =
        run_tool("part-repart",
                 kNacaGraph + " --old " + old_part + " --method interval -q -o " + dir.file("n"));
    EXPECT_EQ(old_spelling.exit_code, 2) << "the old partition is OLD, after GRAPH";
    const CommandResult missing =
        run_tool("part-repart", kNacaGraph + " --method interval -q -o " + dir.file("n"));
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_NE(missing.err.find("OLD is required"), std::string::npos) << missing.err;
}
