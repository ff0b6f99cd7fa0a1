// The C interface's halo handle (part/part.h): part_halo_make gives C++'s halo_schedule list for
// list, the owned-rows form gives the same, and bad calls give a code and a message.
#include <gtest/gtest.h>

#include <part/part.h>
#include <part/part.hpp>

#include "tests/support/grid_graph.hpp"

namespace {

struct CHaloGrid {
    part::Graph graph = part::test::grid_graph(9, 8);
    part::api::GraphView view{.xadj = graph.xadj, .adjncy = graph.adjncy};
    std::vector<std::int32_t> part = part::api::partition(view, 3);
    std::vector<std::int32_t> rank_of_part{1, 2, 0};
    part_graph c_graph{graph.num_vertices(),
                       graph.xadj.data(),
                       graph.adjncy.data(),
                       1,
                       nullptr,
                       nullptr,
                       nullptr,
                       0,
                       nullptr};
};

// The handle's schedule, read back through the accessors.
part::api::HaloSchedule schedule_of(const part_halo* halo) {
    part::api::HaloSchedule schedule;
    std::int32_t neighbours = -1, ghosts = -1;
    EXPECT_EQ(part_halo_sizes(halo, &neighbours, &ghosts), PART_OK) << part_last_error();
    for (std::int32_t k = 0; k < neighbours; ++k) {
        part::api::HaloNeighbour neighbour;
        std::int32_t sends = 0, receives = 0;
        const std::int32_t *send = nullptr, *receive = nullptr;
        EXPECT_EQ(part_halo_neighbour(halo, k, &neighbour.rank, &sends, &send, &receives, &receive),
                  PART_OK);
        neighbour.send.assign(send, send + sends);
        neighbour.receive.assign(receive, receive + receives);
        schedule.neighbours.push_back(neighbour);
    }
    return schedule;
}

TEST(HaloC, EveryRanksScheduleIsTheCppOne) {
    const CHaloGrid grid;
    for (std::int32_t rank = 0; rank < 3; ++rank) {
        part_halo* halo = nullptr;
        ASSERT_EQ(part_halo_make(&grid.c_graph, grid.part.data(), 3, grid.rank_of_part.data(), rank,
                                 &halo),
                  PART_OK)
            << part_last_error();
        const auto expected =
            part::api::halo_schedule(grid.view, grid.part, grid.rank_of_part, rank);
        EXPECT_FALSE(expected.neighbours.empty());
        EXPECT_EQ(schedule_of(halo), expected) << "rank " << rank;
        std::int32_t ghosts = 0;
        ASSERT_EQ(part_halo_sizes(halo, nullptr, &ghosts), PART_OK);
        std::vector<std::int32_t> ids(std::size_t(ghosts) + 1, -1); // one more: not written
        ASSERT_EQ(part_halo_ghost_ids(halo, ids.data()), PART_OK);
        EXPECT_EQ(ids.back(), -1);
        ids.pop_back();
        EXPECT_EQ(ids, part::api::ghost_ids(expected));
        part_halo_free(halo);
    }
}

TEST(HaloC, OwnedRowsGiveTheWholeGraphsSchedule) {
    const CHaloGrid grid;
    const std::int32_t rank = 2;
    std::vector<std::int32_t> ids, neighbours;
    std::vector<std::int64_t> offsets{0};
    for (std::int32_t v = 0; v < grid.graph.num_vertices(); ++v) {
        if (grid.rank_of_part[grid.part[v]] != rank) continue;
        ids.push_back(v);
        for (auto e = grid.graph.xadj[v]; e < grid.graph.xadj[v + 1]; ++e)
            neighbours.push_back(grid.graph.adjncy[e]);
        offsets.push_back(std::int64_t(neighbours.size()));
    }
    part_halo *from_rows = nullptr, *from_graph = nullptr;
    ASSERT_EQ(part_halo_make_rows(std::int32_t(ids.size()), ids.data(), offsets.data(),
                                  neighbours.data(), grid.graph.num_vertices(), grid.part.data(), 3,
                                  grid.rank_of_part.data(), rank, &from_rows),
              PART_OK)
        << part_last_error();
    ASSERT_EQ(part_halo_make(&grid.c_graph, grid.part.data(), 3, grid.rank_of_part.data(), rank,
                             &from_graph),
              PART_OK);
    EXPECT_EQ(schedule_of(from_rows), schedule_of(from_graph));
    part_halo_free(from_rows);
    part_halo_free(from_graph);
}

TEST(HaloC, BadCallsGiveAnInputErrorAndAMessage) {
    const CHaloGrid grid;
    part_halo* halo = nullptr;
    EXPECT_EQ(part_halo_make(&grid.c_graph, nullptr, 3, nullptr, 0, &halo), PART_ERROR_INPUT);
    EXPECT_NE(std::string(part_last_error()).find("part"), std::string::npos) << part_last_error();
    EXPECT_EQ(halo, nullptr);
    ASSERT_EQ(part_halo_make(&grid.c_graph, grid.part.data(), 3, nullptr, 0, &halo), PART_OK);
    std::int32_t neighbours = 0;
    ASSERT_EQ(part_halo_sizes(halo, &neighbours, nullptr), PART_OK);
    EXPECT_EQ(part_halo_neighbour(halo, neighbours, nullptr, nullptr, nullptr, nullptr, nullptr),
              PART_ERROR_INPUT);
    EXPECT_NE(std::string(part_last_error()).find("neighbour"), std::string::npos);
    EXPECT_EQ(part_halo_sizes(nullptr, &neighbours, nullptr), PART_ERROR_INPUT);
    part_halo_free(halo);
    part_halo_free(nullptr); // like free(NULL)
}

} // namespace
