// part-demo-solver (examples/demo_solver) under mpiexec: its final values do not depend on the
// rank count, the partition or rebalancing, a checkpoint restarted on another rank count
// continues exactly, a forced remap moves cells, and bad calls exit 1 or 2 writing nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/support/test_files.hpp"

using namespace part::test;

namespace {

const std::string kDemoMesh = source_file("tests/data/box3d_coarse.msh");
constexpr int kDemoCells = 124; // its tetrahedra

// A hot ball a third of the box wide crossing it in 20 steps: cells heat up and the work moves.
const std::string kDemoSource = " --source-radius 0.3 --source-period 20";

CommandResult run_demo_solver(int ranks, const std::string& args) {
    return run_command(mpiexec_prefix(ranks) + PART_DEMO_SOLVER + " " + kDemoMesh + kDemoSource +
                       " " + args);
}

// Runs the solver and returns its --output file.
std::string demo_final_values(const ScratchDir& dir, int ranks, const std::string& args) {
    const std::string output = dir.file("u_" + std::to_string(ranks) + ".txt");
    const auto run = run_demo_solver(ranks, args + " -q --output " + output);
    EXPECT_EQ(run.exit_code, 0) << args << "\n" << run.err;
    return read_text(output);
}

std::vector<double> demo_values_of(const std::string& text) {
    std::vector<double> values;
    std::istringstream in(text);
    for (double value; in >> value;) values.push_back(value);
    return values;
}

} // namespace

TEST(DemoSolverMpirun, RebalancingAndRankCountLeaveTheValuesUnchanged) {
    ScratchDir dir;
    const std::string reference = demo_final_values(dir, 1, "--steps 24 --no-rebalance");
    const std::vector<double> values = demo_values_of(reference);
    ASSERT_EQ(values.size(), std::size_t(kDemoCells));
    // The source heated the box: not a trivially constant field.
    EXPECT_GT(*std::max_element(values.begin(), values.end()), 0.01);
    EXPECT_LT(*std::min_element(values.begin(), values.end()),
              *std::max_element(values.begin(), values.end()) / 2);
    for (int ranks = 1; ranks <= 4; ++ranks) {
        EXPECT_EQ(demo_final_values(dir, ranks, "--steps 24 --no-rebalance"), reference) << ranks;
        EXPECT_EQ(demo_final_values(dir, ranks, "--steps 24 --remap-every 3"), reference) << ranks;
        EXPECT_EQ(demo_final_values(dir, ranks, "--steps 24 --method rcb"), reference) << ranks;
    }
}

TEST(DemoSolverMpirun, RestartOnAnotherRankCountContinuesExactly) {
    ScratchDir dir;
    const std::string whole = demo_final_values(dir, 1, "--steps 24 --remap-every 5");
    for (const auto& [before, after] : {std::pair{3, 2}, std::pair{1, 4}}) {
        const std::string checkpoint = dir.file("ck" + std::to_string(before));
        const auto first =
            run_demo_solver(before, "--steps 12 --remap-every 5 -q --checkpoint " + checkpoint);
        ASSERT_EQ(first.exit_code, 0) << first.err;
        ASSERT_TRUE(file_exists(checkpoint + "/state.pvtu"));
        ASSERT_TRUE(file_exists(checkpoint + "/state_" + std::to_string(before - 1) + ".vtu"));
        const auto info = nlohmann::json::parse(read_text(checkpoint + "/checkpoint.json"));
        EXPECT_EQ(info.at("step"), 12);
        EXPECT_EQ(info.at("pieces"), before);
        EXPECT_EQ(
            demo_final_values(dir, after, "--steps 24 --remap-every 5 --restart " + checkpoint),
            whole)
            << before << " -> " << after;
    }
}

TEST(DemoSolverMpirun, ForcedRemapsMoveCells) {
    const auto run = run_demo_solver(3, "--steps 24 --remap-every 4 --json");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const auto report = nlohmann::json::parse(run.out);
    const auto& loop = report.at("runs").at(0);
    EXPECT_EQ(loop.at("remaps"), 5); // after steps 4, 8, ..., 20: none after the last step
    EXPECT_GT(loop.at("cells_moved").get<long long>(), 0);
    EXPECT_EQ(loop.at("bytes_moved").get<long long>(), 8 * loop.at("cells_moved").get<long long>());

    const auto kept = run_demo_solver(3, "--steps 24 --no-rebalance --json");
    ASSERT_EQ(kept.exit_code, 0) << kept.err;
    EXPECT_EQ(nlohmann::json::parse(kept.out).at("runs").at(0).at("remaps"), 0);
}

TEST(DemoSolverMpirun, CompareRunsBothAndFindsTheSameValues) {
    const auto run = run_demo_solver(2, "--steps 24 --remap-every 4 --compare --json");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const auto report = nlohmann::json::parse(run.out);
    ASSERT_EQ(report.at("runs").size(), 2u);
    EXPECT_EQ(report.at("runs").at(0).at("rebalance"), false);
    EXPECT_EQ(report.at("runs").at(1).at("rebalance"), true);
    EXPECT_EQ(report.at("identical"), true);
    EXPECT_TRUE(report.contains("saved_s"));
}

TEST(DemoSolverMpirun, BadCallsExitWithAClearMessageAndWriteNothing) {
    ScratchDir dir;
    const std::string output = dir.file("u.txt"), checkpoint = dir.file("ck");
    const std::string outputs = " --output " + output + " --checkpoint " + checkpoint;
    const auto missing =
        run_command(mpiexec_prefix(2) + PART_DEMO_SOLVER + " " + dir.file("absent.msh") + outputs);
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_NE(missing.err.find("absent.msh"), std::string::npos) << missing.err;

    for (const std::string steps : {"0", "-3", "many"}) {
        const auto bad = run_demo_solver(2, "--steps " + steps + outputs);
        EXPECT_EQ(bad.exit_code, 2) << steps;
        EXPECT_NE(bad.err.find("--steps"), std::string::npos) << bad.err;
    }

    const auto no_restart = run_demo_solver(2, "--restart " + dir.file("nowhere") + outputs);
    EXPECT_EQ(no_restart.exit_code, 1);
    EXPECT_NE(no_restart.err.find("nowhere"), std::string::npos) << no_restart.err;

    // A folder of other files is not replaced by a checkpoint.
    const std::string other = dir.file("other");
    std::filesystem::create_directory(other);
    dir.write("other/notes.txt", "keep me");
    const auto not_checkpoint =
        run_demo_solver(2, "--steps 4 --output " + output + " --checkpoint " + other);
    EXPECT_EQ(not_checkpoint.exit_code, 2);
    EXPECT_NE(not_checkpoint.err.find("other"), std::string::npos) << not_checkpoint.err;
    EXPECT_EQ(read_text(other + "/notes.txt"), "keep me");

    EXPECT_FALSE(file_exists(output));
    EXPECT_FALSE(file_exists(checkpoint));
    EXPECT_EQ(entries_of(dir), (std::vector<std::string>{"other"}));
}
