#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "tests/support/naca0012.hpp"
#include "tests/support/test_files.hpp"

using namespace part::test;

namespace {

std::string repart() {
    return tool("part-repart");
}

// Contiguous blocks of the numbering: the old partition of 4 parts.
std::string old_blocks(const ScratchDir& dir, int parts = 4) {
    std::string text;
    for (int v = 0; v < kNacaVertices; ++v)
        text += std::to_string(v * parts / kNacaVertices) + "\n";
    return dir.write("old.part", text);
}

nlohmann::json run_json(const std::string& args) {
    auto r = run_command(repart() + " " + args + " --json");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.exit_code == 0 ? nlohmann::json::parse(r.out) : nlohmann::json{};
}

} // namespace

TEST(PartRepart, HelpShowsExample) {
    auto r = run_command(repart() + " --help");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("Example:"), std::string::npos);
    EXPECT_NE(r.out.find("--method"), std::string::npos);
}

TEST(PartRepart, IntervalWithNewCapacitiesWritesAVerifiedPlan) {
    ScratchDir dir;
    const std::string old_part = old_blocks(dir);
    const std::string targets = dir.write("t", "1\n3\n2\n2\n");
    const std::string out = dir.file("new.part"), plan = dir.file("m.plan");
    auto report = run_json(kNacaGraph + " " + old_part + " --targets " + targets +
                           " --method interval -o " + out + " --plan " + plan);
    EXPECT_LE(report["metrics"]["imbalance"][0].get<double>(), 1.03 + 1e-9); // default --ufactor 30
    EXPECT_GT(report["migration"]["moved_vertices"].get<int>(), 0);
    EXPECT_LE(report["migration"]["moved_vertices"].get<double>(),
              report["details"]["identity_moved_size"].get<double>());
    EXPECT_TRUE(report["amortization"].contains("steps"));
    auto verify = run_command(tool("part-plan") + " verify " + plan + " " + old_part + " " + out);
    EXPECT_EQ(verify.exit_code, 0) << verify.err;
    const std::string applied = dir.file("applied.part");
    ASSERT_EQ(run_command(tool("part-plan") + " apply " + plan + " --partition " + old_part +
                          " -o " + applied)
                  .exit_code,
              0);
    EXPECT_EQ(read_text(applied), read_text(out));
}

TEST(PartRepart, AlignedArrangementMovesNoMoreThanMcrOnIntervalOldParts) {
    ScratchDir dir;
    const std::string old_part = old_blocks(dir);
    for (const std::string k : {"3", "4", "6"}) {
        auto run = [&](const std::string& arrangement) {
            return run_json(kNacaGraph + " " + old_part + " -k " + k +
                            " --method interval --arrangement " + arrangement + " -o " +
                            dir.file(arrangement + ".part") + " --plan " +
                            dir.file(arrangement + ".plan"));
        };
        auto mcr = run("mcr"), aligned = run("aligned");
        EXPECT_LE(aligned["migration"]["moved_size"].get<double>(),
                  mcr["migration"]["moved_size"].get<double>())
            << "k " << k;
        EXPECT_LE(aligned["metrics"]["imbalance"][0].get<double>(), 1.03 + 1e-9);
        auto verify = run_command(tool("part-plan") + " verify " + dir.file("aligned.plan") + " " +
                                  old_part + " " + dir.file("aligned.part"));
        EXPECT_EQ(verify.exit_code, 0) << verify.err;
    }
}

TEST(PartRepart, ScratchShrinkLeavesSkeletonRanksAndIsDeterministic) {
    ScratchDir dir;
    const std::string old_part = old_blocks(dir, 6);
    const std::string args =
        kNacaGraph + " " + old_part + " -k 4 --method scratch --seed 5 --plan ";
    auto report = run_json(args + dir.file("a.plan") + " -o " + dir.file("a.part"));
    EXPECT_EQ(report["metrics"]["parts"], 4);
    EXPECT_EQ(report["migration"]["skeleton_ranks"], 2);
    EXPECT_EQ(report["migration"]["logical_to_physical"].size(), 4u);
    EXPECT_TRUE(report["amortization"]["mandatory"].get<bool>());
    run_json(args + dir.file("b.plan") + " -o " + dir.file("b.part"));
    EXPECT_EQ(read_text(dir.file("a.part")), read_text(dir.file("b.part")));
    EXPECT_EQ(read_text(dir.file("a.plan")), read_text(dir.file("b.plan")));
    EXPECT_EQ(run_command(tool("part-plan") + " verify " + dir.file("a.plan") + " " + old_part +
                          " " + dir.file("a.part"))
                  .exit_code,
              0);
}

