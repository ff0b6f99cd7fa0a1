#include "libpart/mpi/exchange.hpp"

#include <string_view>

namespace part::mpi {

std::vector<int> exchange_counts(MPI_Comm comm, const std::vector<int>& send_counts) {
    std::vector<int> recv_counts(send_counts.size());
    MPI_Alltoall(send_counts.data(), 1, MPI_INT, recv_counts.data(), 1, MPI_INT, comm);
    return recv_counts;
}

namespace {
std::int64_t sent = 0;
} // namespace

std::int64_t bytes_sent() {
    return sent;
}

void count_bytes_sent(std::int64_t bytes) {
    sent += bytes;
}

void count_bytes_sent(MPI_Comm comm, const std::vector<int>& bytes) {
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    for (std::size_t r = 0; r < bytes.size(); ++r)
        if (int(r) != rank) sent += bytes[r];
}

namespace {
std::vector<std::pair<const char*, double>> stages;
} // namespace

StageClock::StageClock(const char* stage) : stage_(stage), start_(MPI_Wtime()) {}

StageClock::~StageClock() {
    const double seconds = MPI_Wtime() - start_;
    for (auto& [name, total] : stages)
        if (std::string_view(name) == stage_) {
            total += seconds;
            return;
        }
    stages.emplace_back(stage_, seconds);
}

std::vector<std::pair<const char*, double>> stage_seconds() {
    return stages;
}

std::vector<int> displacements(const std::vector<int>& counts) {
    std::vector<int> at(counts.size(), 0);
    for (std::size_t r = 1; r < counts.size(); ++r) at[r] = at[r - 1] + counts[r - 1];
    return at;
}

} // namespace part::mpi
