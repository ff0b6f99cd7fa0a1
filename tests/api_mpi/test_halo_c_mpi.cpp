// part_halo_exchange (part/part_mpi.h) under mpiexec: the C call writes, for each ghost, the
// data its owner holds, in part_halo_ghost_ids's order; data that is not the owned ids' is
// refused on every rank.
#include <gtest/gtest.h>

#include <mpi.h>

#include <part/part_mpi.h>
#include <part/part_mpi.hpp>

#include "tests/support/grid_graph.hpp"

namespace {

struct CHaloRanks {
    part::Graph graph = part::test::grid_graph(12, 10);
    std::vector<std::int32_t> part, owned;
    int rank = 0;
    part_halo* halo = nullptr;

    CHaloRanks() {
        int size = 1;
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        MPI_Comm_size(MPI_COMM_WORLD, &size);
        const part::api::GraphView view{.xadj = graph.xadj, .adjncy = graph.adjncy};
        part = part::api::partition(view, size);
        for (std::int32_t v = 0; v < graph.num_vertices(); ++v)
            if (part[v] == rank) owned.push_back(v);
        const part_graph c_graph{graph.num_vertices(),
                                 graph.xadj.data(),
                                 graph.adjncy.data(),
                                 1,
                                 nullptr,
                                 nullptr,
                                 nullptr,
                                 0,
                                 nullptr};
        part_halo_make(&c_graph, part.data(), size, nullptr, rank, &halo);
    }
    ~CHaloRanks() { part_halo_free(halo); }
};

// Three bytes per vertex, so that a mix-up of elements and bytes shows.
std::vector<unsigned char> bytes_of(std::span<const std::int32_t> ids) {
    std::vector<unsigned char> bytes;
    for (std::int32_t v : ids)
        bytes.insert(bytes.end(), {static_cast<unsigned char>(v), static_cast<unsigned char>(v / 7),
                                   static_cast<unsigned char>(255 - v)});
    return bytes;
}

TEST(HaloExchangeCMpi, EachGhostGetsItsOwnersData) {
    const CHaloRanks r;
    ASSERT_NE(r.halo, nullptr) << part_last_error();
    std::int32_t ghosts = 0;
    ASSERT_EQ(part_halo_sizes(r.halo, nullptr, &ghosts), PART_OK);
    std::vector<std::int32_t> ghost_ids(static_cast<std::size_t>(ghosts));
    ASSERT_EQ(part_halo_ghost_ids(r.halo, ghost_ids.data()), PART_OK);
    const auto owned_data = bytes_of(r.owned);
    std::vector<unsigned char> ghost_data(3 * ghost_ids.size() + 1, 0xAB); // one more: not written
    ASSERT_EQ(part_halo_exchange(MPI_COMM_WORLD, r.halo, std::int32_t(r.owned.size()),
                                 r.owned.data(), owned_data.data(), 3, ghost_data.data()),
              PART_OK)
        << part_last_error();
    EXPECT_EQ(ghost_data.back(), 0xAB);
    ghost_data.pop_back();
    EXPECT_EQ(ghost_data, bytes_of(ghost_ids));
}

TEST(HaloExchangeCMpi, DataThatIsNotTheOwnedIdsIsRefusedOnEveryRank) {
    const CHaloRanks r;
    ASSERT_NE(r.halo, nullptr) << part_last_error();
    auto ids = r.owned;
    if (r.rank == 0 && ids.size() > 1) std::swap(ids.front(), ids.back()); // not ascending
    const auto owned_data = bytes_of(ids);
    std::int32_t ghosts = 0;
    part_halo_sizes(r.halo, nullptr, &ghosts);
    std::vector<unsigned char> ghost_data(3 * std::size_t(ghosts));
    EXPECT_EQ(part_halo_exchange(MPI_COMM_WORLD, r.halo, std::int32_t(ids.size()), ids.data(),
                                 owned_data.data(), 3, ghost_data.data()),
              PART_ERROR_INPUT);
    EXPECT_STRNE(part_last_error(), "");
}

// A rank that passes no data, while others pass theirs, gets the error with every other rank
// instead of leaving them waiting in the exchange.
TEST(HaloExchangeCMpi, MissingDataOnOneRankIsAnErrorOnEveryRank) {
    const CHaloRanks r;
    ASSERT_NE(r.halo, nullptr) << part_last_error();
    ASSERT_FALSE(r.owned.empty());
    const auto owned_data = bytes_of(r.owned);
    std::int32_t ghosts = 0;
    part_halo_sizes(r.halo, nullptr, &ghosts);
    std::vector<unsigned char> ghost_data(3 * std::size_t(ghosts));
    EXPECT_EQ(part_halo_exchange(MPI_COMM_WORLD, r.halo, std::int32_t(r.owned.size()),
                                 r.owned.data(), r.rank == 0 ? nullptr : owned_data.data(), 3,
                                 ghost_data.data()),
              PART_ERROR_INPUT);
    EXPECT_STRNE(part_last_error(), "");
}

} // namespace
