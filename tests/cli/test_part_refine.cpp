#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <sched.h>

#include <nlohmann/json.hpp>

#include "tests/support/naca0012.hpp"
#include "tests/support/test_files.hpp"

using namespace part::test;

namespace {

// 8 parts of the sample mesh: blocks of the vertex numbering, except that part 0 keeps only
// half its block and gives the rest to part 1, so the partition is badly balanced.
std::string unbalanced_partition(const ScratchDir& dir) {
    std::string text;
    for (int v = 0; v < kNacaVertices; ++v) {
        int p = v * 8 / kNacaVertices;
        if (p == 0 && v > kNacaVertices / 16) p = 1;
        text += std::to_string(p) + "\n";
    }
    return dir.write("start.part.8", text);
}

std::string refine(const std::string& args) {
    return tool("part-refine") + " " + args;
}

// `command` pinned to the first CPU this process may use (CPU 0 need not be one), as taskset,
// cpusets or MPI binding would pin part-refine.
std::string on_one_cpu(const std::string& command) {
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return command;
    int first = 0;
    while (!CPU_ISSET(first, &allowed)) ++first;
    return "taskset -c " + std::to_string(first) + " " + command;
}

} // namespace

TEST(PartRefine, HelpShowsExample) {
    auto r = run_command(refine("--help"));
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("Example:"), std::string::npos);
    EXPECT_NE(r.out.find("part-refine data/naca0012.graph"), std::string::npos);
}

TEST(PartRefine, RebalancesAndReportsFlowsSweepsAndMoves) {
    ScratchDir dir;
    const std::string start = unbalanced_partition(dir), out = dir.file("out.part");
    auto r = run_command(refine(kNacaGraph + " " + start +
                                " --network mesh:2x4 --map greedy --lambda opt --json -o " + out));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto report = nlohmann::json::parse(r.out);
    EXPECT_EQ(report["network"], "mesh:2x4");
    EXPECT_GT(report["sweeps"].get<int>(), 0);
    EXPECT_GT(report["before"]["imbalance"][0].get<double>(), 1.4);
    EXPECT_LE(report["after"]["imbalance"][0].get<double>(), 1.03);
    EXPECT_FALSE(report["rounds"][0]["link_flows"].empty());
    EXPECT_GT(report["vertices_moved"].get<int>(), 0);
    // The output is a partition part-stats accepts, with the figures reported.
    auto stats = run_command(tool("part-stats") + " " + kNacaGraph + " " + out + " -k 8 --json");
    ASSERT_EQ(stats.exit_code, 0) << stats.err;
    EXPECT_EQ(nlohmann::json::parse(stats.out)["edge_cut"], report["after"]["edge_cut"]);
}

TEST(PartRefine, TableReportAndDefaultOutputName) {
    ScratchDir dir;
    const std::string start = unbalanced_partition(dir);
    auto r = run_command(refine(kNacaGraph + " " + start + " --flow-graph quotient --coords " +
                                source_file("data/naca0012.xyz")));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("sweeps"), std::string::npos);
    EXPECT_NE(r.out.find("edge cut"), std::string::npos);
    EXPECT_NE(r.out.find("vertices moved"), std::string::npos);
    EXPECT_TRUE(file_exists(start + ".refined"));
}

TEST(PartRefine, SameInputsGiveIdenticalOutput) {
    ScratchDir dir;
    const std::string start = unbalanced_partition(dir);
    for (const char* name : {"a", "b"})
        ASSERT_EQ(run_command(refine(kNacaGraph + " " + start +
                                     " --network hypercube:3 --map greedy -q -o " + dir.file(name)))
                      .exit_code,
                  0);
    EXPECT_EQ(read_text(dir.file("a")), read_text(dir.file("b")));
}

TEST(PartRefine, OneCpuGivesTheSameOutputAsAll) {
    // Pinned to one CPU (taskset, cpusets, MPI binding), part-refine must give the output it
    // gives with every CPU: the refinement may not depend on the threads it has.
    ScratchDir dir;
    const std::string start = unbalanced_partition(dir);
    const std::string args =
        kNacaGraph + " " + start + " --coords " + source_file("data/naca0012.xyz") + " -q -o ";
    ASSERT_EQ(run_command(refine(args + dir.file("all"))).exit_code, 0);
    const auto pinned = run_command(on_one_cpu(refine(args + dir.file("one"))));
    ASSERT_EQ(pinned.exit_code, 0) << pinned.err;
    EXPECT_EQ(read_text(dir.file("one")), read_text(dir.file("all")));
}

