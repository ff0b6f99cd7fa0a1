// part::api::halo_schedule: both sides of a message list the same ids in the same order
// (Kaddoura & Ranka's schedule_sort), the owned-rows form gives what the whole graph gives, and
// bad input is refused naming it.
#include <gtest/gtest.h>

#include <part/part.hpp>

#include "tests/support/grid_graph.hpp"

namespace {

struct Split {
    part::Graph graph = part::test::grid_graph(11, 7);
    part::api::GraphView view{.xadj = graph.xadj, .adjncy = graph.adjncy};
    std::vector<std::int32_t> part = part::api::partition(view, 4);
    std::vector<std::int32_t> rank_of_part{2, 0, 3, 1};

    part::api::HaloSchedule of(std::int32_t rank) const {
        return part::api::halo_schedule(view, part, rank_of_part, rank);
    }
};

const part::api::HaloNeighbour* find(const part::api::HaloSchedule& s, std::int32_t rank) {
    for (const auto& neighbour : s.neighbours)
        if (neighbour.rank == rank) return &neighbour;
    return nullptr;
}

TEST(HaloSchedule, WhatOneRankSendsIsWhatItsNeighbourReceivesInTheSameOrder) {
    const Split split;
    int messages = 0;
    for (std::int32_t r = 0; r < 4; ++r)
        for (const auto& to : split.of(r).neighbours) {
            const auto theirs = split.of(to.rank);
            const auto* back = find(theirs, r);
            ASSERT_NE(back, nullptr) << r << " sends to " << to.rank << ", which has no message";
            EXPECT_EQ(to.send, back->receive);
            EXPECT_EQ(to.receive, back->send);
            EXPECT_TRUE(std::is_sorted(to.send.begin(), to.send.end()));
            for (std::int32_t v : to.send) EXPECT_EQ(split.rank_of_part[split.part[v]], r);
            for (std::int32_t v : to.receive) EXPECT_EQ(split.rank_of_part[split.part[v]], to.rank);
            ++messages;
        }
    EXPECT_GT(messages, 0);
}

TEST(HaloSchedule, OwnedRowsGiveWhatTheWholeGraphGives) {
    const Split split;
    const std::int32_t rank = 3;
    std::vector<std::int32_t> ids, adjncy;
    std::vector<std::int64_t> xadj{0};
    for (std::int32_t v = 0; v < split.graph.num_vertices(); ++v)
        if (split.rank_of_part[split.part[v]] == rank) {
            ids.push_back(v);
            for (auto e = split.graph.xadj[v]; e < split.graph.xadj[v + 1]; ++e)
                adjncy.push_back(split.graph.adjncy[e]);
            xadj.push_back(std::int64_t(adjncy.size()));
        }
    const auto from_rows = part::api::halo_schedule(part::api::OwnedRows{ids, xadj, adjncy},
                                                    split.part, split.rank_of_part, rank);
    EXPECT_FALSE(from_rows.neighbours.empty());
    EXPECT_TRUE(from_rows == split.of(rank));
}

TEST(HaloSchedule, BadInputIsRefusedNamingIt) {
    const Split split;
    const std::vector<std::int32_t> ids{0}, adjncy{1};
    const std::vector<std::int64_t> xadj{0, 1};
    const std::int32_t not_its_rank = split.rank_of_part[split.part[0]] == 0 ? 1 : 0;
    try {
        part::api::halo_schedule(part::api::OwnedRows{ids, xadj, adjncy}, split.part,
                                 split.rank_of_part, not_its_rank);
        ADD_FAILURE() << "accepted a vertex of another rank";
    } catch (const part::api::Error& e) {
        EXPECT_NE(std::string(e.what()).find("owned id 0"), std::string::npos) << e.what();
    }
    std::vector<std::int32_t> bad_part = split.part;
    bad_part[5] = 4;
    EXPECT_THROW(part::api::halo_schedule(split.view, bad_part, split.rank_of_part, 0),
                 part::api::Error);
}

} // namespace
