#include "libpart/mpi/rank_network.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

#include "libpart/core/error.hpp"
#include "libpart/mpi/vertex_directory.hpp"

namespace part::mpi {

namespace {

// What a rank tells each neighbour in one colouring round.
struct ColouringNews {
    std::int32_t low = -1, high = -1;    // smallest uncoloured link at the sender, or -1
    std::array<std::uint64_t, 4> used{}; // colours used at the sender
};

bool used(const ColouringNews& news, int colour) {
    return (news.used[std::size_t(colour / 64)] >> (colour % 64)) & 1u;
}

void mark(ColouringNews& news, int colour) {
    news.used[std::size_t(colour / 64)] |= std::uint64_t(1) << (colour % 64);
}

} // namespace

std::vector<int> neighbour_ranks(MPI_Comm comm, const DistributedGraph& graph,
                                 const std::vector<VertexId>& block_start,
                                 std::span<const int> block_owner) {
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    const std::vector<VertexId> ghosts = ghost_vertices(graph);
    const std::vector<std::int32_t> owners =
        look_up_in_blocks(comm, ghosts, block_start, block_owner);
    std::vector<int> neighbours;
    for (int owner : owners)
        if (owner != rank) neighbours.push_back(owner);
    std::sort(neighbours.begin(), neighbours.end());
    neighbours.erase(std::unique(neighbours.begin(), neighbours.end()), neighbours.end());
    return neighbours;
}

RankColouring colour_rank_links(MPI_Comm comm, const std::vector<int>& neighbours) {
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    const std::size_t degree = neighbours.size();
    RankColouring result;
    result.colour.assign(degree, -1);
    ColouringNews mine;
    std::vector<ColouringNews> theirs(degree);
    std::vector<MPI_Request> requests(2 * degree);
    for (int round = 0;; ++round) {
        // Links are (min, max) pairs; neighbours are ascending, so the first uncoloured one
        // is the smallest link at this rank.
        mine.low = mine.high = -1;
        for (std::size_t i = 0; i < degree; ++i)
            if (result.colour[i] < 0) {
                mine.low = std::min(rank, neighbours[i]);
                mine.high = std::max(rank, neighbours[i]);
                break;
            }
        int left = mine.low >= 0, any_left = 0;
        MPI_Allreduce(&left, &any_left, 1, MPI_INT, MPI_MAX, comm);
        if (!any_left) break;
        for (std::size_t i = 0; i < degree; ++i) {
            MPI_Irecv(&theirs[i], int(sizeof(ColouringNews)), MPI_BYTE, neighbours[i], round, comm,
                      &requests[2 * i]);
            MPI_Isend(&mine, int(sizeof(ColouringNews)), MPI_BYTE, neighbours[i], round, comm,
                      &requests[2 * i + 1]);
        }
        MPI_Waitall(int(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
        for (std::size_t i = 0; i < degree; ++i) {
            const int low = std::min(rank, neighbours[i]), high = std::max(rank, neighbours[i]);
            if (result.colour[i] >= 0 || mine.low != low || mine.high != high ||
                theirs[i].low != low || theirs[i].high != high)
                continue;
            int colour = 0;
            while (used(mine, colour) || used(theirs[i], colour)) ++colour;
            if (colour >= 256) throw InvalidArgument("too many colours for a rank's links");
            result.colour[i] = colour;
            mark(mine, colour);
        }
    }
    int most = 0;
    for (int c : result.colour) most = std::max(most, c + 1);
    MPI_Allreduce(&most, &result.num_colours, 1, MPI_INT, MPI_MAX, comm);
    return result;
}

} // namespace part::mpi
