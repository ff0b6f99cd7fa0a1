#include <gtest/gtest.h>
#include <mpi.h>

// The MPI wiring works: every rank sees the same world size and a collective agrees.
TEST(MpiEnvironment, RanksAgreeOnAllreduce) {
    int rank = -1, size = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    ASSERT_GE(rank, 0);
    ASSERT_LT(rank, size);
    int sum = 0;
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    EXPECT_EQ(sum, size * (size - 1) / 2);
}