TEST(PartRefine, ChacoNetworkFile) {
    ScratchDir dir;
    // A ring of 8 processors.
    std::string ring = "8 8\n";
    for (int p = 1; p <= 8; ++p)
        ring +=
            std::to_string(p == 1 ? 8 : p - 1) + " " + std::to_string(p == 8 ? 1 : p + 1) + "\n";
    auto r = run_command(refine(kNacaGraph + " " + unbalanced_partition(dir) + " --network " +
                                dir.write("ring.graph", ring) + " --json -o " + dir.file("out")));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_LE(nlohmann::json::parse(r.out)["after"]["imbalance"][0].get<double>(), 1.03);
}

TEST(PartRefine, NetworkOfTheWrongSizeIsAUsageError) {
    ScratchDir dir;
    auto r = run_command(refine(kNacaGraph + " " + unbalanced_partition(dir) +
                                " --network mesh:4x4 -o " + dir.file("o")));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("network mesh:4x4 has 16 processors but"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("has 8 parts"), std::string::npos) << r.err;
    EXPECT_FALSE(file_exists(dir.file("o")));
}

TEST(PartRefine, UnknownNetworkSpecIsAUsageError) {
    ScratchDir dir;
    const std::string start = unbalanced_partition(dir);
    for (const std::string spec : {"star:8", "mesh:2by4", "no-such-network"}) {
        auto r = run_command(refine(kNacaGraph + " " + start + " --network " + spec));
        EXPECT_EQ(r.exit_code, 2) << spec;
        EXPECT_NE(r.err.find("expected quotient, mesh:RxC, torus:RxC, hypercube:D, ring:P or a "
                             "Chaco graph file"),
                  std::string::npos)
            << r.err;
    }
}

TEST(PartRefine, PartitionNotMatchingTheGraphIsAnInputError) {
    ScratchDir dir;
    const std::string bad = dir.write("short.part", "0\n1\n1\n");
    auto r = run_command(refine(kNacaGraph + " " + bad + " -o " + dir.file("o")));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("error: " + bad + ":3: partition has 3 lines but the graph has 19886"),
              std::string::npos)
        << r.err;
    EXPECT_FALSE(file_exists(dir.file("o")));
}

TEST(PartRefine, BadOptionsAreUsageErrors) {
    ScratchDir dir;
    const std::string start = unbalanced_partition(dir);
    auto r = run_command(refine(kNacaGraph + " " + start + " --lambda 1.5"));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("strictly between 0 and 1, or opt"), std::string::npos) << r.err;
    r = run_command(refine(kNacaGraph + " " + start + " --flow-graph quotient --network ring:8"));
    EXPECT_EQ(r.exit_code, 2);
    r = run_command(refine(kNacaGraph + " " + start + " --map best"));
    EXPECT_EQ(r.exit_code, 2);
    r = run_command(refine(kNacaGraph + " " + start + " -o " + start));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("it is an input"), std::string::npos) << r.err;
}

TEST(PartRefine, RegionMovesJoinFragmentsAndReshapeBordersBeyondFlatPolish) {
    // Blocks of the vertex numbering: balanced, but parts come in many detached pieces.
    ScratchDir dir;
    std::string text;
    for (int v = 0; v < kNacaVertices; ++v) text += std::to_string(v * 8 / kNacaVertices) + "\n";
    const std::string start = dir.write("blocks.part.8", text);
    auto run = [&](const std::string& flags) {
        auto r =
            run_command(refine(kNacaGraph + " " + start + " --json -o " + dir.file("out") + flags));
        EXPECT_EQ(r.exit_code, 0) << r.err;
        return nlohmann::json::parse(r.out);
    };
    const auto regions = run("");
    const auto flat = run(" --flat-polish --no-absorb");
    EXPECT_GT(regions["before"]["disconnected_parts"].get<int>(), 0);
    EXPECT_GT(regions["fragments"]["moved"].get<int>(), 0);
    EXPECT_EQ(flat["fragments"]["moved"].get<int>(), 0);
    EXPECT_EQ(regions["after"]["disconnected_parts"].get<int>(), 0);
    EXPECT_GT(regions["polish"]["levels"].get<int>(), 1);
    EXPECT_LT(regions["after"]["edge_cut"].get<long>(), flat["after"]["edge_cut"].get<long>());
    EXPECT_LE(regions["after"]["imbalance"][0].get<double>(), 1.03 + 1e-9);
    auto bad = run_command(refine(kNacaGraph + " " + start + " --band-width -2"));
    EXPECT_EQ(bad.exit_code, 2);
}

