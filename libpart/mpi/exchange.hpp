#pragma once
// All-to-all exchange of flat arrays (MPI_Alltoallv): the data for each destination rank is
// one contiguous block, sent in one message; the received blocks arrive in source-rank order.
#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numeric>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "libpart/mpi/collective_errors.hpp"

namespace part::mpi {

inline int rank_of(MPI_Comm comm) {
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    return rank;
}

inline int size_of(MPI_Comm comm) {
    int size = 1;
    MPI_Comm_size(comm, &size);
    return size;
}

// Collective: the sum over the ranks of `value`, on every rank.
inline long long sum_over_ranks(MPI_Comm comm, long long value) {
    MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_LONG_LONG, MPI_SUM, comm);
    return value;
}

// Collective: the largest over the ranks of `value`, on every rank.
inline int max_over_ranks(MPI_Comm comm, int value) {
    MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_INT, MPI_MAX, comm);
    return value;
}

// Collective: whether `mine` holds on some rank.
inline bool any_rank(MPI_Comm comm, bool mine) {
    return max_over_ranks(comm, mine) != 0;
}

// Counts per source rank, given counts per destination rank (one MPI_Alltoall).
std::vector<int> exchange_counts(MPI_Comm comm, const std::vector<int>& send_counts);

// Collective. Gives every rank `root`'s `values` (a std::string or a std::vector of trivially
// copyable values).
template <typename Container> void broadcast(MPI_Comm comm, Container& values, int root = 0) {
    long long count = static_cast<long long>(values.size());
    MPI_Bcast(&count, 1, MPI_LONG_LONG, root, comm);
    values.resize(std::size_t(count));
    MPI_Bcast(values.data(), int(values.size() * sizeof(values[0])), MPI_BYTE, root, comm);
}

// Bytes this process has sent to other ranks through exchange() and gather_pieces(): the
// data moved (vertices, rows, profiles, plans); the small collectives of counts, flags and
// decisions are not counted.
std::int64_t bytes_sent();
// Adds what a send of `bytes` per destination rank carries to other ranks.
void count_bytes_sent(MPI_Comm comm, const std::vector<int>& bytes);
void count_bytes_sent(std::int64_t bytes);

// Wall time this process spent per named stage of a distributed run (what -v reports): a
// StageClock adds the time from its construction to its destruction to its stage. Stages may
// nest (an outer stage includes its inner ones).
class StageClock {
  public:
    explicit StageClock(const char* stage);
    ~StageClock();
    StageClock(const StageClock&) = delete;
    StageClock& operator=(const StageClock&) = delete;

  private:
    const char* stage_;
    double start_;
};
// (stage, seconds) in the order the stages first ran.
std::vector<std::pair<const char*, double>> stage_seconds();

// Displacements (exclusive prefix sums) of counts.
std::vector<int> displacements(const std::vector<int>& counts);

// MPI byte counts and displacements for `counts` elements of `element_bytes` each. MPI takes
// them as int: on a large graph a rank's share can pass 2^31 bytes, and a wrapped count would
// send the wrong data or fail inside MPI. Returns "" when all fit, else what does not.
std::string byte_layout(const std::vector<int>& counts, std::size_t element_bytes,
                        std::vector<int>& bytes, std::vector<int>& at);

// Sends send[displacements(send_counts)[r] ..] (send_counts[r] elements) to rank r; returns
// what every rank sent to this one, by source rank. recv_counts from exchange_counts.
template <typename T>
requires std::is_trivially_copyable_v<T> std::vector<T>
exchange(MPI_Comm comm, std::span<const T> send, const std::vector<int>& send_counts,
         const std::vector<int>& recv_counts) {
    std::vector<int> send_bytes, send_at, recv_bytes, recv_at;
    std::string problem = byte_layout(send_counts, sizeof(T), send_bytes, send_at);
    if (problem.empty()) problem = byte_layout(recv_counts, sizeof(T), recv_bytes, recv_at);
    // Collective, so that no rank waits in MPI_Alltoallv for one that cannot take part.
    agree_on_failure(comm, problem.empty() ? nullptr : &problem);
    std::vector<T> received(
        std::size_t(std::accumulate(recv_counts.begin(), recv_counts.end(), 0LL)));
    count_bytes_sent(comm, send_bytes);
    MPI_Alltoallv(send.data(), send_bytes.data(), send_at.data(), MPI_BYTE, received.data(),
                  recv_bytes.data(), recv_at.data(), MPI_BYTE, comm);
    return received;
}

// Appends `count` values as raw bytes, for messages of mixed records; take() reads them back
// in the same order.
template <typename T> void put(std::vector<char>& out, const T* values, std::size_t count) {
    const auto* bytes = reinterpret_cast<const char*>(values);
    out.insert(out.end(), bytes, bytes + count * sizeof(T));
}

template <typename T> const char* take(const char* in, T* values, std::size_t count) {
    // An empty vector's data() may be null, which memcpy must not get even for no bytes.
    if (count != 0) std::memcpy(values, in, count * sizeof(T));
    return in + count * sizeof(T);
}

// Items grouped by destination rank, as exchange() sends them.
template <typename T> struct Outbox {
    std::vector<T> items;          // by destination rank, in input order within each
    std::vector<int> counts;       // per destination rank
    std::vector<std::size_t> slot; // where each input item went in `items`
};

