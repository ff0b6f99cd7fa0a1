#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "libpart/core/error.hpp"
#include "libpart/core/graph_builder.hpp"
#include "libpart/repart/repart_method.hpp"
#include "libpart/simulate/simulation.hpp"
#include "libpart/simulate/workloads.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;

namespace {

Graph square_grid(int side) {
    return test::grid_graph(side, side);
}

SimulationSetup hotspot_setup(PartId parts, std::int64_t steps,
                              std::int64_t interval = OnlinePolicyOptions{}.interval) {
    SimulationSetup setup;
    setup.num_parts = parts;
    setup.workload = "hotspot";
    setup.steps = steps;
    setup.policy_options.interval = interval; // for "fixed-interval"
    setup.remap_seed = 1;
    return setup;
}

std::vector<double> weights_at(Workload& workload, std::int64_t step, std::size_t n) {
    std::vector<double> w(n);
    workload.weights_at(step, w);
    return w;
}

} // namespace

TEST(Workloads, HotSpotMovesAndWeightsStayAtLeastOne) {
    const Graph graph = square_grid(20);
    auto workload = make_workload("hotspot", graph.coords, 8, 1);
    const auto first = weights_at(*workload, 0, 400);
    const auto later = weights_at(*workload, 4, 400);
    EXPECT_GE(*std::min_element(first.begin(), first.end()), 1.0);
    const auto hottest = [](const std::vector<double>& w) {
        return std::max_element(w.begin(), w.end()) - w.begin();
    };
    EXPECT_NE(hottest(first), hottest(later))
        << "half a revolution later the hot spot is elsewhere";
    EXPECT_GT(*std::max_element(first.begin(), first.end()), 5.0);
}

TEST(Workloads, FrontSweepsAlongX) {
    const Graph graph = square_grid(20);
    auto workload = make_workload("front", graph.coords, 10, 1);
    const auto early = weights_at(*workload, 0, 400);
    EXPECT_EQ(early[0], 8.0) << "the front starts at the low x side";
    EXPECT_EQ(early[19], 1.0);
    const auto late = weights_at(*workload, 9, 400);
    EXPECT_EQ(late[0], 1.0);
    EXPECT_EQ(late[19], 8.0);
}

TEST(Workloads, WaTorIsSeededAndEvolves) {
    const Graph graph = square_grid(64);
    const std::size_t n = 64 * 64;
    auto a = make_workload("wator", graph.coords, 20, 5);
    auto b = make_workload("wator", graph.coords, 20, 5);
    const auto a0 = weights_at(*a, 0, n);
    EXPECT_EQ(a0, weights_at(*b, 0, n));
    const auto a10 = weights_at(*a, 10, n);
    EXPECT_EQ(a10, weights_at(*b, 10, n));
    EXPECT_NE(a0, a10);
    EXPECT_GT(std::count(a10.begin(), a10.end(), 4.0), 0) << "fish survive ten chronons";
}

TEST(Workloads, UnknownNameOrMissingCoordinatesIsRejected) {
    const Graph graph = square_grid(4);
    EXPECT_THROW(make_workload("tsunami", graph.coords, 10, 1), InvalidArgument);
    EXPECT_THROW(make_workload("hotspot", Coordinates{}, 10, 1), InvalidArgument);
}

TEST(Simulation, FixedIntervalRemapsOnScheduleAndTotalsAddUp) {
    const Graph graph = square_grid(16);
    const SimulationSetup setup = hotspot_setup(4, 20, 5);
    const SimulationRun run = simulate(graph, setup, "fixed-interval");
    ASSERT_EQ(run.steps.size(), 20u);
    std::vector<std::size_t> remapped;
    double total = 0;
    for (std::size_t t = 0; t < run.steps.size(); ++t) {
        const SimulatedStep& s = run.steps[t];
        if (s.remapped) remapped.push_back(t);
        total += s.time + s.remap_cost;
        EXPECT_NEAR(s.time, s.max_load + setup.costs.beta * s.communication, 1e-9);
        EXPECT_GE(s.max_load, s.mean_load);
        EXPECT_NEAR(s.remap_cost, s.remapped ? setup.costs.gamma * double(s.moved) : 0.0, 1e-9);
    }
    EXPECT_EQ(remapped, (std::vector<std::size_t>{5, 10, 15}));
    EXPECT_EQ(run.remaps, 3);
    EXPECT_NEAR(run.total, total, 1e-6);
}

TEST(Simulation, RemappingBeatsNeverOnAMovingHotSpot) {
    const Graph graph = square_grid(24);
    const SimulationSetup setup = hotspot_setup(4, 40);
    const SimulationRun never = simulate(graph, setup, "never");
    const SimulationRun sar = simulate(graph, setup, "stop-at-rise");
    EXPECT_EQ(never.remaps, 0);
    EXPECT_GT(sar.remaps, 0);
    EXPECT_LT(sar.total, never.total);
}

