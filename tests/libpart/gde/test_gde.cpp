#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "libpart/gde/gde_driver.hpp"

using namespace part;
using namespace part::gde;

namespace {

GdeRun balance(const Network& net, const std::vector<WeightSum>& loads, double lambda,
               const std::vector<double>& capacities = {}) {
    return run_gde(net.graph, colour_edges(net), loads, capacities, lambda);
}

WeightSum total(const std::vector<WeightSum>& loads) {
    return std::accumulate(loads.begin(), loads.end(), WeightSum(0));
}

WeightSum spread(const std::vector<WeightSum>& loads) {
    auto [lo, hi] = std::minmax_element(loads.begin(), loads.end());
    return *hi - *lo;
}

// Every link's outflow is the other end's inflow, and each load is its start minus outflows.
void expect_flows_consistent(const Network& net, const std::vector<WeightSum>& start,
                             const GdeRun& run) {
    const Graph& g = net.graph;
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        WeightSum out = 0;
        for (EdgeOffset e = g.xadj[v]; e < g.xadj[v + 1]; ++e) {
            out += run.link_outflow[e];
            EXPECT_EQ(run.link_outflow[e], -run.link_outflow[find_link(g, g.adjncy[e], v)]);
        }
        EXPECT_EQ(run.loads[v], start[v] - out);
    }
}

} // namespace

TEST(Gde, FourByFourMeshConvergesAndConservesLoad) {
    const Network mesh = make_mesh(4, 4);
    std::vector<WeightSum> loads(16, 0);
    loads[0] = 1600; // everything on one corner
    loads[5] = 480;
    for (double lambda : {0.5, optimal_lambda(4)}) {
        const GdeRun run = balance(mesh, loads, lambda);
        EXPECT_EQ(total(run.loads), total(loads));
        // Integer rounding (floor/ceiling) can leave neighbours one unit apart, so across
        // the mesh's diameter of 6 the loads are uniform to within a few units.
        EXPECT_LE(spread(run.loads), 6) << lambda;
        for (WeightSum l : run.loads) EXPECT_NEAR(double(l), 130.0, 4.0);
        expect_flows_consistent(mesh, loads, run);
    }
}

TEST(Gde, UniformLoadStaysAndStopsAfterDeltaSweeps) {
    const Network mesh = make_mesh(4, 4);
    const GdeRun run = balance(mesh, std::vector<WeightSum>(16, 7), 0.5);
    EXPECT_EQ(run.loads, std::vector<WeightSum>(16, 7));
    // Nothing ever changes: State counts 1, 2, ... and reaches delta, then one sweep announces it.
    EXPECT_EQ(run.sweeps, run.delta + 1);
    EXPECT_EQ(run.last_change_sweep, 0);
}

TEST(Gde, InformationSweepsOfThePaperMesh) {
    // Section 3.1: on the coloured 4x4 mesh any processor reaches any other in two sweeps.
    const Network mesh = make_mesh(4, 4);
    EXPECT_EQ(information_sweeps(mesh.graph, colour_edges(mesh)), 2);
    const Network hypercube = make_hypercube(4);
    EXPECT_EQ(information_sweeps(hypercube.graph, colour_edges(hypercube)), 1);
}

TEST(Gde, OptimalLambdaNeedsFewerSweeps) {
    for (const Network& net : {make_mesh(16, 1), make_mesh(8, 8)}) {
        std::vector<WeightSum> loads(std::size_t(net.num_processors()), 0);
        loads[0] = 1000 * net.num_processors();
        const GdeRun half = balance(net, loads, 0.5);
        const GdeRun opt = balance(net, loads, optimal_lambda(net.lambda_side()));
        EXPECT_LT(opt.sweeps, half.sweeps) << net.name;
        EXPECT_EQ(total(opt.loads), total(loads));
        EXPECT_LE(spread(opt.loads), 2 * net.num_processors()) << net.name;
    }
}

