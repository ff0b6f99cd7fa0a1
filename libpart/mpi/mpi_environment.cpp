#include "libpart/mpi/mpi_environment.hpp"

#include <cstdlib>
#include <iostream>

namespace part::mpi {

MpiEnvironment::MpiEnvironment(int& argc, char**& argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiEnvironment::~MpiEnvironment() {
    MPI_Finalize();
}

bool launched_by_mpirun() {
    for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"})
        if (std::getenv(name)) return true;
    return false;
}

namespace {
// A stream buffer that accepts and drops everything.
class NullBuffer : public std::streambuf {
  protected:
    int overflow(int c) override { return c; }
};
NullBuffer null_buffer;
} // namespace

QuietUnlessRoot::QuietUnlessRoot(int rank) {
    if (rank == 0) return;
    out_ = std::cout.rdbuf(&null_buffer);
    err_ = std::cerr.rdbuf(&null_buffer);
}

QuietUnlessRoot::~QuietUnlessRoot() {
    if (out_) std::cout.rdbuf(out_);
    if (err_) std::cerr.rdbuf(err_);
}

} // namespace part::mpi
