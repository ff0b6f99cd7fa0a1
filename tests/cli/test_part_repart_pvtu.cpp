// part-repart on a .pvtu under mpiexec (one piece per rank, as part-convert --split writes):
// the partition and plan are those of the serial tool on the dual graph part-convert gives
// (interval along the Hilbert curve of the cell centroids, as the serial tool with --coords),
// the new dataset holds every cell once, and a wrong piece count fails on every rank.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include <nlohmann/json.hpp>

#include "formats/chaco_graph.hpp"
#include "formats/partition_file.hpp"
#include "formats/plan_file.hpp"
#include "formats/vtk_mesh.hpp"
#include "libpart/plan/plan_traffic.hpp"
#include "libpart/repart/amortization.hpp"
#include "tests/support/naca0012.hpp"
#include "tests/support/test_files.hpp"

using namespace part::test;

namespace {

constexpr int kCells = 19886;

// The sample mesh split into `parts` pieces (scattered parts, one ghost layer).
std::string split(const ScratchDir& dir, const std::string& name, int parts) {
    std::string text;
    for (int c = 0; c < kCells; ++c) text += std::to_string((c / 1500 + c % 2) % parts) + "\n";
    const std::string partition = dir.write(name + ".part", text);
    auto r =
        run_command(tool("part-convert") + " " + kNacaMesh + " --partition " + partition +
                    " --no-boundary --split --ghost-layers 1 -q -o " + dir.file(name + ".pvtu"));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return dir.file(name + ".pvtu");
}

// part-repart on the .pvtu `old` on 4 ranks with `args`, writing NAME.part, NAME.plan and
// NAME.pvtu; the new dataset must hold every cell in `pieces` pieces. Returns the report.
nlohmann::json repart_pvtu(const ScratchDir& dir, const std::string& old, const std::string& args,
                           const std::string& name, std::size_t pieces) {
    auto d = run_command(mpiexec_prefix(4) + tool("part-repart") + " " + old + " " + args +
                         " --json -o " + dir.file(name + ".part") + " --plan " +
                         dir.file(name + ".plan") + " --pvtu " + dir.file(name + ".pvtu"));
    EXPECT_EQ(d.exit_code, 0) << d.err;
    const auto report = nlohmann::json::parse(d.out);
    EXPECT_EQ(report["dataset"]["cells"].get<int>(), kCells) << d.out;
    EXPECT_EQ(report["dataset"]["piece_cells"].size(), pieces) << d.out;
    return report;
}

// Both datasets join into the same mesh, piece by piece: part-convert writes the same graph.
void expect_same_dataset(const ScratchDir& dir, const std::string& ours,
                         const std::string& theirs) {
    auto a = run_command(tool("part-convert") + " " + ours + " -q -o " + dir.file("ours.graph"));
    auto b =
        run_command(tool("part-convert") + " " + theirs + " -q -o " + dir.file("theirs.graph"));
    ASSERT_EQ(a.exit_code, 0) << a.err;
    ASSERT_EQ(b.exit_code, 0) << b.err;
    EXPECT_EQ(read_text(dir.file("ours.graph")), read_text(dir.file("theirs.graph")));
}

} // namespace

