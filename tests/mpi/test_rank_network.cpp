// The processor network of the distributed GDE (Xu, Lau & Diekmann 1997, 3): the links of each
// processor found from its ghost vertices, with the cut weight on each; values swapped along
// links; and the edge colouring that takes longer borders first.
#include <gtest/gtest.h>

#include <numeric>

#include "libpart/core/graph_builder.hpp"
#include "libpart/core/metrics.hpp"
#include "libpart/mpi/ghost_layer.hpp"
#include "libpart/mpi/rank_network.hpp"
#include "libpart/mpi/subdomain_view.hpp"
#include "tests/mpi/shared_scratch.hpp"

using namespace part;
using namespace part::test;

namespace {

// A serial graph spread as the distributed GDE finds it: each vertex on the rank running its
// processor (owner_of_part), and the labels' directory over blocks [n r / P, n (r+1) / P) of
// the numbering.
struct Network {
    mpi::DistributedGraph graph;
    std::vector<PartId> label; // of the owned vertices
    mpi::GhostLayer ghosts;
    mpi::ProcessorLinks links;
};

mpi::DistributedGraph owned_part(const Graph& serial, const std::vector<PartId>& part) {
    mpi::DistributedGraph g;
    g.global_vertices = serial.num_vertices();
    g.global_edges = serial.num_edges();
    g.has_edge_weights = serial.has_edge_weights();
    g.local.ncon = 1;
    for (VertexId v = 0; v < serial.num_vertices(); ++v) {
        if (mpi::owner_of_part(part[std::size_t(v)], world_size()) != world_rank()) continue;
        g.global_id.push_back(v);
        g.local.vwgt.push_back(serial.vertex_weight(v));
        for (EdgeOffset e = serial.xadj[v]; e < serial.xadj[v + 1]; ++e) {
            g.local.adjncy.push_back(serial.adjncy[e]);
            if (serial.has_edge_weights()) g.local.adjwgt.push_back(serial.adjwgt[e]);
        }
        g.local.xadj.push_back(EdgeOffset(g.local.adjncy.size()));
    }
    return g;
}

Network network_of(const Graph& serial, const std::vector<PartId>& part, PartId k) {
    Network net{owned_part(serial, part), {}, {}, {}};
    for (VertexId v : net.graph.global_id) net.label.push_back(part[std::size_t(v)]);
    const int ranks = world_size(), rank = world_rank();
    std::vector<VertexId> block_start;
    for (int r = 0; r <= ranks; ++r)
        block_start.push_back(VertexId(std::int64_t(serial.num_vertices()) * r / ranks));
    const std::vector<PartId> block_label(part.begin() + block_start[rank],
                                          part.begin() + block_start[rank + 1]);
    net.ghosts = mpi::ghost_layer(MPI_COMM_WORLD, net.graph, block_start, block_label);
    net.links = mpi::processor_links(net.graph, net.label, net.ghosts,
                                     mpi::hosted_processors(MPI_COMM_WORLD, k));
    return net;
}

// A grid of 3 rows and 4 columns, processor = column; the edges between columns i and i + 1
// weigh between_columns[i], so the borders are 3 times that.
Graph column_grid(const std::vector<Weight>& between_columns, std::vector<PartId>& part) {
    std::vector<WeightedEdge> edges;
    part.clear();
    for (VertexId row = 0; row < 3; ++row)
        for (VertexId col = 0; col < 4; ++col) {
            const VertexId v = row * 4 + col;
            part.push_back(col);
            if (col + 1 < 4) edges.push_back({v, v + 1, between_columns[std::size_t(col)]});
            if (row + 1 < 3) edges.push_back({v, v + 4, 1});
        }
    return graph_from_edges(12, edges, true);
}

// The links of processor `p` on this rank, as (neighbour, border) pairs.
std::vector<std::pair<PartId, WeightSum>> links_of(const mpi::ProcessorLinks& links, PartId p) {
    std::vector<std::pair<PartId, WeightSum>> result;
    for (std::size_t i = 0; i < links.processors.size(); ++i)
        if (links.processors[i] == p)
            for (std::size_t l = links.first[i]; l < links.first[i + 1]; ++l) {
                EXPECT_EQ(links.owner[l], i);
                result.emplace_back(links.neighbour[l], links.border[l]);
            }
    return result;
}

} // namespace

