#pragma once
// A grid with a hot spot, written as shared files, for the distributed repartitioners' tests, and
// the checks every distributed result must pass.
#include <gtest/gtest.h>

#include <algorithm>

#include "formats/chaco_graph.hpp"
#include "formats/mpi/distributed_chaco.hpp"
#include "formats/mpi/repart_output.hpp"
#include "formats/partition_file.hpp"
#include "formats/plan_file.hpp"
#include "libpart/core/metrics.hpp"
#include "libpart/mpi/distributed_repart.hpp"
#include "libpart/mpi/exchange.hpp"
#include "tests/mpi/shared_scratch.hpp"
#include "tests/support/grid_graph.hpp"
#include "tests/support/shuffled_renumbering.hpp"

namespace part::test {

constexpr int kSide = 60;

// A side x side grid whose lower-left quarter weighs 6 per vertex (a hot spot), old parts
// in horizontal strips; the files are shared by every rank. `scattered`: numbered at random,
// as a mesh generator may number cells.
struct HotSpotGrid {
    Graph graph;
    std::string graph_path, old_path;
    std::vector<PartId> old_part;

    HotSpotGrid(const SharedScratch& dir, PartId old_parts, int side = kSide,
                bool scattered = false)
        : graph(grid_graph(side, side)) {
        graph.coords = {};
        graph.ncon = 1;
        graph.vwgt.assign(std::size_t(side * side), 1);
        for (int j = 0; j < side / 2; ++j)
            for (int i = 0; i < side / 2; ++i) graph.vwgt[i + side * j] = 6;
        for (VertexId v = 0; v < graph.num_vertices(); ++v)
            old_part.push_back(PartId(std::int64_t(v / side) * old_parts / side));
        if (scattered) {
            const Renumbering shuffle = shuffled_renumbering(graph.num_vertices());
            graph = renumbered_graph(graph, shuffle);
            old_part = in_new_order(old_part, shuffle);
        }
        std::string text;
        for (const PartId p : old_part) text += std::to_string(p) + "\n";
        graph_path = dir.write("hot.graph", formats::format_chaco_graph(graph));
        old_path = dir.write("hot.part", text);
    }
};

struct Outcome {
    mpi::DistributedRepartResult result;
    mpi::DistributedInput input;
};

// Checks on rank 0 from what every rank holds: each vertex exactly once, on the rank hosting
// its new part as the file-order blocks say, old parts carried along, and the balance.
inline void expect_sound(const SharedScratch& dir, const HotSpotGrid& grid, const Outcome& out,
                         PartId new_parts) {
    const int rank = world_rank();
    formats::mpi::write_repart_outputs(MPI_COMM_WORLD, dir.file("new.part"), dir.file("new.plan"),
                                       out.result);
    const auto owned = mpi::gather_pieces<VertexId>(MPI_COMM_WORLD, out.input.graph.global_id);
    const std::vector<std::int32_t> here(out.input.graph.global_id.size(), rank);
    const auto owner = mpi::gather_pieces<std::int32_t>(MPI_COMM_WORLD, here);
    const auto carried_old = mpi::gather_pieces<PartId>(MPI_COMM_WORLD, out.input.old_part);
    const auto new_part = mpi::gather_pieces<PartId>(MPI_COMM_WORLD, out.result.block_new_part);
    if (rank != 0) return;
    const VertexId n = grid.graph.num_vertices();
    ASSERT_EQ(owned.size(), std::size_t(n));
    ASSERT_EQ(new_part.size(), std::size_t(n));
    std::vector<int> seen(std::size_t(n), 0);
    for (std::size_t i = 0; i < owned.size(); ++i) {
        ASSERT_GE(owned[i], 0);
        ASSERT_LT(owned[i], n);
        ++seen[owned[i]];
        EXPECT_EQ(mpi::owner_of_part(out.result.new_part_rank[new_part[owned[i]]], world_size()),
                  owner[i])
            << "vertex " << owned[i];
        EXPECT_EQ(carried_old[i], grid.old_part[owned[i]]) << "vertex " << owned[i];
    }
    EXPECT_EQ(std::count(seen.begin(), seen.end(), 1), n) << "a vertex is lost or duplicated";

    const auto weights = part_weights(grid.graph, new_part, new_parts);
    EXPECT_EQ(weights, out.result.part_weights);
    const WeightSum total = grid.graph.total_vertex_weight()[0];
    for (PartId q = 0; q < new_parts; ++q)
        EXPECT_LE(double(weights[q]) * new_parts, 1.03 * double(total)) << "part " << q;
    EXPECT_EQ(out.result.edge_cut, edge_cut(grid.graph, new_part));
    const PartId old_parts = *std::max_element(grid.old_part.begin(), grid.old_part.end()) + 1;
    // The plan written from the ranks' pieces is the serial diff, byte for byte, and the
    // partition file holds the new parts in file order.
    const MigrationPlan expected =
        diff({old_parts, grid.old_part, {}}, {new_parts, new_part, {}}, out.result.new_part_rank);
    EXPECT_EQ(formats::read_plan(dir.file("new.plan")), expected);
    EXPECT_EQ(read_text(dir.file("new.plan")), formats::format_plan(expected));
    EXPECT_EQ(formats::read_partition(dir.file("new.part"), n, new_parts).part, new_part);
}

} // namespace part::test
