// part::api::halo_exchange under mpiexec (1 to 4 ranks): with the schedule of halo_schedule,
// each rank receives, for each of its ghosts (the neighbours of its vertices on other ranks),
// the value the owner holds.
#include <gtest/gtest.h>

#include <mpi.h>

#include <set>

#include <part/part_mpi.hpp>

#include "tests/support/grid_graph.hpp"

namespace {

struct Halo {
    part::Graph graph = part::test::grid_graph(13, 9);
    std::vector<std::int32_t> part, rank_of_part;
    int rank = 0;
    part::api::HaloSchedule schedule;

    Halo() {
        int size = 1;
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        MPI_Comm_size(MPI_COMM_WORLD, &size);
        const part::api::GraphView view{
            .xadj = graph.xadj, .adjncy = graph.adjncy, .dim = 2, .coords = graph.coords.values};
        part = part::api::partition(view, size, {.method = "rcb"});
        for (int q = 0; q < size; ++q) rank_of_part.push_back((q + 1) % size);
        schedule = part::api::halo_schedule(view, part, rank_of_part, rank);
    }

    std::vector<std::int32_t> owned() const {
        std::vector<std::int32_t> ids;
        for (std::int32_t v = 0; v < graph.num_vertices(); ++v)
            if (rank_of_part[part[v]] == rank) ids.push_back(v);
        return ids;
    }
};

// Two values per vertex, so that a mix-up of elements and values shows.
std::vector<std::int64_t> values_of(std::span<const std::int32_t> ids) {
    std::vector<std::int64_t> values;
    for (std::int32_t v : ids) values.insert(values.end(), {v * 1000 + 7, -v});
    return values;
}

TEST(HaloExchangeMpi, GhostsAreTheNeighboursOnOtherRanks) {
    const Halo halo;
    std::set<std::int32_t> expected;
    for (std::int32_t v : halo.owned())
        for (auto e = halo.graph.xadj[v]; e < halo.graph.xadj[v + 1]; ++e) {
            const std::int32_t u = halo.graph.adjncy[e];
            if (halo.rank_of_part[halo.part[u]] != halo.rank) expected.insert(u);
        }
    const auto ghosts = part::api::ghost_ids(halo.schedule);
    EXPECT_EQ(std::set<std::int32_t>(ghosts.begin(), ghosts.end()), expected);
}

TEST(HaloExchangeMpi, EachGhostGetsItsOwnersValues) {
    const Halo halo;
    const auto owned = halo.owned();
    const auto owned_values = values_of(owned);
    const auto ghosts = part::api::halo_exchange<std::int64_t>(MPI_COMM_WORLD, halo.schedule, owned,
                                                               owned_values, 2);
    EXPECT_EQ(ghosts, values_of(part::api::ghost_ids(halo.schedule)));
}

TEST(HaloExchangeMpi, DataThatIsNotTheOwnedIdsIsRefusedOnEveryRank) {
    const Halo halo;
    const auto owned = halo.owned();
    const auto owned_values = values_of(owned);
    const auto ids =
        halo.rank == 0 ? std::vector<std::int32_t>(owned.rbegin(), owned.rend()) : owned;
    EXPECT_THROW(
        part::api::halo_exchange<std::int64_t>(MPI_COMM_WORLD, halo.schedule, ids, owned_values, 2),
        part::api::Error);
}

} // namespace
