#include <gtest/gtest.h>

#include "formats/network_file.hpp"
#include "libpart/core/error.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

TEST(NetworkFile, QuotientIsLeftToTheRefinement) {
    EXPECT_FALSE(formats::load_network("quotient").has_value());
}

TEST(NetworkFile, RegularTopologiesAreMadeFromTheSpec) {
    const auto mesh = formats::load_network("mesh:2x4");
    ASSERT_TRUE(mesh.has_value());
    EXPECT_EQ(mesh->topology, gde::Topology::Mesh);
    EXPECT_EQ(mesh->num_processors(), 8);
    EXPECT_EQ(mesh->graph.num_edges(), 10);
}

TEST(NetworkFile, ChacoFileIsReadAsTheNetworkNamedByItsPath) {
    ScratchDir dir;
    // A ring of 4 processors, rows listing neighbours out of order: the network sorts them.
    const std::string path = dir.write("ring.graph", "4 4\n4 2\n3 1\n4 2\n3 1\n");
    for (const std::string& spec : {path, "file:" + path}) {
        const auto ring = formats::load_network(spec);
        ASSERT_TRUE(ring.has_value()) << spec;
        EXPECT_EQ(ring->topology, gde::Topology::File);
        EXPECT_EQ(ring->name, path);
        EXPECT_EQ(ring->num_processors(), 4);
        EXPECT_EQ(ring->graph.adjncy[0], 1); // processor 0's neighbours sorted: 1, 3
        EXPECT_EQ(ring->graph.adjncy[1], 3);
    }
}

TEST(NetworkFile, NeitherTopologyNorFileIsAnInvalidArgument) {
    ScratchDir dir;
    for (const std::string& spec : {std::string("star:8"), dir.file("missing.graph"), dir.path()}) {
        try {
            formats::load_network(spec);
            ADD_FAILURE() << "accepted " << spec;
        } catch (const InvalidArgument& e) {
            EXPECT_NE(std::string(e.what()).find("expected quotient, mesh:RxC, torus:RxC, "
                                                 "hypercube:D, ring:P or a Chaco graph file"),
                      std::string::npos)
                << e.what();
        }
    }
}

TEST(NetworkFile, BadChacoFileIsAnInputErrorNamingFileAndLine) {
    ScratchDir dir;
    const std::string path = dir.write("bad.graph", "3 2\n2\n1 x\n2\n");
    try {
        formats::load_network(path);
        ADD_FAILURE() << "accepted " << path;
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), path);
        EXPECT_EQ(e.line(), 3);
    }
}
