// Excess sent towards the nearest room (room_flow) instead of diffused, for repartitioning.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "libpart/core/metrics.hpp"
#include "libpart/gde/edge_colouring.hpp"
#include "libpart/gde/gde_driver.hpp"
#include "libpart/gde/network.hpp"
#include "libpart/gde/refine.hpp"
#include "libpart/order/graph_search.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;
using namespace part::gde;

namespace {

GdeMessage processor(VertexId id, WeightSum load, WeightSum goal, int room_distance,
                     WeightSum offer, WeightSum room_ahead) {
    GdeMessage m;
    m.sender = id;
    m.load = load;
    m.goal = goal;
    m.room_distance = room_distance;
    m.offer = offer;
    m.room_ahead = room_ahead;
    return m;
}

WeightSum total_flow(const GdeRun& run) {
    WeightSum sum = 0;
    for (WeightSum f : run.link_outflow) sum += std::abs(f);
    return sum / 2;
}

// The least weight x hops that brings every load within its goal when all the excess starts
// on `source` and every other processor starts within its goal: fill the nearest room first.
WeightSum least_weight_hops(const Graph& network, const std::vector<WeightSum>& loads,
                            const std::vector<WeightSum>& goals, VertexId source) {
    std::vector<VertexId> distance(std::size_t(network.num_vertices()), -1);
    WeightSum excess = loads[source] - goals[source], cost = 0;
    for (VertexId q : breadth_first(network, source, distance)) {
        const WeightSum taken = std::min(excess, std::max<WeightSum>(0, goals[q] - loads[q]));
        cost += taken * distance[q];
        excess -= taken;
    }
    return cost;
}

} // namespace

TEST(NearestRoom, RoomFlowGoesDownhillUpToTheOfferAndTheRoomAhead) {
    // Processor 1 (above its goal by 300, offering 200 to each nearer neighbour) and
    // processor 0 with room 150: 150 flows into 0.
    EXPECT_EQ(room_flow(processor(0, 850, 1000, 0, 0, 150), processor(1, 1300, 1000, 1, 200, 150)),
              150);
    // More room than the offer: the offer.
    EXPECT_EQ(room_flow(processor(0, 500, 1000, 0, 0, 500), processor(1, 1300, 1000, 1, 200, 500)),
              200);
    // A neighbour without room but nearer to it takes what it has room ahead for.
    EXPECT_EQ(room_flow(processor(0, 1500, 1000, 1, 0, 120), processor(1, 1300, 1000, 2, 200, 120)),
              120);
    // The lower-numbered end sends: negative.
    EXPECT_EQ(room_flow(processor(0, 1300, 1000, 1, 200, 150), processor(1, 850, 1000, 0, 0, 150)),
              -150);
    // Equally far from room, or the sender within its goal: nothing.
    EXPECT_EQ(room_flow(processor(0, 1500, 1000, 1, 500, 90), processor(1, 1300, 1000, 1, 300, 90)),
              0);
    EXPECT_EQ(room_flow(processor(0, 900, 1000, 0, 0, 100), processor(1, 1000, 1000, 1, 0, 100)),
              0);
}

TEST(NearestRoom, NeedsGoals) {
    const GdeParameters parameters{0.5, 1, 2, true, 2};
    EXPECT_THROW(GdeProcessor(0, 10, 1.0, {{1, 0}}, parameters), InvalidArgument);
}

TEST(NearestRoom, EveryLoadEndsWithinItsGoalFillingTheNearestRoomsFirst) {
    for (const Network& net : {make_mesh(6, 6), make_torus(5, 5), make_hypercube(5)}) {
        const auto colouring = colour_edges(net);
        const VertexId k = net.num_processors();
        std::mt19937 random(8);
        for (int trial = 0; trial < 10; ++trial) {
            std::vector<WeightSum> loads(static_cast<std::size_t>(k), 0), goals = loads;
            WeightSum total = 0;
            const auto hot = VertexId(random() % k);
            for (VertexId q = 0; q < k; ++q) {
                goals[q] = 1000 + WeightSum(random() % 100);
                loads[q] = goals[q] - WeightSum(random() % 80);
            }
            WeightSum room = 0;
            for (VertexId q = 0; q < k; ++q) room += q == hot ? 0 : goals[q] - loads[q];
            loads[hot] = goals[hot] + WeightSum(random() % room); // at most all the room
            for (auto l : loads) total += l;
            const GdeRun run = run_gde(net.graph, colouring, loads, {}, 0.5, 200000, goals, true);
            WeightSum after = 0;
            for (VertexId q = 0; q < k; ++q) {
                EXPECT_LE(run.loads[q], goals[q]) << net.name << " trial " << trial;
                after += run.loads[q];
            }
            EXPECT_EQ(after, total);
            // Close to the least weight x hops: units go to the nearest room that is free,
            // as far as the room reported ahead tells (it over-counts room shared by paths).
            const WeightSum least = least_weight_hops(net.graph, loads, goals, hot);
            EXPECT_GE(total_flow(run), least) << net.name << " trial " << trial;
            EXPECT_LE(double(total_flow(run)), 1.1 * double(least))
                << net.name << " trial " << trial;
        }
    }
}

TEST(NearestRoom, RefinementOnRandomHotSpotsStaysWithinToleranceWithConnectedParts) {
    std::mt19937 random(61);
    std::uniform_real_distribution<double> place(8, 56), size(6, 20);
    for (int trial = 0; trial < 8; ++trial) {
        Graph g = part::test::grid_graph(64, 64);
        g.ncon = 1;
        g.vwgt.assign(64 * 64, 1);
        Partition blocks{16, std::vector<PartId>(64 * 64), {}};
        const double cx = place(random), cy = place(random), radius = size(random);
        for (int r = 0; r < 64; ++r)
            for (int c = 0; c < 64; ++c) {
                blocks.part[r * 64 + c] = (r / 16) * 4 + c / 16;
                if (std::hypot(c - cx, r - cy) <= radius) g.vwgt[r * 64 + c] = 4;
            }
        RefineOptions options;
        options.absorb_fragments = false;
        options.multilevel_polish = false;
        options.within_tolerance = true;
        options.heaviest_first = true;
        options.migration_weight = 1;
        options.shortcut_transit = true;
        options.nearest_room = true;
        const RefineResult result = refine_with_gde(g, blocks, nullptr, options);
        const Partition refined{16, result.part, {}};
        EXPECT_LE(imbalance(g, refined)[0], 1.03 + 1e-9) << "trial " << trial;
        for (VertexId c : components_per_part(g, refined.part, 16))
            EXPECT_EQ(c, 1) << "trial " << trial;
    }
}

TEST(NearestRoom, StopsWhenNoRoomIsLeft) {
    // More excess than room (which refine_with_gde's goals never ask for): the room fills,
    // the distances stop counting at the number of processors, and the State counter ends
    // the run.
    const Network mesh = make_mesh(4, 4);
    std::vector<WeightSum> loads(16, 1000), goals(16, 1000);
    loads[0] = 3000;
    loads[15] = 990;
    const GdeRun run = run_gde(mesh.graph, colour_edges(mesh), loads, {}, 0.5, 10000, goals, true);
    WeightSum total = 0;
    for (VertexId q = 0; q < 16; ++q) {
        EXPECT_GE(run.loads[q], goals[q]) << "processor " << q; // all the room is used
        total += run.loads[q];
    }
    EXPECT_EQ(total, 15 * 1000 + 3000 - 10);
}
