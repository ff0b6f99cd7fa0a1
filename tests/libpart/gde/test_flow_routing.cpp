#include <gtest/gtest.h>

#include <random>

#include "libpart/core/graph_builder.hpp"
#include "libpart/gde/edge_colouring.hpp"
#include "libpart/gde/flow_routing.hpp"
#include "libpart/gde/gde_driver.hpp"

using namespace part;
using namespace part::gde;

namespace {

// The situation of the paper's Figure 11, with its part labels 1..8 (0-based here: label-1).
// Parts sit on a 2x4 mesh of processors as
//     1 2 7 8
//     4 3 6 5
// and the computational graph joins 1-2, 7-8, 4-3, 6-5, 1-4, 2-3, 7-6, 8-5 (matching mesh links)
// and 7-3, 3-5 (sub-domains that touch without a mesh link). Mesh links (2,7) and (3,6) join
// parts that do not touch: they are the mismatched links.
const std::vector<PartId> kPartOnProcessor = {1, 2, 7, 8, 4, 3, 6, 5};

Graph figure11_quotient() {
    const std::vector<std::pair<int, int>> touching = {{1, 2}, {7, 8}, {4, 3}, {6, 5}, {1, 4},
                                                       {2, 3}, {7, 6}, {8, 5}, {7, 3}, {3, 5}};
    std::vector<WeightedEdge> edges;
    for (auto [a, b] : touching) edges.push_back({a - 1, b - 1});
    return network_from_graph(graph_from_edges(8, edges), Topology::Quotient, "figure 11").graph;
}

ProcessorMap figure11_map() {
    ProcessorMap map;
    map.part_on.resize(8);
    map.processor_of.resize(8);
    for (VertexId q = 0; q < 8; ++q) {
        map.part_on[q] = kPartOnProcessor[q] - 1;
        map.processor_of[kPartOnProcessor[q] - 1] = q;
    }
    return map;
}

// Flow on the mesh link between the processors holding parts a and b (labels), a -> b.
void set_link_flow(const Graph& mesh, const ProcessorMap& map, std::vector<WeightSum>& outflow,
                   int a, int b, WeightSum amount) {
    const VertexId pa = map.processor_of[a - 1], pb = map.processor_of[b - 1];
    outflow[find_link(mesh, pa, pb)] = amount;
    outflow[find_link(mesh, pb, pa)] = -amount;
}

WeightSum flow(const Graph& q, const std::vector<WeightSum>& outflow, int a, int b) {
    return outflow[find_link(q, a - 1, b - 1)];
}

} // namespace

TEST(GdeFlowRouting, Figure11DeroutesMismatchedLinksAndRemovesTheCycle) {
    const Graph quotient = figure11_quotient();
    const Graph mesh = make_mesh(2, 4).graph;
    const ProcessorMap map = figure11_map();
    std::vector<WeightSum> link_outflow(mesh.adjncy.size(), 0);
    set_link_flow(mesh, map, link_outflow, 7, 2, 10); // mismatched
    set_link_flow(mesh, map, link_outflow, 3, 6, 8);  // mismatched
    set_link_flow(mesh, map, link_outflow, 6, 7, 3);

    RoutedFlows routed = route_flows(quotient, mesh, link_outflow, map);
    ASSERT_EQ(routed.links.size(), 3u);
    int derouted = 0;
    for (const auto& link : routed.links) {
        if (link.from == 7 - 1) {
            EXPECT_EQ(link.route, (std::vector<PartId>{6, 2, 1})); // (7,3,2)
        }
        if (link.from == 3 - 1) {
            EXPECT_EQ(link.route, (std::vector<PartId>{2, 4, 5})); // (3,5,6)
        }
        derouted += link.route.size() > 2;
    }
    EXPECT_EQ(derouted, 2);
    EXPECT_EQ(flow(quotient, routed.outflow, 7, 3), 10);
    EXPECT_EQ(flow(quotient, routed.outflow, 3, 2), 10);
    EXPECT_EQ(flow(quotient, routed.outflow, 3, 5), 8);
    EXPECT_EQ(flow(quotient, routed.outflow, 5, 6), 8);
    EXPECT_EQ(flow(quotient, routed.outflow, 6, 7), 3);
    EXPECT_EQ(flow(quotient, routed.outflow, 3, 7), -10);
    // Derouting creates the cyclic traffic 7 -> 3 -> 5 -> 6 -> 7 of Figure 11(b).
    EXPECT_TRUE(has_flow_cycle(quotient, routed.outflow));

    const auto net_before = net_outflow(quotient, routed.outflow);
    const WeightSum removed = eliminate_cycles(quotient, routed.outflow);
    EXPECT_EQ(removed, 3 * 4); // the cycle's smallest flow, 3, from its 4 links: Figure 11(c)
    EXPECT_EQ(flow(quotient, routed.outflow, 7, 3), 7);
    EXPECT_EQ(flow(quotient, routed.outflow, 3, 5), 5);
    EXPECT_EQ(flow(quotient, routed.outflow, 5, 6), 5);
    EXPECT_EQ(flow(quotient, routed.outflow, 6, 7), 0);
    EXPECT_EQ(flow(quotient, routed.outflow, 3, 2), 10);
    EXPECT_FALSE(has_flow_cycle(quotient, routed.outflow));
    EXPECT_EQ(net_outflow(quotient, routed.outflow), net_before);
}