TEST(PartRefine, WarnsWhenTheQuotientNetworkLeavesAPartEmpty) {
    // Parts 0 and 2 of K = 3 (part 1 empty): on the quotient graph part 1 has no neighbour.
    ScratchDir dir;
    std::string text;
    for (int v = 0; v < kNacaVertices; ++v) text += (v < kNacaVertices / 2 ? "0\n" : "2\n");
    const std::string start = dir.write("gap.part.3", text), out = dir.file("out.part");
    auto r = run_command(refine(kNacaGraph + " " + start + " -q -o " + out));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("1 part(s) stay empty"), std::string::npos) << r.err;
    // A ring network gives part 1 neighbours: it fills, and nothing is said.
    r = run_command(refine(kNacaGraph + " " + start + " --network ring:3 -q --json -o " + out));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err.find("stay empty"), std::string::npos) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["after"]["empty_parts"], 0);
}

TEST(PartRefine, TableKeepsColumnsApartForCutsOfTrillions) {
    // A ladder of 2000 rungs weighing 2e9 each, split along its rails into two balanced
    // parts: without the polish nothing moves, so the cut is 4e12 in both columns.
    ScratchDir dir;
    const int rungs = 2000;
    std::string graph = std::to_string(2 * rungs) + " " + std::to_string(3 * rungs - 2) + " 001\n";
    std::string part;
    for (int side = 0; side < 2; ++side)
        for (int i = 0; i < rungs; ++i) {
            const int v = side * rungs + i + 1; // 1-based
            graph += std::to_string(side == 0 ? v + rungs : v - rungs) + " 2000000000";
            // Appended piece by piece: g++ 12 warned (-Wrestrict) about " " + std::to_string().
            if (i > 0) graph.append(" ").append(std::to_string(v - 1)).append(" 1");
            if (i + 1 < rungs) graph.append(" ").append(std::to_string(v + 1)).append(" 1");
            graph += "\n";
            part += std::to_string(side) + "\n";
        }
    const std::string g = dir.write("ladder.graph", graph), p = dir.write("ladder.part.2", part);
    auto r = run_command(refine(g + " " + p + " --no-polish -o " + dir.file("out.part")));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto at = r.out.find("edge cut");
    ASSERT_NE(at, std::string::npos) << r.out;
    std::istringstream row(r.out.substr(at + 8, r.out.find('\n', at) - at - 8));
    long long cut_before = 0, cut_after = -1;
    row >> cut_before >> cut_after;
    EXPECT_EQ(cut_before, 4000000000000LL) << r.out;
    EXPECT_EQ(cut_after, 4000000000000LL) << r.out;
}

TEST(PartRefine, ScatteredNumberingIsRefinedRenumberedAndWrittenInTheFilesOrder) {
    // A 400 x 400 grid (160,000 vertices) whose vertices the file lists in a pseudo-random
    // order: part-refine refines it renumbered for locality (test_locality_renumbering checks
    // that such a graph is one it renumbers), so the output must come back to the file's order.
    // Eight strips along x, the last twice as wide as the others.
    ScratchDir dir;
    const int side = 400, n = side * side;
    std::vector<int> file_id(n); // of grid vertex x + side * y
    std::iota(file_id.begin(), file_id.end(), 0);
    std::uint64_t state = 99;
    for (int i = n - 1; i > 0; --i) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        std::swap(file_id[i], file_id[int((state >> 33) % std::uint64_t(i + 1))]);
    }
    std::vector<std::string> rows(n), parts(n);
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x) {
            std::string& row = rows[file_id[x + side * y]];
            for (auto [dx, dy] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}})
                if (x + dx >= 0 && x + dx < side && y + dy >= 0 && y + dy < side)
                    row += std::to_string(file_id[x + dx + side * (y + dy)] + 1) + " ";
            parts[file_id[x + side * y]] = std::to_string(std::min(7, x / 45));
        }
    std::string graph = std::to_string(n) + " " + std::to_string(2 * side * (side - 1)) + "\n";
    std::string start;
    for (int v = 0; v < n; ++v) {
        graph += rows[v] + "\n";
        start += parts[v] + "\n";
    }
    const std::string g = dir.write("scattered.graph", graph), p = dir.write("start.part.8", start);
    const std::string out = dir.file("out.part");
    auto r = run_command(refine(g + " " + p + " --json -o " + out));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto report = nlohmann::json::parse(r.out);
    EXPECT_LE(report["after"]["imbalance"][0].get<double>(), 1.03);
    // Both reports and the moves agree with the files as given.
    auto stats = [&](const std::string& partition) {
        auto s = run_command(tool("part-stats") + " " + g + " " + partition + " -k 8 --json");
        EXPECT_EQ(s.exit_code, 0) << s.err;
        return nlohmann::json::parse(s.out)["edge_cut"];
    };
    EXPECT_EQ(stats(p), report["before"]["edge_cut"]);
    EXPECT_EQ(stats(out), report["after"]["edge_cut"]);
    std::istringstream before(start), after(read_text(out));
    int moved = 0, a = 0, b = 0;
    while (before >> a && after >> b) moved += a != b;
    EXPECT_EQ(moved, report["vertices_moved"].get<int>());
    EXPECT_GT(moved, 0);
    // Deterministic through the renumbering, on two CPUs or one.
    ASSERT_EQ(run_command(refine(g + " " + p + " -q -o " + dir.file("again.part"))).exit_code, 0);
    EXPECT_EQ(read_text(dir.file("again.part")), read_text(out));
    ASSERT_EQ(
        run_command(on_one_cpu(refine(g + " " + p + " -q -o " + dir.file("one.part")))).exit_code,
        0);
    EXPECT_EQ(read_text(dir.file("one.part")), read_text(out));
}

