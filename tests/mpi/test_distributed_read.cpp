// Parallel input: every vertex reaches exactly one rank, the one owning its old part, with
// the adjacency, weights, sizes and coordinates the serial readers give.
#include <gtest/gtest.h>

#include "formats/chaco_graph.hpp"
#include "formats/coordinates_file.hpp"
#include "formats/mpi/distributed_chaco.hpp"
#include "libpart/mpi/exchange.hpp"
#include "tests/mpi/shared_scratch.hpp"

using namespace part;
using namespace part::test;

namespace {

// A weighted grid graph with sizes, vertex and edge weights, and comment lines between the
// vertex lines (and a multi-line comment before the header), as Chaco allows.
std::string commented_grid_text(int rows, int cols) {
    const int n = rows * cols;
    int edges = rows * (cols - 1) + cols * (rows - 1);
    std::string text =
        "% a grid\n%% with comments\n" + std::to_string(n) + " " + std::to_string(edges) + " 111\n";
    for (int v = 0; v < n; ++v) {
        if (v % 7 == 3) text += "% comment between vertex lines\n";
        const int r = v / cols, c = v % cols;
        text += std::to_string(1 + v % 3) + " " + std::to_string(2 + v % 5);
        auto edge = [&](int u) {
            text.append(" ").append(std::to_string(u + 1));
            text.append(" ").append(std::to_string(1 + (u + v) % 4));
        };
        if (r > 0) edge(v - cols);
        if (c > 0) edge(v - 1);
        if (c + 1 < cols) edge(v + 1);
        if (r + 1 < rows) edge(v + cols);
        text += "\n";
    }
    return text;
}

std::string blocks_partition(int n, int parts) {
    std::string text;
    for (int v = 0; v < n; ++v) text += std::to_string(std::int64_t(v) * parts / n) + "\n";
    return text;
}

std::string scattered_partition(int n, int parts) {
    std::string text = "% scattered\n";
    for (int v = 0; v < n; ++v) text += std::to_string((v * 7 + v / 5) % parts) + "\n";
    return text;
}

// Every owned vertex sits on its old part's rank with the serial reader's data, and the
// ranks together own each vertex exactly once.
void expect_distributed_like_serial(const formats::mpi::DistributedInput& input,
                                    const Graph& serial, const std::vector<PartId>& old_part) {
    const auto& g = input.graph;
    ASSERT_EQ(g.global_vertices, serial.num_vertices());
    for (VertexId v = 0; v < g.num_owned(); ++v) {
        const VertexId id = g.global_id[v];
        ASSERT_GE(id, 0);
        ASSERT_LT(id, serial.num_vertices());
        if (v > 0) {
            EXPECT_LT(g.global_id[v - 1], id);
        }
        EXPECT_EQ(input.old_part[v], old_part[id]);
        EXPECT_EQ(mpi::owner_of_part(input.old_part[v], world_size()), world_rank());
        EXPECT_EQ(g.local.vertex_weight(v), serial.vertex_weight(id));
        EXPECT_EQ(g.local.vertex_size(v), serial.vertex_size(id));
        const auto expected = serial.neighbours(id);
        ASSERT_EQ(g.local.xadj[v + 1] - g.local.xadj[v], EdgeOffset(expected.size()));
        for (EdgeOffset e = g.local.xadj[v], k = 0; e < g.local.xadj[v + 1]; ++e, ++k) {
            EXPECT_EQ(g.local.adjncy[e], expected[k]);
            EXPECT_EQ(g.local.edge_weight(e), serial.edge_weight(serial.xadj[id] + k));
        }
    }
    const std::vector<VertexId> all = mpi::gather_pieces<VertexId>(MPI_COMM_WORLD, g.global_id);
    if (world_rank() == 0) {
        std::vector<int> seen(std::size_t(serial.num_vertices()), 0);
        for (VertexId id : all) ++seen[id];
        for (VertexId v = 0; v < serial.num_vertices(); ++v)
            ASSERT_EQ(seen[v], 1) << "vertex " << v << " is owned " << seen[v] << " times";
    }
}

} // namespace

TEST(DistributedRead, SampleMeshReachesTheOwnersOfItsOldParts) {
    SharedScratch dir;
    const std::string graph_path = source_file("data/naca0012.graph");
    const Graph serial = formats::read_chaco_graph(graph_path);
    const int n = serial.num_vertices();
    for (const std::string& text : {blocks_partition(n, 3), scattered_partition(n, 5)}) {
        const std::string old_path = dir.write("old.part", text);
        std::vector<PartId> old_part;
        {
            std::istringstream in(text);
            std::string line;
            while (std::getline(in, line))
                if (line[0] != '%') old_part.push_back(std::stoi(line));
        }
        const auto input =
            formats::mpi::read_distributed_input(MPI_COMM_WORLD, graph_path, old_path, 0);
        expect_distributed_like_serial(input, serial, old_part);
    }
}

TEST(DistributedRead, CommentsWeightsAndSizesAsTheSerialReader) {
    SharedScratch dir;
    const std::string text = commented_grid_text(9, 13);
    const std::string graph_path = dir.write("grid.graph", text);
    const Graph serial = formats::parse_chaco_graph(text, "grid.graph");
    const std::string old_path =
        dir.write("old.part", scattered_partition(serial.num_vertices(), 4));
    const auto input =
        formats::mpi::read_distributed_input(MPI_COMM_WORLD, graph_path, old_path, 0);
    std::vector<PartId> old_part;
    for (VertexId v = 0; v < serial.num_vertices(); ++v) old_part.push_back((v * 7 + v / 5) % 4);
    expect_distributed_like_serial(input, serial, old_part);
    EXPECT_EQ(input.old_parts, 4);
}

TEST(DistributedRead, BlocksAreConsecutiveAndCoordinatesMatch) {
    const std::string graph_path = source_file("data/naca0012.graph");
    const std::string coords_path = source_file("data/naca0012.xyz");
    const auto slice = formats::mpi::read_chaco_slice(MPI_COMM_WORLD, graph_path);
    const Coordinates serial = formats::read_coordinates(coords_path, 19886);
    const Coordinates coords =
        formats::mpi::read_coordinates_slice(MPI_COMM_WORLD, coords_path, slice.block_start);
    const int rank = world_rank();
    ASSERT_EQ(int(slice.block_start.size()), world_size() + 1);
    EXPECT_EQ(slice.block_start.front(), 0);
    EXPECT_EQ(slice.block_start.back(), 19886);
    const VertexId first = slice.block_start[rank], count = slice.block_start[rank + 1] - first;
    ASSERT_EQ(slice.graph.num_owned(), count);
    for (VertexId i = 0; i < count; ++i) EXPECT_EQ(slice.graph.global_id[i], first + i);
    ASSERT_EQ(coords.dim, serial.dim);
    ASSERT_EQ(coords.values.size(), std::size_t(count) * std::size_t(coords.dim));
    for (std::size_t i = 0; i < coords.values.size(); ++i)
        EXPECT_EQ(coords.values[i], serial.values[std::size_t(first) * coords.dim + i]);
}
