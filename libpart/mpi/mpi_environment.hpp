#pragma once
// RAII ownership of MPI_Init/MPI_Finalize for the distributed tools and tests.
#include <mpi.h>

#include <iosfwd>
#include <streambuf>

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

// True when this process was started by mpirun/mpiexec (OpenMPI, MPICH or PMIx variables), so
// that a tool run directly does not pay for MPI_Init nor need a launcher.
bool launched_by_mpirun();

// Silences std::cout and std::cerr on every rank but 0 while it lives, so a tool run on P
// ranks prints its report and errors once.
class QuietUnlessRoot {
  public:
    explicit QuietUnlessRoot(int rank);
    ~QuietUnlessRoot();
    QuietUnlessRoot(const QuietUnlessRoot&) = delete;
    QuietUnlessRoot& operator=(const QuietUnlessRoot&) = delete;

  private:
    std::streambuf* out_ = nullptr;
    std::streambuf* err_ = nullptr;
};

} // namespace part::mpi