TEST(Simulation, GdeRemappingBeatsNeverOnAMovingHotSpot) {
    const Graph graph = square_grid(24);
    SimulationSetup setup = hotspot_setup(4, 40, 4);
    setup.method = "gde";
    const SimulationRun never = simulate(graph, setup, "never");
    const SimulationRun frequent = simulate(graph, setup, "fixed-interval");
    EXPECT_EQ(frequent.remaps, 9);
    EXPECT_GT(frequent.moved, 0) << "GDE moved cells toward the cooler parts";
    EXPECT_LT(frequent.total, never.total);
    double mean_ratio_never = 0, mean_ratio_gde = 0; // max / mean load, averaged over steps
    for (std::size_t t = 0; t < never.steps.size(); ++t) {
        mean_ratio_never += never.steps[t].max_load / never.steps[t].mean_load;
        mean_ratio_gde += frequent.steps[t].max_load / frequent.steps[t].mean_load;
    }
    EXPECT_LT(mean_ratio_gde, mean_ratio_never) << "remapping lowered the imbalance";
}

TEST(Simulation, GdeRemappingMovesLessDataThanScratch) {
    const Graph graph = square_grid(24);
    SimulationSetup setup = hotspot_setup(4, 40, 4);
    const SimulationRun scratch = simulate(graph, setup, "fixed-interval");
    setup.method = "gde";
    const SimulationRun gde = simulate(graph, setup, "fixed-interval");
    ASSERT_EQ(gde.remaps, scratch.remaps);
    EXPECT_LT(gde.moved, scratch.moved);
}

TEST(Simulation, RejectsUnknownPolicyAndMethod) {
    const Graph graph = square_grid(4);
    EXPECT_THROW(simulate(graph, SimulationSetup{}, "dp-optimal"), InvalidArgument);
    SimulationSetup setup = hotspot_setup(2, 4);
    setup.method = "gde-someday";
    EXPECT_THROW(simulate(graph, setup, "never"), InvalidArgument);
}

TEST(Simulation, HeterogeneousCapacitiesShareTheLoadInProportion) {
    // Parts of capacity 0.1, 0.2, 0.3 and 0.4: the initial partition gives each part its
    // share, and a step's time divides each part's load by its capacity, so at step 0 the
    // largest load / capacity is close to the mean. Ignoring the capacities in either place
    // would put that ratio near 1.6 or 2.5.
    const Graph graph = square_grid(24);
    SimulationSetup setup = hotspot_setup(4, 3);
    setup.targets = {0.1, 0.2, 0.3, 0.4};
    const SimulationRun run = simulate(graph, setup, "never");
    EXPECT_LT(run.steps[0].max_load / run.steps[0].mean_load, 1.05);
    setup.targets = {0.5, 0.5};
    EXPECT_THROW(simulate(graph, setup, "never"), InvalidArgument);
}

TEST(Simulation, RemapsHonourTheCapacities) {
    Graph weighted = square_grid(24);
    weighted.ncon = 1;
    weighted.vwgt.assign(std::size_t(weighted.num_vertices()), 1);
    const std::vector<double> targets{0.1, 0.2, 0.3, 0.4};
    std::vector<PartId> current(std::size_t(weighted.num_vertices()));
    for (VertexId v = 0; v < weighted.num_vertices(); ++v) current[v] = PartId(v % 24 / 6);
    RepartRequest request;
    request.new_parts = 4;
    request.targets = targets;
    request.metis.seed = 1;
    for (const char* method : {"scratch", "gde", "interval"}) {
        const std::vector<PartId> next =
            repart_method(method)(weighted, Partition{4, current, targets}, request).partition.part;
        std::vector<double> share(4, 0.0);
        for (PartId p : next) share[p] += 1.0 / double(next.size());
        for (int p = 0; p < 4; ++p)
            EXPECT_NEAR(share[p], targets[p], 0.035) << method << " part " << p;
    }
}

TEST(Simulation, EqualTargetsChangeNothing) {
    const Graph graph = square_grid(16);
    SimulationSetup setup = hotspot_setup(4, 12, 3);
    setup.method = "gde";
    const SimulationRun plain = simulate(graph, setup, "fixed-interval");
    setup.targets = {0.25, 0.25, 0.25, 0.25};
    const SimulationRun equal = simulate(graph, setup, "fixed-interval");
    EXPECT_DOUBLE_EQ(plain.total, equal.total);
    EXPECT_EQ(plain.moved, equal.moved);
}
