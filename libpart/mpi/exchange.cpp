#include "libpart/mpi/exchange.hpp"

namespace part::mpi {

std::vector<int> exchange_counts(MPI_Comm comm, const std::vector<int>& send_counts) {
    std::vector<int> recv_counts(send_counts.size());
    MPI_Alltoall(send_counts.data(), 1, MPI_INT, recv_counts.data(), 1, MPI_INT, comm);
    return recv_counts;
}

std::vector<int> displacements(const std::vector<int>& counts) {
    std::vector<int> at(counts.size(), 0);
    for (std::size_t r = 1; r < counts.size(); ++r) at[r] = at[r - 1] + counts[r - 1];
    return at;
}

} // namespace part::mpi
