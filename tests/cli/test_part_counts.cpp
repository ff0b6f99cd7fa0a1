// Part counts beyond the input: every tool refuses -k K (and --old-parts, --new-parts) larger
// than the number of vertices as a usage error, and a part id of at least the number of
// vertices as an input error naming its line, before any per-part array is sized (a single id
// of 100000000 once made tools run for tens of seconds in gigabytes).
#include <gtest/gtest.h>

#include <string>

#include "tests/support/test_files.hpp"

using namespace part::test;

namespace {

// A ring of 100 vertices.
std::string ring_graph(const ScratchDir& dir) {
    std::string text = "100 100\n";
    for (int v = 0; v < 100; ++v)
        text += std::to_string((v + 99) % 100 + 1) + " " + std::to_string((v + 1) % 100 + 1) + "\n";
    return dir.write("ring.graph", text);
}

// Halves of the ring, with `last` as the last vertex's id.
std::string halves_with_last(const ScratchDir& dir, const std::string& name,
                             const std::string& last) {
    std::string text;
    for (int v = 0; v < 99; ++v) text += (v < 50 ? "0\n" : "1\n");
    return dir.write(name, text + last + "\n");
}

void expect_huge_id_refused(const CommandResult& r, const std::string& partition) {
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("error: " + partition +
                         ":100: part id 100000000 is out of range for 100 parts (at most one part "
                         "per vertex: the partition has 100 vertices)"),
              std::string::npos)
        << r.err;
}

void expect_too_many_parts(const CommandResult& r, const std::string& option) {
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("error: " + option + " 100000000 exceeds the graph's 100 vertices"),
              std::string::npos)
        << r.err;
}

} // namespace

TEST(PartCounts, AHugePartIdIsRefusedAtItsLineByEveryTool) {
    ScratchDir dir;
    const std::string graph = ring_graph(dir);
    const std::string bad = halves_with_last(dir, "bad.part", "100000000");
    const std::string good = halves_with_last(dir, "good.part", "1");
    const std::string out = dir.file("out");
    expect_huge_id_refused(run_command(tool("part-stats") + " " + graph + " " + bad), bad);
    expect_huge_id_refused(
        run_command(tool("part-refine") + " " + graph + " " + bad + " -o " + out), bad);
    expect_huge_id_refused(
        run_command(tool("part-plan") + " diff " + bad + " " + good + " -o " + out), bad);
    expect_huge_id_refused(run_command(tool("part-repart") + " " + graph + " " + bad +
                                       " --method gde -o " + out + " --plan " + out + ".plan"),
                           bad);
    EXPECT_FALSE(file_exists(out));
}

TEST(PartCounts, MorePartsThanVerticesIsAUsageErrorInEveryTool) {
    ScratchDir dir;
    const std::string graph = ring_graph(dir);
    const std::string good = halves_with_last(dir, "good.part", "1");
    const std::string out = dir.file("out");
    const std::string k = " -k 100000000";
    expect_too_many_parts(run_command(tool("part-stats") + " " + graph + " " + good + k), "-k");
    expect_too_many_parts(
        run_command(tool("part-refine") + " " + graph + " " + good + k + " -o " + out), "-k");
    expect_too_many_parts(run_command(tool("part-partition") + " " + graph + k + " -o " + out),
                          "-k");
    expect_too_many_parts(run_command(tool("part-repart") + " " + graph + " " + good + k +
                                      " --method gde -o " + out + " --plan " + out + ".plan"),
                          "-k");
    expect_too_many_parts(run_command(tool("part-repart") + " " + graph + " " + good +
                                      " --old-parts 100000000 --method gde -o " + out + " --plan " +
                                      out + ".plan"),
                          "--old-parts");
    expect_too_many_parts(run_command(tool("part-plan") + " diff " + good + " " + good +
                                      " --old-parts 100000000 -o " + out),
                          "--old-parts");
    EXPECT_FALSE(file_exists(out));
}

TEST(PartCounts, ANameAskingForMorePartsThanVerticesIsRefused) {
    ScratchDir dir;
    const std::string graph = ring_graph(dir);
    const std::string named = halves_with_last(dir, "ring.part.100000000", "1");
    auto r = run_command(tool("part-stats") + " " + graph + " " + named);
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("error: " + named + ": the name says 100000000 parts"), std::string::npos)
        << r.err;
}
