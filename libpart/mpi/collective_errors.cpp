#include "libpart/mpi/collective_errors.hpp"

#include "libpart/mpi/exchange.hpp"

namespace part::mpi {

void agree_on_failure(MPI_Comm comm, const std::string* local_error) {
    const int rank = rank_of(comm), size = size_of(comm);
    int mine = local_error ? rank : size, first = size;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm);
    if (first == size) return;
    std::string message = rank == first ? *local_error : std::string();
    broadcast(comm, message, first);
    throw CollectiveError(message);
}

} // namespace part::mpi
