#include "libpart/mpi/exchange.hpp"

#include <limits>
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
    const int rank = rank_of(comm);
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

std::string byte_layout(const std::vector<int>& counts, std::size_t element_bytes,
                        std::vector<int>& bytes, std::vector<int>& at) {
    constexpr std::int64_t kMax = std::numeric_limits<int>::max();
    std::vector<int> b(counts.size()), a(counts.size(), 0);
    std::int64_t next = 0; // displacement of the next rank's block
    for (std::size_t r = 0; r < counts.size(); ++r) {
        if (counts[r] < 0 || std::int64_t(counts[r]) > kMax / std::int64_t(element_bytes))
            return "a message of " + std::to_string(counts[r]) + " elements of " +
                   std::to_string(element_bytes) +
                   " bytes does not fit MPI's int byte count (2^31 - 1 bytes): use more ranks";
        if (next > kMax)
            return "the messages of one exchange pass 2^31 - 1 bytes, more than MPI's int "
                   "displacements address: use more ranks";
        b[r] = int(std::int64_t(counts[r]) * std::int64_t(element_bytes));
        a[r] = int(next);
        next += b[r];
    }
    bytes = std::move(b);
    at = std::move(a);
    return {};
}

} // namespace part::mpi
