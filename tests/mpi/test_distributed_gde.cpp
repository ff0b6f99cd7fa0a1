// The distributed GDE decision maker: ranks find their neighbours from ghost vertices, agree
// on a proper edge colouring of the rank network, and balance to the same loads and flows as
// the serial driver run on the same network and colouring.
#include <gtest/gtest.h>

#include <map>

#include "formats/chaco_graph.hpp"
#include "formats/mpi/distributed_chaco.hpp"
#include "libpart/core/graph_builder.hpp"
#include "libpart/core/metrics.hpp"
#include "libpart/gde/gde_driver.hpp"
#include "libpart/mpi/distributed_gde.hpp"
#include "libpart/mpi/exchange.hpp"
#include "tests/mpi/shared_scratch.hpp"

using namespace part;
using namespace part::test;

namespace {

// One link as a rank reports it: (rank, neighbour, colour, outflow).
struct LinkReport {
    std::int32_t rank, neighbour, colour;
    WeightSum outflow;
};

} // namespace

TEST(DistributedGde, BalancesLikeTheSerialDriverOnTheRankNetwork) {
    SharedScratch dir;
    const std::string graph_path = source_file("data/naca0012.graph");
    const Graph serial = formats::read_chaco_graph(graph_path);
    const int n = serial.num_vertices(), ranks = world_size(), rank = world_rank();
    // Strips of the numbering with weights growing with the part: an imbalanced old partition
    // with one part per rank.
    std::vector<PartId> old_part(static_cast<std::size_t>(n));
    std::string text;
    for (int v = 0; v < n; ++v) {
        const double x = double(v) / n;
        old_part[v] = std::min(ranks - 1, int(ranks * x * x));
        text += std::to_string(old_part[v]) + "\n";
    }
    const std::string old_path = dir.write("old.part", text);
    const auto input =
        formats::mpi::read_distributed_input(MPI_COMM_WORLD, graph_path, old_path, ranks);
    std::vector<int> block_owner(input.block_old_part.size());
    for (std::size_t i = 0; i < block_owner.size(); ++i)
        block_owner[i] = mpi::owner_of_part(input.block_old_part[i], ranks);

    const std::vector<int> neighbours =
        mpi::neighbour_ranks(MPI_COMM_WORLD, input.graph, input.block_start, block_owner);
    const Graph quotient = quotient_graph(serial, old_part, ranks);
    const auto expected = quotient.neighbours(rank);
    EXPECT_EQ(neighbours, std::vector<int>(expected.begin(), expected.end()));

    const mpi::RankColouring colouring = mpi::colour_rank_links(MPI_COMM_WORLD, neighbours);
    const WeightSum load = mpi::global_part_weights(MPI_COMM_WORLD, input.graph, input.old_part,
                                                    ranks)[std::size_t(rank)];
    const mpi::DistributedGdeResult result =
        mpi::run_distributed_gde(MPI_COMM_WORLD, load, 1.0, neighbours, colouring, 0.5);

    std::vector<LinkReport> mine;
    for (std::size_t i = 0; i < neighbours.size(); ++i)
        mine.push_back({rank, neighbours[i], colouring.colour[i], result.flow[i]});
    const auto links = mpi::gather_pieces<LinkReport>(MPI_COMM_WORLD, mine);
    const auto loads = mpi::gather_pieces<WeightSum>(MPI_COMM_WORLD, std::span(&result.load, 1));
    if (rank != 0) return;

    // Both ends agree on each link's colour and no rank has two links of one colour.
    std::map<std::pair<int, int>, LinkReport> by_pair;
    for (const LinkReport& l : links) by_pair[{l.rank, l.neighbour}] = l;
    auto link = [&](int a, int b) -> const LinkReport& { return by_pair.at(std::pair(a, b)); };
    std::vector<WeightedEdge> edges;
    for (const LinkReport& l : links) {
        ASSERT_EQ(by_pair.count(std::pair(l.neighbour, l.rank)), 1u);
        EXPECT_EQ(link(l.neighbour, l.rank).colour, l.colour);
        EXPECT_EQ(link(l.neighbour, l.rank).outflow, -l.outflow);
        if (l.rank < l.neighbour) edges.push_back({l.rank, l.neighbour, 1});
    }
    const Graph network = graph_from_edges(ranks, edges, false);
    gde::EdgeColouring serial_colouring;
    serial_colouring.num_colours = colouring.num_colours;
    for (VertexId v = 0; v < ranks; ++v)
        for (VertexId u : network.neighbours(v))
            serial_colouring.colour.push_back(link(v, u).colour);
    ASSERT_TRUE(gde::is_proper(network, serial_colouring));

    std::vector<WeightSum> start = part_weights(serial, old_part, ranks);
    const gde::GdeRun run = gde::run_gde(network, serial_colouring, start, {}, 0.5);
    EXPECT_EQ(loads, run.loads);
    for (VertexId v = 0; v < ranks; ++v)
        for (EdgeOffset e = network.xadj[v]; e < network.xadj[v + 1]; ++e)
            EXPECT_EQ(link(v, network.adjncy[e]).outflow, run.link_outflow[e]);
    WeightSum total = 0;
    for (WeightSum l : loads) total += l;
    EXPECT_EQ(total, n);
}