TEST(PartRepartPvtu, IntervalWritesTheSerialFilesAndTheNewDataset) {
    ScratchDir dir;
    const std::string old = split(dir, "old", 4);
    const auto report = repart_pvtu(dir, old, "--method interval -k 3", "d", 3);

    // Serially: the dual graph of the same dataset, old part = piece, and the line the Hilbert
    // curve of the centroids part-convert writes beside it (the ranks compute the same ones).
    auto g = run_command(tool("part-convert") + " " + old + " -q -o " + dir.file("old.graph"));
    ASSERT_EQ(g.exit_code, 0) << g.err;
    ASSERT_TRUE(file_exists(dir.file("old.xyz")));
    auto s =
        run_command(tool("part-repart") + " " + dir.file("old.graph") + " " + dir.file("old.part") +
                    " --coords " + dir.file("old.xyz") + " --method interval -k 3 -q -o " +
                    dir.file("s.part") + " --plan " + dir.file("s.plan"));
    ASSERT_EQ(s.exit_code, 0) << s.err;
    EXPECT_EQ(read_text(dir.file("d.part")), read_text(dir.file("s.part")));
    EXPECT_EQ(read_text(dir.file("d.plan")), read_text(dir.file("s.plan")));
    // ... which is not the numbering's cut: the curve is really followed.
    auto numbered = run_command(tool("part-repart") + " " + dir.file("old.graph") + " " +
                                dir.file("old.part") + " --method interval -k 3 -q -o " +
                                dir.file("n.part") + " --plan " + dir.file("n.plan"));
    ASSERT_EQ(numbered.exit_code, 0) << numbered.err;
    EXPECT_NE(read_text(dir.file("n.part")), read_text(dir.file("s.part")));

    // The new dataset joins back into the same mesh (same dual graph), and it is what
    // part-plan apply makes of the plan: the same cells per piece.
    auto n = run_command(tool("part-convert") + " " + dir.file("d.pvtu") + " -q -o " +
                         dir.file("new.graph"));
    ASSERT_EQ(n.exit_code, 0) << n.err;
    EXPECT_EQ(read_text(dir.file("new.graph")), read_text(dir.file("old.graph")));
    auto a = run_command(tool("part-plan") + " apply " + dir.file("d.plan") + " --dataset " + old +
                         " --json -o " + dir.file("applied.pvtu"));
    ASSERT_EQ(a.exit_code, 0) << a.err;
    const auto applied = nlohmann::json::parse(a.out);
    std::vector<std::int64_t> cells;
    for (const auto& piece : applied["pieces"]) cells.push_back(piece["cells"].get<std::int64_t>());
    EXPECT_EQ(report["dataset"]["piece_cells"].get<std::vector<std::int64_t>>(), cells) << a.out;

    // The same run again writes byte-identical pieces.
    auto again = run_command(mpiexec_prefix(4) + tool("part-repart") + " " + old +
                             " --method interval -k 3 -q -o " + dir.file("e.part") + " --plan " +
                             dir.file("e.plan") + " --pvtu " + dir.file("again.pvtu"));
    ASSERT_EQ(again.exit_code, 0) << again.err;
    for (int q = 0; q < 3; ++q)
        EXPECT_EQ(read_text(dir.file("again_" + std::to_string(q) + ".vtu")),
                  read_text(dir.file("d_" + std::to_string(q) + ".vtu")))
            << "piece " << q;
}

TEST(PartRepartPvtu, OldPartitionFieldsAndOrderingAsTheSerialTool) {
    ScratchDir dir;
    const std::string old = split(dir, "old", 3);
    std::string text;
    for (int c = 0; c < kCells; ++c) text += std::to_string(c * 3 / kCells) + "\n";
    const std::string blocks = dir.write("blocks.part.3", text);
    std::string order;
    for (int c = 0; c < kCells; ++c)
        order.append(std::to_string(std::int64_t(c) * 7919 % kCells)).push_back('\n');
    const std::string line = dir.write("line.order", order);
    auto d = run_command(mpiexec_prefix(3) + tool("part-repart") + " " + old + " " + blocks +
                         " --weight-field gmsh:geometrical --size-field gmsh:physical --order " +
                         line + " --method interval -q -o " + dir.file("d.part") + " --plan " +
                         dir.file("d.plan"));
    ASSERT_EQ(d.exit_code, 0) << d.err;
    auto g = run_command(tool("part-convert") + " " + old +
                         " --weight-field gmsh:geometrical --size-field gmsh:physical -q -o " +
                         dir.file("w.graph"));
    ASSERT_EQ(g.exit_code, 0) << g.err;
    auto s = run_command(tool("part-repart") + " " + dir.file("w.graph") + " " + blocks +
                         " --order " + line + " --method interval -q -o " + dir.file("s.part") +
                         " --plan " + dir.file("s.plan"));
    ASSERT_EQ(s.exit_code, 0) << s.err;
    EXPECT_EQ(read_text(dir.file("d.part")), read_text(dir.file("s.part")));
    EXPECT_EQ(read_text(dir.file("d.plan")), read_text(dir.file("s.plan")));
}

