// MPI takes counts and displacements as int: an exchange or gather whose byte counts do not
// fit must fail on every rank with a clear error, not wrap (wrong data, or an abort inside
// MPI) and not leave ranks waiting in the collective.
#include <gtest/gtest.h>
#include <sys/mman.h>

#include <cstddef>
#include <span>
#include <vector>

#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/exchange.hpp"

using namespace part::mpi;

namespace {

// 1 MiB elements: 2048 of them are 2^31 bytes, one past MPI's int.
struct MiB {
    char bytes[1 << 20];
};

// `bytes` of readable address space that costs no memory (never touched).
struct Reserved {
    explicit Reserved(std::size_t bytes)
        : size(bytes), data(::mmap(nullptr, bytes, PROT_READ,
                                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)) {}
    ~Reserved() {
        if (data != MAP_FAILED) ::munmap(data, size);
    }
    std::size_t size;
    void* data;
};

int comm_size() {
    int ranks = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    return ranks;
}

} // namespace

TEST(ExchangeLimits, ByteCountPastIntFailsOnEveryRank) {
    const std::vector<int> counts(std::size_t(comm_size()), 2048);
    EXPECT_THROW(exchange<MiB>(MPI_COMM_WORLD, std::span<const MiB>(), counts,
                               exchange_counts(MPI_COMM_WORLD, counts)),
                 CollectiveError);
}

TEST(ExchangeLimits, OnlyRankZerosTooLargeMessageFailsEveryRank) {
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::vector<int> counts(std::size_t(comm_size()), 0);
    if (rank == 0) counts[0] = 2048;
    EXPECT_THROW(exchange<MiB>(MPI_COMM_WORLD, std::span<const MiB>(), counts,
                               exchange_counts(MPI_COMM_WORLD, counts)),
                 CollectiveError);
}

TEST(ExchangeLimits, FittingExchangeStillRuns) {
    const int ranks = comm_size();
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::vector<int> send(std::size_t(ranks), rank);
    const std::vector<int> counts(std::size_t(ranks), 1);
    const std::vector<int> got =
        exchange<int>(MPI_COMM_WORLD, send, counts, exchange_counts(MPI_COMM_WORLD, counts));
    ASSERT_EQ(got.size(), std::size_t(ranks));
    for (int r = 0; r < ranks; ++r) EXPECT_EQ(got[std::size_t(r)], r);
}

TEST(ExchangeLimits, GatheredPiecePastIntFailsOnEveryRank) {
    const Reserved space(std::size_t(1) << 31);
    ASSERT_NE(space.data, MAP_FAILED);
    const std::span<const char> piece(static_cast<const char*>(space.data), space.size);
    EXPECT_THROW(gather_pieces<char>(MPI_COMM_WORLD, piece), CollectiveError);
}