TEST(PartRepart, OrderFileDrivesTheIntervals) {
    ScratchDir dir;
    std::string reversed;
    for (int v = 0; v < kNacaVertices; ++v)
        reversed += std::to_string(kNacaVertices - 1 - v) + "\n";
    const std::string order = dir.write("rev.order", reversed);
    const std::string out = dir.file("n.part");
    auto report = run_json(kNacaGraph + " " + old_blocks(dir) + " --order " + order +
                           " --arrangement identity --method interval -o " + out + " --plan " +
                           dir.file("p.plan"));
    // Reversed order with the identity arrangement: part 0 takes the last quarter of the numbering.
    const std::string text = read_text(out);
    EXPECT_EQ(text.substr(text.size() - 2), "0\n");
    EXPECT_EQ(text.substr(0, 2), "3\n");
}

TEST(PartRepart, BadInputsGetClearErrorsAndNoOutput) {
    ScratchDir dir;
    const std::string old_part = old_blocks(dir);
    const std::string out = dir.file("n.part"), plan = dir.file("n.plan");
    const std::string tail = " -o " + out + " --plan " + plan;
    struct Case {
        std::string args;
        int exit_code;
        std::string message;
    };
    const std::vector<Case> cases = {
        {dir.write("short.part", "0\n1\n") + " --method interval", 1,
         "short.part:2: partition has 2 lines but the graph has 19886 vertices"},
        {old_part + " -k 0 --method interval", 2, "-k 0: the new part count must be at least 1"},
        {old_part + " --targets " + dir.write("t3", "1\n1\n1\n") + " --method scratch", 1,
         "t3:3: targets file has 3 values but there are 4 parts"},
        {old_part + " --order " + dir.write("bad.order", "0\n0\n") + " --method interval", 1,
         "bad.order:2: position 0 already given on line 1: not a permutation"},
        {old_part + " -k 20000 --method interval", 2, "exceeds the graph's 19886 vertices"},
        {old_part + " --method nonesuch", 2, "nonesuch"},
    };
    for (const Case& c : cases) {
        auto r = run_command(repart() + " " + kNacaGraph + " " + c.args + tail);
        EXPECT_EQ(r.exit_code, c.exit_code) << c.args << "\n" << r.err;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
        EXPECT_FALSE(file_exists(out)) << c.args;
        EXPECT_FALSE(file_exists(plan)) << c.args;
    }
}

TEST(PartRepart, IntervalReportsWhatTheArrangementAndTheRelabellingSaved) {
    ScratchDir dir;
    const std::string old_part = old_blocks(dir, 8);
    const std::string args = kNacaGraph + " " + old_part + " --method interval --coords " +
                             source_file("data/naca0012.xyz") + " -o " + dir.file("new.part");
    const auto details = run_json(args)["details"];
    const auto identity = details["identity_moved_size"].get<std::int64_t>();
    const auto unrelabelled = details["unrelabelled_moved_size"].get<std::int64_t>();
    const auto moved = details["arrangement_moved_size"].get<std::int64_t>();
    EXPECT_LE(moved, unrelabelled);
    auto text = run_command(repart() + " " + args);
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_NE(text.out.find("arrangement saved     " + std::to_string(identity - unrelabelled) +
                            " moved size (parts in logical order: " + std::to_string(identity) +
                            ")\n"),
              std::string::npos)
        << text.out;
    EXPECT_NE(text.out.find("relabelling saved     " + std::to_string(unrelabelled - moved) +
                            " moved size\n"),
              std::string::npos)
        << text.out;
}

TEST(PartRepart, TheMigrationCostComesFromTheCostModelWithAHorizon) {
    ScratchDir dir;
    const std::string old_part = old_blocks(dir);
    const std::string args = kNacaGraph + " " + old_part + " --targets " +
                             dir.write("t", "1\n3\n2\n2\n") + " --method adaptive -q -o ";
    // 1e-7 s per unit of size / (1e-6 s per cut edge x 1000 steps) = 1e-4 cut edges per unit.
    ASSERT_EQ(run_command(repart() + " " + args + dir.file("h.part") + " --horizon 1000").exit_code,
              0);
    ASSERT_EQ(run_command(repart() + " " + args + dir.file("c.part") + " --migration-cost 0.0001")
                  .exit_code,
              0);
    EXPECT_EQ(read_text(dir.file("h.part")), read_text(dir.file("c.part")));
    // Only the methods that price migration take it.
    auto r = run_command(repart() + " " + kNacaGraph + " " + old_part +
                         " --method interval --migration-cost 2 -o " + dir.file("i.part"));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--migration-cost applies to --method adaptive and gde"),
              std::string::npos)
        << r.err;
    EXPECT_FALSE(file_exists(dir.file("i.part")));
}

