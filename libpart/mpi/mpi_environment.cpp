#include "libpart/mpi/mpi_environment.hpp"

namespace part::mpi {

MpiEnvironment::MpiEnvironment(int& argc, char**& argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiEnvironment::~MpiEnvironment() {
    MPI_Finalize();
}

} // namespace part::mpi
