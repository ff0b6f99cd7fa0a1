// GoogleTest main for tests run under mpiexec: every rank runs every test, and the exit code
// is non-zero on all ranks when any rank failed, so ctest sees one verdict.
#include <gtest/gtest.h>

#include "libpart/mpi/mpi_environment.hpp"

int main(int argc, char** argv) {
    part::mpi::MpiEnvironment mpi(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    if (mpi.rank() != 0) {
        auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
        delete listeners.Release(listeners.default_result_printer());
    }
    int local_failed = RUN_ALL_TESTS() != 0;
    int any_failed = 0;
    MPI_Allreduce(&local_failed, &any_failed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return any_failed;
}