TEST(GdeFlowRouting, GdeOnTheFigure11MeshGivesAcyclicBorderFlows) {
    const Graph quotient = figure11_quotient();
    const Network mesh = make_mesh(2, 4);
    const ProcessorMap map = figure11_map();
    std::vector<WeightSum> loads = {900, 40, 0, 500, 60, 700, 100, 300}; // per processor
    const GdeRun run = run_gde(mesh.graph, colour_edges(mesh), loads, {}, 0.5);
    RoutedFlows routed = route_flows(quotient, mesh.graph, run.link_outflow, map);
    EXPECT_EQ(routed.unroutable, 0);
    eliminate_cycles(quotient, routed.outflow);
    EXPECT_FALSE(has_flow_cycle(quotient, routed.outflow));
    // Each part's net outflow is its processor's load change.
    const auto net = net_outflow(quotient, routed.outflow);
    for (VertexId q = 0; q < 8; ++q) EXPECT_EQ(net[map.part_on[q]], loads[q] - run.loads[q]) << q;
    const auto order = flow_order(quotient, routed.outflow);
    std::vector<int> position(8);
    for (int i = 0; i < 8; ++i) position[order[i]] = i;
    for (VertexId p = 0; p < 8; ++p)
        for (EdgeOffset e = quotient.xadj[p]; e < quotient.xadj[p + 1]; ++e)
            if (routed.outflow[e] > 0) {
                EXPECT_LT(position[p], position[quotient.adjncy[e]]);
            }
}

TEST(GdeFlowRouting, CycleEliminationOnRandomFlowsKeepsNetFlow) {
    std::mt19937 rng(5);
    for (int trial = 0; trial < 20; ++trial) {
        std::vector<WeightedEdge> edges;
        for (int v = 0; v < 12; ++v)
            for (int u = v + 1; u < 12; ++u)
                if (rng() % 3 == 0) edges.push_back({v, u});
        const Graph q =
            network_from_graph(graph_from_edges(12, edges), Topology::Quotient, "random").graph;
        const auto reverse = reverse_entries(q);
        std::vector<WeightSum> outflow(q.adjncy.size(), 0);
        for (VertexId v = 0; v < 12; ++v)
            for (EdgeOffset e = q.xadj[v]; e < q.xadj[v + 1]; ++e)
                if (v < q.adjncy[e]) {
                    outflow[e] = WeightSum(rng() % 41) - 20;
                    outflow[reverse[e]] = -outflow[e];
                }
        const auto before = net_outflow(q, outflow);
        eliminate_cycles(q, outflow);
        EXPECT_FALSE(has_flow_cycle(q, outflow));
        EXPECT_EQ(net_outflow(q, outflow), before);
        for (std::size_t e = 0; e < outflow.size(); ++e)
            EXPECT_EQ(outflow[e], -outflow[reverse[e]]);
        EXPECT_NO_THROW(flow_order(q, outflow));
    }
}