// Groups items[i] (a vector or span) by destination rank destination(i): a stable counting sort.
template <typename Items, typename Destination>
auto group_by_rank(const Items& items, int ranks, Destination destination) {
    using T = std::remove_cvref_t<decltype(items[0])>;
    Outbox<T> out{std::vector<T>(items.size()), std::vector<int>(std::size_t(ranks), 0),
                  std::vector<std::size_t>(items.size())};
    std::vector<int> to(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) ++out.counts[to[i] = destination(i)];
    std::vector<int> next = displacements(out.counts);
    for (std::size_t i = 0; i < items.size(); ++i) {
        out.slot[i] = std::size_t(next[to[i]]++);
        out.items[out.slot[i]] = items[i];
    }
    return out;
}

// Collective. Sends out.items to their ranks; returns what this rank received, by source
// rank, and in `sources` (when given) the source rank of each received item.
template <typename T>
std::vector<T> send_outbox(MPI_Comm comm, const Outbox<T>& out,
                           std::vector<int>* sources = nullptr) {
    const std::vector<int> in_counts = exchange_counts(comm, out.counts);
    if (sources)
        for (std::size_t r = 0; r < in_counts.size(); ++r)
            sources->insert(sources->end(), in_counts[r], int(r));
    return exchange<T>(comm, out.items, out.counts, in_counts);
}

// Collective. Sends each question to rank destination(i); `answer` turns the questions this
// rank received (by source rank) into one answer each. Returns the answer to each question,
// in the order asked. Two MPI_Alltoallv.
template <typename A, typename Questions, typename Destination, typename Answer>
std::vector<A> ask_ranks(MPI_Comm comm, const Questions& questions, Destination destination,
                         Answer answer) {
    const auto out = group_by_rank(questions, size_of(comm), destination);
    using Q = typename decltype(out.items)::value_type;
    const std::vector<int> in_counts = exchange_counts(comm, out.counts);
    const std::vector<A> answers = answer(exchange<Q>(comm, out.items, out.counts, in_counts));
    const std::vector<A> replies = exchange<A>(comm, answers, in_counts, out.counts);
    std::vector<A> result(questions.size());
    for (std::size_t i = 0; i < questions.size(); ++i) result[i] = replies[out.slot[i]];
    return result;
}

// Collective. This rank holds rows first_row.. (width values each) of a global array; returns
// the rows of this rank's block [block_start[rank], block_start[rank + 1]). The blocks are
// contiguous, so each rank sends at most a few contiguous pieces, in one MPI_Alltoallv.
template <typename T>
std::vector<T> move_rows_to_blocks(MPI_Comm comm, std::span<const T> rows, int width,
                                   std::int64_t first_row,
                                   const std::vector<std::int32_t>& block_start) {
    const int ranks = int(block_start.size()) - 1;
    const std::int64_t count = std::int64_t(rows.size()) / width, last_row = first_row + count;
    std::vector<int> send_counts(std::size_t(ranks), 0);
    for (int r = 0; r < ranks; ++r) {
        const std::int64_t lo = std::max<std::int64_t>(first_row, block_start[r]);
        const std::int64_t hi = std::min<std::int64_t>(last_row, block_start[r + 1]);
        const std::int64_t values = hi > lo ? (hi - lo) * width : 0;
        // Too many for an int: -1, which exchange() reports on every rank.
        send_counts[r] = values > std::numeric_limits<int>::max() ? -1 : int(values);
    }
    return exchange<T>(comm, rows, send_counts, exchange_counts(comm, send_counts));
}

// Collective. The concatenation over ranks (rank order) of every rank's `piece`, on every
// rank: MPI_Allgatherv. For small pieces (samples, message tables).
template <typename T>
requires std::is_trivially_copyable_v<T> std::vector<T>
all_gather_pieces(MPI_Comm comm, std::span<const T> piece) {
    const int ranks = size_of(comm);
    const int bytes = int(piece.size() * sizeof(T));
    std::vector<int> counts(std::size_t(ranks), 0);
    MPI_Allgather(&bytes, 1, MPI_INT, counts.data(), 1, MPI_INT, comm);
    const std::vector<int> at = displacements(counts);
    std::vector<T> all(std::size_t(at.back() + counts.back()) / sizeof(T));
    MPI_Allgatherv(piece.data(), bytes, MPI_BYTE, all.data(), counts.data(), at.data(), MPI_BYTE,
                   comm);
    return all;
}

// Collective. The concatenation over ranks (rank order) of every rank's `piece`, on `root`
// only (empty elsewhere): MPI_Gatherv.
template <typename T>
requires std::is_trivially_copyable_v<T> std::vector<T>
gather_pieces(MPI_Comm comm, std::span<const T> piece, int root = 0) {
    const int rank = rank_of(comm), ranks = size_of(comm);
    const std::vector<int> elements(
        1, piece.size() > std::size_t(std::numeric_limits<int>::max()) ? -1 : int(piece.size()));
    std::vector<int> own_bytes, unused;
    std::string problem = byte_layout(elements, sizeof(T), own_bytes, unused);
    int bytes = problem.empty() ? own_bytes[0] : 0;
    std::vector<int> counts(std::size_t(ranks), 0);
    MPI_Gather(&bytes, 1, MPI_INT, counts.data(), 1, MPI_INT, root, comm);
    std::vector<int> at;
    if (rank == root && problem.empty()) problem = byte_layout(counts, 1, counts, at);
    // Collective, so that no rank waits in MPI_Gatherv for one that cannot take part.
    agree_on_failure(comm, problem.empty() ? nullptr : &problem);
    std::vector<T> all;
    if (rank == root)
        all.resize(std::size_t(std::accumulate(counts.begin(), counts.end(), 0LL)) / sizeof(T));
    else
        at.assign(std::size_t(ranks), 0);
    if (rank != root) count_bytes_sent(bytes);
    MPI_Gatherv(piece.data(), bytes, MPI_BYTE, all.data(), counts.data(), at.data(), MPI_BYTE, root,
                comm);
    return all;
}

} // namespace part::mpi
