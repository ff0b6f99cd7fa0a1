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

// Runs the read on every rank and returns the message each rank caught.
std::string read_error(const std::string& graph, const std::string& partition) {
    try {
        formats::mpi::read_distributed_input(MPI_COMM_WORLD, graph, partition, 0);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

// Every rank caught the same message, containing `expected`.
void expect_all_ranks_failed_with(const std::string& message, const std::string& expected) {
    EXPECT_NE(message.find(expected), std::string::npos) << message;
    std::size_t length = message.size(), shortest = 0, longest = 0;
    MPI_Allreduce(&length, &shortest, 1, MPI_UNSIGNED_LONG, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&length, &longest, 1, MPI_UNSIGNED_LONG, MPI_MAX, MPI_COMM_WORLD);
    EXPECT_EQ(shortest, longest);
}

} // namespace

TEST(CollectiveFailure, BadTokenNearTheEndFailsEveryRankWithItsLine) {
    SharedScratch dir;
    const std::string graph = dir.write("bad.graph", path_graph(190, "188 oops"));
    const std::string old = dir.write("old.part", unit_partition(200));
    expect_all_ranks_failed_with(read_error(graph, old), "bad.graph:190: expected a neighbour id");
}

TEST(CollectiveFailure, BadTokenNearTheStartFailsEveryRank) {
    SharedScratch dir;
    const std::string graph = dir.write("bad.graph", path_graph(3, "1 x3"));
    const std::string old = dir.write("old.part", unit_partition(200));
    expect_all_ranks_failed_with(read_error(graph, old), "bad.graph:3:");
}

TEST(CollectiveFailure, MissingFileFailsEveryRank) {
    SharedScratch dir;
    const std::string old = dir.write("old.part", unit_partition(200));
    expect_all_ranks_failed_with(read_error(dir.file("absent.graph"), old), "absent.graph");
}

TEST(CollectiveFailure, TruncatedGraphFailsEveryRank) {
    SharedScratch dir;
    std::string text = path_graph(0, "");
    text.resize(text.size() / 2);
    text.resize(text.rfind('\n') + 1);
    const std::string graph = dir.write("short.graph", text);
    const std::string old = dir.write("old.part", unit_partition(200));
    expect_all_ranks_failed_with(read_error(graph, old), "vertex lines");
}

TEST(CollectiveFailure, BadPartitionLineFailsEveryRank) {
    SharedScratch dir;
    const std::string graph = dir.write("ok.graph", path_graph(0, ""));
    std::string text = unit_partition(198);
    text.append("-1\n1\n");
    const std::string old = dir.write("old.part", text);
    expect_all_ranks_failed_with(read_error(graph, old), "old.part:199: part id -1 is negative");
}

TEST(CollectiveFailure, ShortPartitionFailsEveryRank) {
    SharedScratch dir;
    const std::string graph = dir.write("ok.graph", path_graph(0, ""));
    const std::string old = dir.write("old.part", unit_partition(150));
    expect_all_ranks_failed_with(read_error(graph, old), "150 lines but the graph has 200");
}