TEST(PartRepartPvtu, GdeRebalancesAndMovesTheCells) {
    ScratchDir dir;
    std::string text;
    for (int c = 0; c < kCells; ++c)
        text += (c < kCells * 6 / 10 ? "0\n" : c < kCells * 9 / 10 ? "1\n" : "2\n");
    const std::string partition = dir.write("skewed.part", text);
    auto c = run_command(tool("part-convert") + " " + kNacaMesh + " --partition " + partition +
                         " --no-boundary --split -q -o " + dir.file("skewed.pvtu"));
    ASSERT_EQ(c.exit_code, 0) << c.err;
    auto d = run_command(mpiexec_prefix(3) + tool("part-repart") + " " + dir.file("skewed.pvtu") +
                         " --method gde --json -o " + dir.file("g.part") + " --plan " +
                         dir.file("g.plan") + " --pvtu " + dir.file("balanced.pvtu") +
                         " --ghost-layers 1");
    ASSERT_EQ(d.exit_code, 0) << d.err;
    const auto report = nlohmann::json::parse(d.out);
    EXPECT_LE(report["imbalance"].get<double>(), 1.03) << d.out;
    for (auto cells : report["dataset"]["piece_cells"])
        EXPECT_LE(cells.get<int>(), int(kCells * 1.03 / 3)) << d.out; // the 3% tolerance
    // With its ghost layer the dataset still joins into the one part-plan apply writes (the
    // ghosts themselves are compared with part-plan apply's in the MPI tests).
    auto a = run_command(tool("part-plan") + " apply " + dir.file("g.plan") + " --dataset " +
                         dir.file("skewed.pvtu") + " --ghost-layers 1 -q -o " +
                         dir.file("applied.pvtu"));
    ASSERT_EQ(a.exit_code, 0) << a.err;
    expect_same_dataset(dir, dir.file("balanced.pvtu"), dir.file("applied.pvtu"));

    // The report's amortization is the serial cost model's on the old and new partitions of the
    // dual graph (numbered by GlobalCellIds, as the partition files are) and the written plan.
    auto dual = run_command(tool("part-convert") + " " + dir.file("skewed.pvtu") + " -q -o " +
                            dir.file("skewed.graph"));
    ASSERT_EQ(dual.exit_code, 0) << dual.err;
    const part::Graph graph = part::formats::read_chaco_graph(dir.file("skewed.graph"));
    const part::MigrationPlan plan = part::formats::read_plan(dir.file("g.plan"));
    const part::Amortization expected = part::amortization(
        graph, part::formats::read_partition(partition, graph.num_vertices(), 3),
        part::formats::read_partition(dir.file("g.part"), graph.num_vertices(), 3),
        plan.new_part_rank, part::plan_traffic(plan, graph.vsize), part::CostModel{});
    EXPECT_EQ(report["amortization"]["new_step_seconds"].get<double>(), expected.new_step);
    EXPECT_EQ(report["amortization"]["old_step_seconds"].get<double>(), expected.old_step);
    EXPECT_EQ(report["amortization"]["remap_seconds"].get<double>(), expected.remap);
    EXPECT_EQ(report["amortization"]["steps"].get<double>(), expected.steps);
}

// Shrinking a .pvtu with gde: the retiring pieces' cells all move, K2 pieces are written on
// the ranks kept, and the dataset is the one part-plan apply writes from the plan.
TEST(PartRepartPvtu, GdeShrinksTheDataset) {
    ScratchDir dir;
    const std::string old = split(dir, "old", 4);
    const auto report = repart_pvtu(dir, old, "--method gde -k 3", "s", 3);
    EXPECT_LE(report["imbalance"].get<double>(), 1.03) << report.dump();
    auto a = run_command(tool("part-plan") + " apply " + dir.file("s.plan") + " --dataset " + old +
                         " -q -o " + dir.file("applied.pvtu"));
    ASSERT_EQ(a.exit_code, 0) << a.err;
    expect_same_dataset(dir, dir.file("s.pvtu"), dir.file("applied.pvtu"));
}

