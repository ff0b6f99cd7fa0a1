#include "libpart/mpi/collective_errors.hpp"

namespace part::mpi {

void agree_on_failure(MPI_Comm comm, const std::string* local_error) {
    int rank = 0, size = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    int mine = local_error ? rank : size, first = size;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm);
    if (first == size) return;
    std::string message = rank == first ? *local_error : std::string();
    long long length = static_cast<long long>(message.size());
    MPI_Bcast(&length, 1, MPI_LONG_LONG, first, comm);
    message.resize(static_cast<std::size_t>(length));
    MPI_Bcast(message.data(), int(length), MPI_CHAR, first, comm);
    throw CollectiveError(message);
}

} // namespace part::mpi
