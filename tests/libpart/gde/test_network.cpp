#include <gtest/gtest.h>

#include "libpart/core/graph_builder.hpp"
#include "libpart/gde/network.hpp"
#include "libpart/gde/processor_map.hpp"

using namespace part;
using namespace part::gde;

TEST(GdeNetwork, ParsesEveryForm) {
    auto mesh = parse_network_spec("mesh:2x4");
    EXPECT_EQ(mesh.topology, Topology::Mesh);
    EXPECT_EQ(mesh.rows, 2);
    EXPECT_EQ(mesh.cols, 4);
    EXPECT_EQ(parse_network_spec("torus:4x6").topology, Topology::Torus);
    EXPECT_EQ(parse_network_spec("hypercube:3").dimension, 3);
    EXPECT_EQ(parse_network_spec("ring:7").cols, 7);
    EXPECT_EQ(parse_network_spec("quotient").topology, Topology::Quotient);
    EXPECT_EQ(parse_network_spec("net.graph").path, "net.graph");
    EXPECT_EQ(parse_network_spec("file:a:b.graph").path, "a:b.graph");
}

TEST(GdeNetwork, RejectsBadSpecsNamingTheForms) {
    for (const char* bad : {"mesh:4", "mesh:0x4", "mesh:4x", "torus:axb", "hypercube:0", "ring:-3",
                            "star:5", "mesh:4x4x4", ""}) {
        try {
            parse_network_spec(bad);
            ADD_FAILURE() << "accepted " << bad;
        } catch (const InvalidArgument& e) {
            EXPECT_NE(std::string(e.what()).find("expected quotient, mesh:RxC"), std::string::npos)
                << e.what();
        }
    }
}

TEST(GdeNetwork, RegularTopologiesHaveTheRightLinks) {
    EXPECT_EQ(make_mesh(4, 4).graph.num_edges(), 24);
    EXPECT_EQ(make_torus(4, 4).graph.num_edges(), 32);
    EXPECT_EQ(make_torus(2, 4).graph.num_edges(), 12); // a side of 2 gets no duplicate link
    EXPECT_EQ(make_hypercube(4).graph.num_edges(), 32);
    EXPECT_EQ(make_ring(5).graph.num_edges(), 5);
    EXPECT_EQ(make_ring(2).graph.num_edges(), 1);
    for (const auto& n : {make_mesh(3, 5), make_torus(4, 6), make_hypercube(3), make_ring(6)})
        validate(n.graph);
    EXPECT_EQ(make_mesh(8, 3).lambda_side(), 8);
    EXPECT_EQ(make_torus(8, 4).lambda_side(), 4);
    EXPECT_EQ(make_hypercube(3).lambda_side(), 0);
}

TEST(GdeProcessorMap, IdentityAndSizeMismatch) {
    const Graph ring = make_ring(4).graph;
    auto map = map_parts(ring, ring, MapKind::Identity);
    EXPECT_EQ(map.processor_of, (std::vector<VertexId>{0, 1, 2, 3}));
    EXPECT_THROW(map_parts(ring, make_mesh(2, 3).graph, MapKind::Greedy), InvalidArgument);
}

TEST(GdeProcessorMap, GreedyPutsAPathOfPartsOnAdjacentProcessors) {
    // Parts 0..7 form a path in a scrambled numbering; the network is a 2x4 mesh.
    const std::vector<PartId> path = {5, 2, 7, 0, 3, 6, 1, 4};
    std::vector<WeightedEdge> edges;
    for (std::size_t i = 0; i + 1 < path.size(); ++i) edges.push_back({path[i], path[i + 1], 3});
    const Graph quotient = graph_from_edges(8, edges, true);
    const Graph mesh = make_mesh(2, 4).graph;
    auto map = map_parts(quotient, mesh, MapKind::Greedy);
    const auto dist = hop_distances(mesh);
    std::vector<char> used(8, 0);
    for (PartId p = 0; p < 8; ++p) {
        ASSERT_GE(map.processor_of[p], 0);
        EXPECT_FALSE(used[map.processor_of[p]]);
        used[map.processor_of[p]] = 1;
        EXPECT_EQ(map.part_on[map.processor_of[p]], p);
    }
    int adjacent = 0;
    for (const auto& e : edges)
        adjacent += dist[map.processor_of[e.u] * 8 + map.processor_of[e.v]] == 1;
    EXPECT_EQ(adjacent, 7); // a Hamiltonian path of the mesh exists and greedy finds one here
    const auto identity = map_parts(quotient, mesh, MapKind::Identity);
    int identity_adjacent = 0;
    for (const auto& e : edges)
        identity_adjacent += dist[identity.processor_of[e.u] * 8 + identity.processor_of[e.v]] == 1;
    EXPECT_LT(identity_adjacent, adjacent);
}

TEST(GdeNetwork, OneProcessorPerPartIsRequired) {
    EXPECT_NO_THROW(check_one_processor_per_part(make_mesh(2, 4), 8, "start.part.8"));
    try {
        check_one_processor_per_part(make_mesh(4, 4), 8, "start.part.8");
        ADD_FAILURE() << "accepted 16 processors for 8 parts";
    } catch (const InvalidArgument& e) {
        EXPECT_STREQ(e.what(), "network mesh:4x4 has 16 processors but start.part.8 has 8 parts; "
                               "expected a network of exactly K processors");
    }
}
