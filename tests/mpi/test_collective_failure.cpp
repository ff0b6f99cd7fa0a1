// A rank that fails to read its part of an input makes every rank throw the same error
// (file and line), so no rank waits in a collective and nothing is written.
#include <gtest/gtest.h>

#include "formats/mpi/distributed_chaco.hpp"
#include "libpart/mpi/collective_errors.hpp"
#include "tests/mpi/shared_scratch.hpp"

using namespace part;
using namespace part::test;

namespace {

// A path of 200 unit vertices; line `bad` (1-based file line) is replaced by `replacement`.
std::string path_graph(int bad_line, const std::string& replacement) {
    const int n = 200;
    std::string text = "200 199\n";
    for (int v = 0; v < n; ++v) {
        std::string line;
        if (v > 0) line = std::to_string(v);
        if (v > 0 && v + 1 < n) line += ' ';
        if (v + 1 < n) line += std::to_string(v + 2);
        text.append(v + 2 == bad_line ? replacement : line).push_back('\n');
    }
    return text;
}

std::string unit_partition(int n) {
    std::string text;
    for (int v = 0; v < n; ++v) text += std::to_string(v % 2) + "\n";
    return text;
}

// Writes the two files, runs the read on every rank and checks that every rank caught the
// same message, containing `expected`.
void expect_all_ranks_fail(const std::string& graph_text, const std::string& partition_text,
                           const std::string& expected) {
    SharedScratch dir;
    const std::string graph =
        graph_text.empty() ? dir.file("absent.graph") : dir.write("in.graph", graph_text);
    const std::string partition = dir.write("old.part", partition_text);
    std::string message;
    try {
        formats::mpi::read_distributed_input(MPI_COMM_WORLD, graph, partition, 0);
    } catch (const Error& e) {
        message = e.what();
    }
    EXPECT_NE(message.find(expected), std::string::npos) << message;
    std::size_t length = message.size(), shortest = 0, longest = 0;
    MPI_Allreduce(&length, &shortest, 1, MPI_UNSIGNED_LONG, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&length, &longest, 1, MPI_UNSIGNED_LONG, MPI_MAX, MPI_COMM_WORLD);
    EXPECT_EQ(shortest, longest);
}

std::string truncated(std::string text) {
    text.resize(text.size() / 2);
    text.resize(text.rfind('\n') + 1);
    return text;
}

} // namespace

TEST(CollectiveFailure, BadTokenNearTheEndFailsEveryRankWithItsLine) {
    expect_all_ranks_fail(path_graph(190, "188 oops"), unit_partition(200),
                          "in.graph:190: expected a neighbour id");
}

TEST(CollectiveFailure, BadTokenNearTheStartFailsEveryRank) {
    expect_all_ranks_fail(path_graph(3, "1 x3"), unit_partition(200), "in.graph:3:");
}

TEST(CollectiveFailure, MissingFileFailsEveryRank) {
    expect_all_ranks_fail("", unit_partition(200), "absent.graph");
}

TEST(CollectiveFailure, TruncatedGraphFailsEveryRank) {
    expect_all_ranks_fail(truncated(path_graph(0, "")), unit_partition(200), "vertex lines");
}

TEST(CollectiveFailure, BadPartitionLineFailsEveryRank) {
    expect_all_ranks_fail(path_graph(0, ""), unit_partition(198).append("-1\n1\n"),
                          "old.part:199: part id -1 is negative");
}

TEST(CollectiveFailure, ShortPartitionFailsEveryRank) {
    expect_all_ranks_fail(path_graph(0, ""), unit_partition(150),
                          "150 lines but the graph has 200");
}

TEST(CollectiveFailure, AsymmetricAdjacencyAcrossRanksFailsEveryRank) {
    // Vertex 100 lists 98 instead of 99: the edge count still matches the header.
    expect_all_ranks_fail(path_graph(101, "98 101"), unit_partition(200), "does not list");
}

TEST(CollectiveFailure, AsymmetryOnlyInUncheckedEntriesFailsEveryRank) {
    // Vertex 100 lists 98 too and vertex 151 drops 150 (0-based: 99 -> 97 added, 150 -> 149
    // gone). Every entry the first pass checks (a -> b with a < b when a + b is even, a > b
    // when it is odd) still has its mirror; 99 -> 97 and 149 -> 150 do not, which only the
    // counts reveal. The edge count still matches the header.
    std::string text = path_graph(101, "99 101 98");
    const std::string row151 = "\n150 152\n";
    text.replace(text.find(row151), row151.size(), "\n152\n");
    expect_all_ranks_fail(text, unit_partition(200), "does not list");
}

TEST(CollectiveFailure, DuplicateNeighbourFailsEveryRankWithItsLine) {
    expect_all_ranks_fail(path_graph(101, "99 101 99"), unit_partition(200),
                          "in.graph:101: vertex 100 lists neighbour 99 more than once");
}

// Found by scripts/mutation_run.py: a rank out of memory made every rank print
// "error: std::bad_alloc", the runtime's text, where the serial tools say "out of memory".
TEST(CollectiveFailure, OutOfMemoryOnOneRankSaysSoOnEveryRank) {
    int rank = 0, size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    std::string message;
    try {
        part::mpi::collectively(MPI_COMM_WORLD, [&] {
            if (rank == size - 1) throw std::bad_alloc();
        });
    } catch (const part::mpi::CollectiveError& e) {
        message = e.what();
    }
    EXPECT_EQ(message, "out of memory");
}