TEST(RankNetwork, GhostLayerListsForeignNeighboursWithTheirLabels) {
    std::vector<PartId> part;
    const Graph serial = column_grid({1, 1, 1}, part);
    const Network net = network_of(serial, part, 4);
    const mpi::DistributedGraph& g = net.graph;
    std::vector<VertexId> foreign; // neighbours whose processor runs on another rank
    for (VertexId u : g.local.adjncy)
        if (mpi::owner_of_part(part[std::size_t(u)], world_size()) != world_rank())
            foreign.push_back(u);
    std::sort(foreign.begin(), foreign.end());
    foreign.erase(std::unique(foreign.begin(), foreign.end()), foreign.end());
    EXPECT_EQ(net.ghosts.ids, foreign);
    for (std::size_t i = 0; i < net.ghosts.ids.size(); ++i)
        EXPECT_EQ(net.ghosts.label[i], part[std::size_t(net.ghosts.ids[i])]);
    for (EdgeOffset e = 0; e < EdgeOffset(g.local.adjncy.size()); ++e)
        EXPECT_EQ(net.ghosts.label_of_entry(net.label, e), part[std::size_t(g.local.adjncy[e])]);
}

TEST(RankNetwork, ProcessorsLinkWhereEdgesJoinThemWithTheCutWeight) {
    std::vector<PartId> part;
    const Graph serial = column_grid({1, 5, 2}, part);
    const Network net = network_of(serial, part, 4);
    EXPECT_EQ(net.links.processors, mpi::hosted_processors(MPI_COMM_WORLD, 4));
    for (PartId p : net.links.processors) {
        std::vector<std::pair<PartId, WeightSum>> expected;
        if (p > 0) expected.emplace_back(p - 1, WeightSum(3 * std::vector<int>{1, 5, 2}[p - 1]));
        if (p < 3) expected.emplace_back(p + 1, WeightSum(3 * std::vector<int>{1, 5, 2}[p]));
        EXPECT_EQ(links_of(net.links, p), expected) << "processor " << p;
    }
}

TEST(RankNetwork, LinkBordersAreTheQuotientGraphsEdgeWeights) {
    // A 10 x 9 grid with edge weights, in 6 processors of ragged shapes.
    std::vector<WeightedEdge> edges;
    std::vector<PartId> part;
    for (VertexId v = 0; v < 90; ++v) {
        const VertexId x = v % 10, y = v / 10;
        part.push_back(PartId((x * x + 3 * y) % 6));
        if (x + 1 < 10) edges.push_back({v, v + 1, 1 + (v % 3)});
        if (y + 1 < 9) edges.push_back({v, v + 10, 1 + (v % 4)});
    }
    const Graph serial = graph_from_edges(90, edges, true);
    const Graph quotient = quotient_graph(serial, part, 6);
    const Network net = network_of(serial, part, 6);
    for (PartId p : net.links.processors) {
        std::vector<std::pair<PartId, WeightSum>> expected;
        for (EdgeOffset e = quotient.xadj[p]; e < quotient.xadj[p + 1]; ++e)
            expected.emplace_back(quotient.adjncy[e], quotient.edge_weight(e));
        EXPECT_EQ(links_of(net.links, p), expected) << "processor " << p;
    }
}