TEST(PartRepart, RefusesToOverwriteInputs) {
    ScratchDir dir;
    const std::string old_part = old_blocks(dir);
    const std::string before = read_text(old_part);
    auto r = run_command(repart() + " " + kNacaGraph + " " + old_part + " --method interval -o " +
                         old_part + " --plan " + dir.file("p.plan"));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(read_text(old_part), before);
    EXPECT_FALSE(file_exists(dir.file("p.plan")));
    EXPECT_EQ(run_command(repart() + " " + kNacaGraph + " " + old_part + " --method interval -o " +
                          dir.file("x.part") + " --plan " + old_part)
                  .exit_code,
              2);
}

TEST(PartRepart, CoordinatesOrderTheIntervalsAlongAHilbertCurve) {
    ScratchDir dir;
    const std::string old_part = old_blocks(dir, 8);
    const std::string tail = " " + old_part + " --method interval --plan " + dir.file("p.plan");
    auto by_numbering = run_json(kNacaGraph + tail + " -o " + dir.file("a.part"));
    auto by_hilbert = run_json(kNacaGraph + tail + " --coords " + source_file("data/naca0012.xyz") +
                               " -o " + dir.file("b.part"));
    // Same as ordering explicitly with part-order's Hilbert curve.
    ASSERT_EQ(run_command(tool("part-order") + " " + kNacaGraph + " --method hilbert --coords " +
                          source_file("data/naca0012.xyz") + " -o " + dir.file("h.perm") + " -q")
                  .exit_code,
              0);
    run_json(kNacaGraph + tail + " --order " + dir.file("h.perm") + " -o " + dir.file("c.part"));
    EXPECT_EQ(read_text(dir.file("b.part")), read_text(dir.file("c.part")));
    // Numbering blocks of a gmsh mesh are ragged; the curve keeps intervals compact.
    EXPECT_LT(by_hilbert["metrics"]["edge_cut"].get<long>(),
              by_numbering["metrics"]["edge_cut"].get<long>());
}

TEST(PartRepart, HorizonKeepsTheOldPartitionWhenTheRemapDoesNotPayOff) {
    // Every method's result is a candidate under --horizon (Kaddoura & Ranka 1995, 3.5).
    ScratchDir dir;
    const std::string old_part = old_blocks(dir);
    const std::string targets = dir.write("t", "1\n3\n2\n2\n");
    for (const std::string method : {"adaptive", "interval", "gde", "scratch"}) {
        // A fixed migration cost: with --horizon alone, adaptive's and gde's is derived from it.
        const std::string cost =
            method == "adaptive" || method == "gde" ? " --migration-cost 1" : "";
        const std::string args = kNacaGraph + " " + old_part + " --targets " + targets +
                                 " --method " + method + cost + " --plan " + dir.file("m.plan");
        const auto probe = run_json(args + " -o " + dir.file("probe.part"));
        ASSERT_TRUE(probe["amortization"]["pays_off"].get<bool>()) << method;
        const double steps = probe["amortization"]["steps"].get<double>();
        // Half the steps the remap needs: keep; the files say nothing moves.
        const auto kept = run_json(args + " --horizon " + std::to_string(steps / 2) + " -o " +
                                   dir.file("kept.part"));
        EXPECT_FALSE(kept["decision"]["remap"].get<bool>()) << method;
        EXPECT_EQ(kept["migration"]["moved_vertices"].get<int>(), 0) << method;
        EXPECT_EQ(kept["amortization"], probe["amortization"]) << method;
        EXPECT_EQ(read_text(dir.file("kept.part")), read_text(old_part)) << method;
        auto verify = run_command(tool("part-plan") + " verify " + dir.file("m.plan") + " " +
                                  old_part + " " + dir.file("kept.part"));
        EXPECT_EQ(verify.exit_code, 0) << verify.err;
        // Twice: remap, the candidate's files.
        const auto moved = run_json(args + " --horizon " + std::to_string(steps * 2) + " -o " +
                                    dir.file("moved.part"));
        EXPECT_TRUE(moved["decision"]["remap"].get<bool>()) << method;
        EXPECT_EQ(read_text(dir.file("moved.part")), read_text(dir.file("probe.part"))) << method;
    }
    // Shrinking is mandatory whatever the horizon.
    const auto shrink =
        run_json(kNacaGraph + " " + old_part + " -k 3 --method interval " + "--horizon 1 -o " +
                 dir.file("s.part") + " --plan " + dir.file("s.plan"));
    EXPECT_TRUE(shrink["decision"]["remap"].get<bool>());
    EXPECT_TRUE(shrink["amortization"]["mandatory"].get<bool>());
}