TEST(PartRepartPvtu, WrongPieceCountFailsOnEveryRankWithoutOutput) {
    ScratchDir dir;
    const std::string old = split(dir, "old", 3);
    auto r = run_command(mpiexec_prefix(2) + tool("part-repart") + " " + old +
                         " --method interval -o " + dir.file("d.part") + " --plan " +
                         dir.file("d.plan") + " --pvtu " + dir.file("new.pvtu"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("error: " + old + ":"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("3 pieces"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("2 ranks"), std::string::npos) << r.err;
    EXPECT_FALSE(file_exists(dir.file("d.part")));
    EXPECT_FALSE(file_exists(dir.file("d.plan")));
    EXPECT_FALSE(file_exists(dir.file("new.pvtu")));
    EXPECT_FALSE(file_exists(dir.file("new_0.vtu")));
}

// Issue 24: under mpirun a piece VTK's reader crashed on (an appended offset off by one) took
// the job down with a segfault; now every rank stops with the piece's name and line.
TEST(PartRepartPvtu, MalformedPieceFailsOnEveryRankWithoutACrash) {
    ScratchDir dir;
    const std::string old = split(dir, "old", 2);
    const std::string piece = dir.file("old_1.vtu");
    std::string text = read_text(piece);
    const auto declared = text.find("Name=\"connectivity\"");
    const auto offset = text.find("offset=\"", declared) + 8;
    const auto end = text.find('"', offset);
    text.replace(offset, end - offset, std::to_string(std::stoll(text.substr(offset)) + 1));
    dir.write("old_1.vtu", text);
    const std::string line =
        std::to_string(1 + std::count(text.begin(), text.begin() + std::ptrdiff_t(declared), '\n'));
    auto r = run_command(mpiexec_prefix(2) + tool("part-repart") + " " + old +
                         " --method interval -o " + dir.file("d.part") + " --plan " +
                         dir.file("d.plan") + " --pvtu " + dir.file("new.pvtu"));
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("error: " + piece + ":" + line + ": array 'connectivity'"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("Segmentation"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("signal"), std::string::npos) << r.err;
    EXPECT_FALSE(file_exists(dir.file("d.part")));
    EXPECT_FALSE(file_exists(dir.file("d.plan")));
    EXPECT_FALSE(file_exists(dir.file("new.pvtu")));
}

TEST(PartRepartPvtu, UsageErrors) {
    ScratchDir dir;
    const std::string old = split(dir, "old", 2);
    const std::string outputs = " -o " + dir.file("d.part") + " --plan " + dir.file("d.plan");
    // Without mpirun, and with a method that does not run distributed.
    EXPECT_EQ(
        run_command(tool("part-repart") + " " + old + " --method interval" + outputs).exit_code, 2);
    EXPECT_EQ(run_command(mpiexec_prefix(2) + tool("part-repart") + " " + old +
                          " --method scratch" + outputs)
                  .exit_code,
              2);
    EXPECT_EQ(run_command(mpiexec_prefix(2) + tool("part-repart") + " " + old +
                          " --method interval --ghost-layers 1" + outputs)
                  .exit_code,
              2);
    // The fields' options need a .pvtu GRAPH.
    auto serial =
        run_command(tool("part-repart") + " " + dir.write("g.graph", "2 1\n2\n1\n") + " " +
                    dir.write("g.part", "0\n1\n") + " --method gde --weight-scale 10" + outputs);
    EXPECT_EQ(serial.exit_code, 2) << serial.err;
    EXPECT_NE(serial.err.find("--weight-scale need a .pvtu GRAPH"), std::string::npos)
        << serial.err;
    // Writing the new dataset over one of the old pieces.
    auto over = run_command(mpiexec_prefix(2) + tool("part-repart") + " " + old +
                            " --method interval" + outputs + " --pvtu " + old);
    EXPECT_EQ(over.exit_code, 2) << over.err;
    EXPECT_FALSE(file_exists(dir.file("d.part")));
}

TEST(PartRepartPvtu, IntervalFollowsTheCentroidsCurveForAnyPieceCountAndDecidesAsSerially) {
    ScratchDir dir;
    for (int pieces : {2, 3}) {
        // append, not "p" + ...: gcc 12 warns falsely (-Wrestrict) on that here
        const std::string name = std::string("p").append(std::to_string(pieces));
        const std::string old = split(dir, name, pieces);
        auto g =
            run_command(tool("part-convert") + " " + old + " -q -o " + dir.file(name + ".graph"));
        ASSERT_EQ(g.exit_code, 0) << g.err;
        const std::string serial_input = dir.file(name + ".graph") + " " +
                                         dir.file(name + ".part") + " --coords " +
                                         dir.file(name + ".xyz");
        const std::string args = " --method interval -k 4 --json";
        auto s = run_command(tool("part-repart") + " " + serial_input + args + " -o " +
                             dir.file("s.part") + " --plan " + dir.file("s.plan"));
        ASSERT_EQ(s.exit_code, 0) << s.err;
        auto d = run_command(mpiexec_prefix(pieces) + tool("part-repart") + " " + old + args +
                             " -o " + dir.file("d.part") + " --plan " + dir.file("d.plan"));
        ASSERT_EQ(d.exit_code, 0) << d.err;
        EXPECT_EQ(read_text(dir.file("d.part")), read_text(dir.file("s.part"))) << pieces;
        EXPECT_EQ(read_text(dir.file("d.plan")), read_text(dir.file("s.plan"))) << pieces;

        // A remap that cannot pay off within one step (moving is made very dear): both keep
        // the pieces as they are.
        const std::string keep = " --method interval -k 4 --time-per-size 1 --horizon 1 -q";
        s = run_command(tool("part-repart") + " " + serial_input + keep + " -o " +
                        dir.file("sk.part") + " --plan " + dir.file("sk.plan"));
        ASSERT_EQ(s.exit_code, 0) << s.err;
        d = run_command(mpiexec_prefix(pieces) + tool("part-repart") + " " + old + keep + " -o " +
                        dir.file("dk.part") + " --plan " + dir.file("dk.plan"));
        ASSERT_EQ(d.exit_code, 0) << d.err;
        EXPECT_EQ(read_text(dir.file("dk.part")), read_text(dir.file(name + ".part"))) << pieces;
        EXPECT_EQ(read_text(dir.file("dk.plan")), read_text(dir.file("sk.plan"))) << pieces;
    }
}

// A distributed --pvtu written over a larger dataset replaces it whole (no stale piece; the
// pieces, under the alternate names, byte-identical to a fresh write's), and -o - sends the
// partition, written by the ranks through a staged file, to standard output.
TEST(PartRepartPvtu, OverwriteLeavesNoStalePieceAndPartitionGoesToStandardOutput) {
    ScratchDir dir;
    const std::string old = split(dir, "old", 4);
    const std::string base =
        mpiexec_prefix(4) + tool("part-repart") + " " + old + " --method interval -q ";
    auto r = run_command(base + "-k 4 -o " + dir.file("x.part") + " --plan " + dir.file("x.plan") +
                         " --pvtu " + dir.file("new.pvtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = run_command(base + "-k 3 -o " + dir.file("a.part") + " --plan " + dir.file("a.plan") +
                    " --pvtu " + dir.file("fresh.pvtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = run_command(base + "-k 3 -o - --plan " + dir.file("b.plan") + " --pvtu " +
                    dir.file("new.pvtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, read_text(dir.file("a.part")));
    EXPECT_EQ(read_text(dir.file("b.plan")), read_text(dir.file("a.plan")));

    std::set<std::string> named, on_disk;
    for (const auto& piece : part::formats::list_pvtu_pieces(dir.file("new.pvtu")))
        named.insert(std::filesystem::path(piece.path).filename().string());
    for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
        const std::string name = entry.path().filename().string();
        if (name.starts_with("new") && name.ends_with(".vtu")) on_disk.insert(name);
    }
    EXPECT_EQ(named, (std::set<std::string>{"new-g1_0.vtu", "new-g1_1.vtu", "new-g1_2.vtu"}));
    EXPECT_EQ(on_disk, named);
    for (int q = 0; q < 3; ++q)
        EXPECT_EQ(read_text(dir.file("new-g1_" + std::to_string(q) + ".vtu")),
                  read_text(dir.file("fresh_" + std::to_string(q) + ".vtu")))
            << "piece " << q;
    for (const auto& entry : std::filesystem::directory_iterator("."))
        EXPECT_FALSE(entry.path().filename().string().starts_with("part-output.tmp-"))
            << "the ranks' staged output is removed";
}
