#pragma once
// RAII ownership of MPI_Init/MPI_Finalize for the distributed tools and tests.
#include <mpi.h>

namespace part::mpi {

class MpiEnvironment {
  public:
    MpiEnvironment(int& argc, char**& argv);
    ~MpiEnvironment();
    MpiEnvironment(const MpiEnvironment&) = delete;
    MpiEnvironment& operator=(const MpiEnvironment&) = delete;

    int rank() const { return rank_; }
    int size() const { return size_; }

  private:
    int rank_ = 0;
    int size_ = 1;
};

} // namespace part::mpi
