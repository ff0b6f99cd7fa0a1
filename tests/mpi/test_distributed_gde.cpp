// The distributed GDE decision maker: processors (several per rank when P is small) find their
// neighbours from ghost vertices, agree on a proper edge colouring of the processor network, and
// balance to the same loads and flows as the serial driver run on the same network and colouring.
#include <gtest/gtest.h>

#include <map>

#include "formats/chaco_graph.hpp"
#include "formats/mpi/distributed_chaco.hpp"
#include "libpart/core/graph_builder.hpp"
#include "libpart/core/metrics.hpp"
#include "libpart/gde/gde_driver.hpp"
#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/distributed_gde.hpp"
#include "libpart/mpi/exchange.hpp"
#include "libpart/mpi/ghost_layer.hpp"
#include "libpart/mpi/subdomain_view.hpp"
#include "tests/mpi/shared_scratch.hpp"

using namespace part;
using namespace part::test;

namespace {

// One link as a processor reports it: (processor, neighbour, colour, outflow).
struct LinkReport {
    std::int32_t rank, neighbour, colour;
    WeightSum outflow;
};

// The links this rank hosts of a complete network of k processors; border(p, q) per link.
template <typename Border> mpi::ProcessorLinks complete_network(PartId k, Border border) {
    mpi::ProcessorLinks links;
    links.processors = mpi::hosted_processors(MPI_COMM_WORLD, k);
    links.first.push_back(0);
    for (std::size_t i = 0; i < links.processors.size(); ++i) {
        for (PartId q = 0; q < k; ++q)
            if (q != links.processors[i]) {
                links.neighbour.push_back(q);
                links.border.push_back(border(links.processors[i], q));
                links.owner.push_back(i);
            }
        links.first.push_back(links.neighbour.size());
    }
    return links;
}

} // namespace

TEST(DistributedGde, BalancesLikeTheSerialDriverOnTheProcessorNetwork) {
    SharedScratch dir;
    const std::string graph_path = source_file("data/naca0012.graph");
    const Graph serial = formats::read_chaco_graph(graph_path);
    // Five processors whatever the rank count (several per rank when P < 5): strips of the
    // numbering with weights growing with the part, an imbalanced old partition.
    constexpr PartId k = 5;
    const int n = serial.num_vertices(), rank = world_rank();
    std::vector<PartId> old_part(static_cast<std::size_t>(n));
    std::string text;
    for (int v = 0; v < n; ++v) {
        const double x = double(v) / n;
        old_part[v] = std::min(k - 1, int(k * x * x));
        text += std::to_string(old_part[v]) + "\n";
    }
    const std::string old_path = dir.write("old.part", text);
    const auto input =
        formats::mpi::read_distributed_input(MPI_COMM_WORLD, graph_path, old_path, k);
    const mpi::GhostLayer ghosts =
        mpi::ghost_layer(MPI_COMM_WORLD, input.graph, input.block_start, input.block_old_part);
    const std::vector<PartId> hosted = mpi::hosted_processors(MPI_COMM_WORLD, k);
    const mpi::ProcessorLinks links =
        mpi::processor_links(input.graph, input.old_part, ghosts, hosted);
    const Graph quotient = quotient_graph(serial, old_part, k);
    for (std::size_t i = 0; i < hosted.size(); ++i) {
        const auto expected = quotient.neighbours(hosted[i]);
        EXPECT_EQ(std::vector<PartId>(links.neighbour.begin() + std::ptrdiff_t(links.first[i]),
                                      links.neighbour.begin() + std::ptrdiff_t(links.first[i + 1])),
                  std::vector<PartId>(expected.begin(), expected.end()));
    }

    mpi::LinkExchange exchange(MPI_COMM_WORLD, links);
    const mpi::LinkColouring colouring = mpi::colour_links(MPI_COMM_WORLD, links, exchange);
    const std::vector<WeightSum> loads = mpi::processor_loads(input.graph, input.old_part, hosted);
    const std::vector<double> capacities(hosted.size(), 1.0);
    const mpi::DistributedGdeResult result =
        mpi::run_distributed_gde(links, exchange, colouring, loads, capacities, k, 0.5);

    std::vector<LinkReport> mine;
    for (std::size_t l = 0; l < links.size(); ++l)
        mine.push_back(
            {hosted[links.owner[l]], links.neighbour[l], colouring.colour[l], result.flow[l]});
    std::vector<LinkReport> my_loads; // (processor, -, -, load)
    for (std::size_t i = 0; i < hosted.size(); ++i)
        my_loads.push_back({hosted[i], -1, -1, result.load[i]});
    auto reports = mpi::gather_pieces<LinkReport>(MPI_COMM_WORLD, mine);
    // Network rows sorted by neighbour, as graph_from_edges needs its edges.
    std::sort(reports.begin(), reports.end(), [](const LinkReport& a, const LinkReport& b) {
        return std::pair(a.rank, a.neighbour) < std::pair(b.rank, b.neighbour);
    });
    auto gathered = mpi::gather_pieces<LinkReport>(MPI_COMM_WORLD, my_loads);
    if (rank != 0) return;

    // Both ends agree on each link's colour and no processor has two links of one colour.
    std::map<std::pair<int, int>, LinkReport> by_pair;
    for (const LinkReport& l : reports) by_pair[{l.rank, l.neighbour}] = l;
    auto link = [&](int a, int b) -> const LinkReport& { return by_pair.at(std::pair(a, b)); };
    std::vector<WeightedEdge> edges;
    for (const LinkReport& l : reports) {
        ASSERT_EQ(by_pair.count(std::pair(l.neighbour, l.rank)), 1u);
        EXPECT_EQ(link(l.neighbour, l.rank).colour, l.colour);
        EXPECT_EQ(link(l.neighbour, l.rank).outflow, -l.outflow);
        if (l.rank < l.neighbour) edges.push_back({l.rank, l.neighbour, 1});
    }
    const Graph network = graph_from_edges(k, edges, false);
    gde::EdgeColouring serial_colouring;
    serial_colouring.num_colours = colouring.num_colours;
    for (VertexId v = 0; v < k; ++v)
        for (VertexId u : network.neighbours(v))
            serial_colouring.colour.push_back(link(v, u).colour);
    ASSERT_TRUE(gde::is_proper(network, serial_colouring));

    std::sort(gathered.begin(), gathered.end(),
              [](const LinkReport& a, const LinkReport& b) { return a.rank < b.rank; });
    ASSERT_EQ(gathered.size(), std::size_t(k));
    const gde::GdeRun run =
        gde::run_gde(network, serial_colouring, part_weights(serial, old_part, k), {}, 0.5);
    for (PartId p = 0; p < k; ++p) EXPECT_EQ(gathered[p].outflow, run.loads[p]) << "part " << p;
    for (VertexId v = 0; v < k; ++v)
        for (EdgeOffset e = network.xadj[v]; e < network.xadj[v + 1]; ++e)
            EXPECT_EQ(link(v, network.adjncy[e]).outflow, run.link_outflow[e]);
}