// Shrinking with a horizon weighs not adapting (Ashok 1994, 13.1): over a horizon too short
// for a balanced partition to pay, the leaving ranks' parts move whole onto staying ranks and
// nothing else moves; over a long one, the method's partition wins.
TEST(PartRepart, ShrinkingFoldsTheLeavingPartsWhenTheHorizonIsShort) {
    ScratchDir dir;
    const std::string old_part = dir.file("old.part");
    ASSERT_EQ(run_command(tool("part-partition") + " " + kNacaGraph +
                          " -k 8 --method metis -q -o " + old_part)
                  .exit_code,
              0);
    const std::string args = kNacaGraph + " " + old_part + " -k 6 --method gde --plan " +
                             dir.file("f.plan") + " -o " + dir.file("f.part") + " --horizon ";
    const auto short_run = run_json(args + "0.001");
    EXPECT_TRUE(short_run["decision"]["fold"].get<bool>());
    EXPECT_LT(short_run["decision"]["fold_cost_seconds"].get<double>(),
              short_run["decision"]["remap_cost_seconds"].get<double>());
    // Only two old parts' vertices moved: every vertex of a staying part kept its rank.
    const std::string old_text = read_text(old_part), new_text = read_text(dir.file("f.part"));
    std::map<char, std::set<char>> new_of_old;
    for (std::size_t i = 0; i < old_text.size(); i += 2)
        new_of_old[old_text[i]].insert(new_text[i]);
    for (const auto& [old_id, new_ids] : new_of_old) EXPECT_EQ(new_ids.size(), 1u) << old_id;
    auto verify = run_command(tool("part-plan") + " verify " + dir.file("f.plan") + " " + old_part +
                              " " + dir.file("f.part"));
    EXPECT_EQ(verify.exit_code, 0) << verify.err;
    const auto long_run = run_json(args + "1000");
    EXPECT_FALSE(long_run["decision"]["fold"].get<bool>());
    EXPECT_LE(long_run["metrics"]["imbalance"][0].get<double>(), 1.03 + 1e-9);
}

// Dynamic rectilinear rebalancing (Ashok, chapter 9) of a hier partition of the airfoil: the
// same loads move nothing; heavier cells at the front of the file move planes, within the
// tolerance; the scheme and coordinates are required, and the part count stays.
TEST(PartRepart, HierMovesThePlanesOfAHierPartition) {
    ScratchDir dir;
    const std::string scheme = "'BEAM-Z[YX][4x2]'", old_part = dir.file("hier.part");
    ASSERT_EQ(run_command(tool("part-partition") + " " + kNacaGraph + " -k 8 --method hier " +
                          "--scheme " + scheme + " --coords " + kNacaCoords + " -q -o " + old_part)
                  .exit_code,
              0);
    const std::string hier = " --method hier --scheme " + scheme + " --coords " + kNacaCoords;
    auto same = run_json(kNacaGraph + " " + old_part + hier + " -o " + dir.file("same.part"));
    EXPECT_EQ(same["details"]["planes_moved"].get<double>(), 0);
    EXPECT_EQ(same["migration"]["moved_vertices"].get<int>(), 0);

    // The first 3000 cells weigh 3.
    std::istringstream lines(read_text(kNacaGraph));
    std::string line, weighted;
    std::getline(lines, line);
    weighted = line + " 010\n";
    for (int v = 0; std::getline(lines, line); ++v)
        weighted += (v < 3000 ? "3 " : "1 ") + line + "\n";
    const std::string heavy = dir.write("heavy.graph", weighted);
    auto moved = run_json(heavy + " " + old_part + hier + " -o " + dir.file("moved.part"));
    EXPECT_GT(moved["details"]["planes_moved"].get<double>(), 0);
    EXPECT_GT(moved["migration"]["moved_vertices"].get<int>(), 0);
    EXPECT_LE(moved["metrics"]["imbalance"][0].get<double>(), 1.03 + 1e-9);

    auto r = run_command(repart() + " " + heavy + " " + old_part + " --method hier --coords " +
                         kNacaCoords + " -o " + dir.file("x.part"));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--method hier needs --scheme"), std::string::npos) << r.err;
    r = run_command(repart() + " " + heavy + " " + old_part + " --method adaptive --scheme " +
                    scheme + " -o " + dir.file("x.part"));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--scheme applies to --method hier"), std::string::npos) << r.err;
    r = run_command(repart() + " " + heavy + " " + old_part + hier + " -k 16 -o " +
                    dir.file("x.part"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("it keeps 8 parts"), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir.file("x.part")));
}