namespace {

// Chaco text of a graph given by its edges (0-based, each once).
std::string chaco_of_edges(int n, const std::vector<std::pair<int, int>>& edges) {
    std::vector<std::vector<int>> neighbours(static_cast<std::size_t>(n));
    for (auto [u, v] : edges) {
        neighbours[std::size_t(u)].push_back(v);
        neighbours[std::size_t(v)].push_back(u);
    }
    std::string text = std::to_string(n) + " " + std::to_string(edges.size()) + "\n";
    for (const auto& row : neighbours) {
        for (int u : row) text += std::to_string(u + 1) + " ";
        text += "\n";
    }
    return text;
}

// Runs part-refine with its default (multilevel band) polish on `graph_text` and each of
// `partitions`; expects every run to succeed and write a partition of every vertex.
void expect_refines_every_partition(const std::string& graph_text,
                                    const std::vector<std::string>& partitions) {
    ScratchDir dir;
    const std::string graph = dir.write("g.graph", graph_text);
    for (std::size_t i = 0; i < partitions.size(); ++i) {
        const std::string start = dir.write("start." + std::to_string(i), partitions[i]);
        const std::string out = dir.file("out." + std::to_string(i));
        auto r = run_command(refine(graph + " " + start + " -o " + out));
        ASSERT_EQ(r.exit_code, 0) << "partition " << i << ":\n" << partitions[i] << r.err;
        const std::string written = read_text(out);
        EXPECT_EQ(std::count(written.begin(), written.end(), '\n'),
                  std::count(partitions[i].begin(), partitions[i].end(), '\n'));
    }
}

} // namespace

// The band of a small graph can hold every vertex; its breadth-first queue then wrote one entry
// past its end (a heap overflow caught by glibc's checks or AddressSanitizer).
TEST(PartRefine, BandCoveringTheWholeGraphStaysInItsQueue) {
    std::vector<std::pair<int, int>> grid; // 2 x 3
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 3; ++c) {
            if (c + 1 < 3) grid.push_back({r * 3 + c, r * 3 + c + 1});
            if (r + 1 < 2) grid.push_back({r * 3 + c, (r + 1) * 3 + c});
        }
    std::vector<std::string> partitions;
    std::uint32_t state = 12345;
    for (int i = 0; i < 30; ++i) {
        std::string text;
        bool has[2] = {false, false};
        for (int v = 0; v < 6; ++v) {
            state = state * 1664525u + 1013904223u;
            const int p = int(state >> 31);
            has[p] = true;
            text += std::to_string(p) + "\n";
        }
        if (has[0] && has[1]) partitions.push_back(text);
    }
    expect_refines_every_partition(chaco_of_edges(6, grid), partitions);

    std::vector<std::pair<int, int>> wheel; // hub 0, rim 1..2000
    const int rim = 2000;
    for (int v = 1; v <= rim; ++v) {
        wheel.push_back({0, v});
        wheel.push_back({v, v % rim + 1});
    }
    std::string halves;
    for (int v = 0; v <= rim; ++v) halves += (v <= rim / 2 ? "0\n" : "1\n");
    expect_refines_every_partition(chaco_of_edges(rim + 1, wheel), {halves});
}