TEST(Gde, StopsOnlyAfterEveryProcessorIsStable) {
    for (const Network& net : {make_mesh(16, 1), make_mesh(4, 4), make_torus(4, 4), make_ring(7)}) {
        std::vector<WeightSum> loads(std::size_t(net.num_processors()));
        for (std::size_t i = 0; i < loads.size(); ++i) loads[i] = WeightSum((i * 7919) % 1013);
        const GdeRun run = balance(net, loads, 0.5);
        ASSERT_GT(run.last_change_sweep, 0);
        for (int stop : run.stop_sweep) EXPECT_GT(stop, run.last_change_sweep) << net.name;
        // The final state really is stable: balancing it again moves nothing.
        const GdeRun again = balance(net, run.loads, 0.5);
        EXPECT_EQ(again.last_change_sweep, 0) << net.name;
    }
}

TEST(Gde, StableProcessorWaitsForAnUnstableNeighbour) {
    // Two processors on one link; the neighbour reports State 0 (it just changed), so this
    // processor's State drops back although its own FlowTrace did not change.
    const GdeParameters parameters{0.5, 1, 3};
    GdeProcessor p(0, 10, 1.0, {{1, 0}}, parameters);
    for (int i = 0; i < 2; ++i) {
        p.exchange(0, GdeMessage{1, 10, 1.0, 5, false});
        p.end_sweep();
    }
    EXPECT_EQ(p.state(), 2);
    p.exchange(0, GdeMessage{1, 10, 1.0, 0, false});
    p.end_sweep();
    EXPECT_EQ(p.state(), 1);
    EXPECT_FALSE(p.finished());
    p.exchange(0, GdeMessage{1, 10, 1.0, 1, false});
    p.end_sweep();
    p.exchange(0, GdeMessage{1, 10, 1.0, 2, false});
    p.end_sweep(); // State 3 = delta: announces done in the next sweep
    EXPECT_FALSE(p.finished());
    EXPECT_TRUE(p.message().done);
    p.exchange(0, GdeMessage{1, 10, 1.0, 3, true});
    p.end_sweep();
    EXPECT_TRUE(p.finished());
    EXPECT_EQ(p.partner(0), -1);
}

TEST(Gde, PairFlowIsAntisymmetricAndRoundsTowardsZero) {
    const GdeMessage lo{0, 3, 1.0, 0, false}, hi{1, 10, 1.0, 0, false};
    EXPECT_EQ(pair_flow(lo, hi, 0.5), 3); // floor(3.5) into the lighter processor
    EXPECT_EQ(pair_flow(hi, lo, 0.5), -3);
    EXPECT_EQ(pair_flow(GdeMessage{0, 4, 1.0, 0, false}, GdeMessage{1, 5, 1.0, 0, false}, 0.5), 0);
}

TEST(Gde, HeterogeneousCapacitiesBalanceLoadPerCapacity) {
    const Network ring = make_ring(6);
    const std::vector<double> capacities = {1, 2, 1, 2, 1, 2};
    std::vector<WeightSum> loads = {9000, 0, 0, 0, 0, 0};
    const GdeRun run = balance(ring, loads, 0.5, capacities);
    EXPECT_EQ(total(run.loads), 9000);
    for (std::size_t i = 0; i < 6; ++i)
        EXPECT_NEAR(double(run.loads[i]) / capacities[i], 1000.0, 8.0) << i;
    expect_flows_consistent(ring, loads, run);
}

TEST(Gde, Deterministic) {
    const Network torus = make_torus(4, 6);
    std::vector<WeightSum> loads(24);
    for (std::size_t i = 0; i < loads.size(); ++i) loads[i] = WeightSum((i * 31) % 17) * 100;
    const GdeRun a = balance(torus, loads, optimal_lambda(torus.lambda_side()));
    const GdeRun b = balance(torus, loads, optimal_lambda(torus.lambda_side()));
    EXPECT_EQ(a.link_outflow, b.link_outflow);
    EXPECT_EQ(a.sweeps, b.sweeps);
}

TEST(Gde, AMessageFromTheWrongNeighbourIsRejected) {
    GdeProcessor p(0, 10, 1.0, {{1, 0}, {2, 1}}, GdeParameters{0.5, 2, 2});
    EXPECT_THROW(p.exchange(0, GdeMessage{2, 10, 1.0, 0, false}), InvalidArgument);
    EXPECT_NO_THROW(p.exchange(1, GdeMessage{2, 10, 1.0, 0, false}));
}