TEST(RankNetwork, SwapReturnsWhatTheOtherEndSentOnActiveLinksOnly) {
    std::vector<PartId> part;
    const Graph serial = column_grid({1, 1, 1}, part);
    const Network net = network_of(serial, part, 4);
    const mpi::ProcessorLinks& links = net.links;
    mpi::LinkExchange exchange(MPI_COMM_WORLD, links);
    std::vector<int> out;
    std::vector<char> active;
    for (std::size_t l = 0; l < links.size(); ++l) {
        const PartId self = links.processors[links.owner[l]], other = links.neighbour[l];
        out.push_back(10 * self + other);
        active.push_back(std::min(self, other) != 1); // the link 1 - 2 stays silent
    }
    const std::vector<int> all = exchange.swap<int>(out);
    const std::vector<int> some = exchange.swap<int>(out, active);
    for (std::size_t l = 0; l < links.size(); ++l) {
        const PartId self = links.processors[links.owner[l]], other = links.neighbour[l];
        EXPECT_EQ(all[l], 10 * other + self);
        EXPECT_EQ(some[l], active[l] ? 10 * other + self : out[l]);
    }
}

TEST(RankNetwork, ColouringTakesTheLongestBorderFirst) {
    // Borders 3, 15 and 6 on the chain 0 - 1 - 2 - 3: the link 1 - 2 takes colour 0, its two
    // neighbours colour 1 (in lexicographic order 0 - 1 would have taken colour 0).
    std::vector<PartId> part;
    const Graph serial = column_grid({1, 5, 2}, part);
    const Network net = network_of(serial, part, 4);
    mpi::LinkExchange exchange(MPI_COMM_WORLD, net.links);
    const mpi::LinkColouring colouring = mpi::colour_links(MPI_COMM_WORLD, net.links, exchange);
    EXPECT_EQ(colouring.num_colours, 2);
    for (std::size_t l = 0; l < net.links.size(); ++l) {
        const PartId self = net.links.processors[net.links.owner[l]];
        const PartId low = std::min(self, net.links.neighbour[l]);
        EXPECT_EQ(colouring.colour[l], low == 1 ? 0 : 1)
            << "link " << self << " - " << net.links.neighbour[l];
    }
}

TEST(RankNetwork, ColouringOfARaggedNetworkIsProperAgreedAndWithinTwiceTheDegree) {
    std::vector<WeightedEdge> edges;
    std::vector<PartId> part;
    for (VertexId v = 0; v < 144; ++v) {
        const VertexId x = v % 12, y = v / 12;
        part.push_back(PartId((x / 3) + 4 * (y / 4) + ((x + y) % 5 == 0 ? 1 : 0)) % 12);
        if (x + 1 < 12) edges.push_back({v, v + 1, 1});
        if (y + 1 < 12) edges.push_back({v, v + 12, 1});
    }
    const Graph serial = graph_from_edges(144, edges, false);
    const Network net = network_of(serial, part, 12);
    mpi::LinkExchange exchange(MPI_COMM_WORLD, net.links);
    const mpi::LinkColouring colouring = mpi::colour_links(MPI_COMM_WORLD, net.links, exchange);
    const std::vector<int> far_colour = exchange.swap<int>(colouring.colour);
    int most_colours = colouring.num_colours, least_colours = colouring.num_colours;
    MPI_Allreduce(MPI_IN_PLACE, &most_colours, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, &least_colours, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    EXPECT_EQ(most_colours, least_colours);
    const Graph quotient = quotient_graph(serial, part, 12);
    VertexId max_degree = 0;
    for (VertexId p = 0; p < 12; ++p) max_degree = std::max(max_degree, quotient.degree(p));
    EXPECT_LE(colouring.num_colours, 2 * max_degree - 1);
    for (std::size_t i = 0; i < net.links.processors.size(); ++i)
        for (std::size_t l = net.links.first[i]; l < net.links.first[i + 1]; ++l) {
            EXPECT_EQ(far_colour[l], colouring.colour[l]);
            EXPECT_GE(colouring.colour[l], 0);
            EXPECT_LT(colouring.colour[l], colouring.num_colours);
            for (std::size_t j = net.links.first[i]; j < l; ++j)
                EXPECT_NE(colouring.colour[j], colouring.colour[l]);
        }
}