TEST(DistributedGde, ColouringWithBorderPrioritiesIsProperAndAgreed) {
    // A complete network of 5 processors; link priority (p + q) % 3, the same at both ends, so
    // the order of links differs from the lexicographic one.
    constexpr PartId k = 5;
    const mpi::ProcessorLinks links =
        complete_network(k, [](PartId p, PartId q) { return WeightSum((p + q) % 3); });
    mpi::LinkExchange exchange(MPI_COMM_WORLD, links);
    const mpi::LinkColouring colouring = mpi::colour_links(MPI_COMM_WORLD, links, exchange);
    std::vector<LinkReport> mine;
    for (std::size_t i = 0; i < links.processors.size(); ++i)
        for (std::size_t l = links.first[i]; l < links.first[i + 1]; ++l) {
            mine.push_back({links.processors[i], links.neighbour[l], colouring.colour[l], 0});
            EXPECT_GE(colouring.colour[l], 0);
            EXPECT_LT(colouring.colour[l], colouring.num_colours);
            for (std::size_t j = links.first[i]; j < l; ++j)
                EXPECT_NE(colouring.colour[l], colouring.colour[j]);
        }
    const auto reports = mpi::gather_pieces<LinkReport>(MPI_COMM_WORLD, mine);
    if (world_rank() != 0) return;
    ASSERT_EQ(reports.size(), std::size_t(k * (k - 1)));
    std::map<std::pair<int, int>, int> colour;
    for (const LinkReport& l : reports) colour[{l.rank, l.neighbour}] = l.colour;
    for (const LinkReport& l : reports) EXPECT_EQ(colour.at({l.neighbour, l.rank}), l.colour);
    EXPECT_LE(colouring.num_colours, 2 * (k - 1) - 1);
}

TEST(DistributedGde, ColouringPastTheColourLimitFailsOnEveryRank) {
    // K_300 needs at least 299 colours in any proper edge colouring, more than the 256 the
    // colouring can name: every rank must throw the same error (none left waiting in an
    // exchange).
    const mpi::ProcessorLinks links = complete_network(300, [](PartId, PartId) { return 1; });
    mpi::LinkExchange exchange(MPI_COMM_WORLD, links);
    EXPECT_THROW(mpi::colour_links(MPI_COMM_WORLD, links, exchange), mpi::CollectiveError);
}
