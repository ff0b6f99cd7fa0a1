// Migration packs each rank's leaving vertices into one MPI_Alltoallv of bytes, whose counts
// are int: a rank that would send more than 2^31 - 1 bytes to one rank must make every rank
// fail with the same clear error before anything is packed (the count used to wrap).
#include <gtest/gtest.h>

#include <vector>

#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/distributed_graph.hpp"

using namespace part;

TEST(MigrateLimits, RecordsPastIntBytesFailOnEveryRank) {
    int rank = 0, ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    if (ranks < 2) GTEST_SKIP() << "needs a second rank to send to";
    // Rank 0 owns one vertex whose offsets claim 2^29 neighbours (2^31 bytes of ids) and sends
    // it to rank 1. The adjacency itself is never read: the count check comes first.
    mpi::DistributedGraph graph;
    graph.global_vertices = 1;
    graph.local.xadj = {0};
    std::vector<int> destination;
    if (rank == 0) {
        graph.global_id = {0};
        graph.local.xadj = {0, EdgeOffset(1) << 29};
        destination = {1};
    }
    EXPECT_THROW(mpi::migrate(MPI_COMM_WORLD, graph, destination), mpi::CollectiveError);
}
