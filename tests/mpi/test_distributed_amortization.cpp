// The per-part totals the distributed report and the controller reduce to rank 0 equal the
// serial ones, wherever the vertices lie; the owned-id index and the neighbour slots behind them
// agree with a binary search.
#include <gtest/gtest.h>

#include <algorithm>

#include "formats/chaco_graph.hpp"
#include "formats/mpi/distributed_chaco.hpp"
#include "formats/partition_file.hpp"
#include "libpart/mpi/distributed_amortization.hpp"
#include "libpart/mpi/exchange.hpp"
#include "libpart/mpi/neighbour_slots.hpp"
#include "libpart/mpi/vertex_directory.hpp"
#include "libpart/plan/migration_plan.hpp"
#include "libpart/repart/amortization.hpp"
#include "tests/mpi/shared_scratch.hpp"
#include "tests/support/naca0012.hpp"

using namespace part;
using namespace part::test;

namespace {

// An arbitrary new partition, a function of the global id so every rank can evaluate it.
PartId new_part_of(VertexId id, PartId parts) {
    return PartId((std::int64_t(id) * 7 / 1000 + id % 2) % parts);
}

void expect_equal(const PartLoads& got, const PartLoads& expected, const std::string& what) {
    EXPECT_EQ(got.weight, expected.weight) << what;
    EXPECT_EQ(got.cut, expected.cut) << what;
}

} // namespace

TEST(OwnedIndex, FindsEveryOwnedIdAndNothingElseWhetherIdsAreDenseOrSparse) {
    std::vector<VertexId> dense; // every third id: the bitmap
    for (VertexId v = 0; v < 1000; ++v) dense.push_back(5 + 3 * v);
    std::vector<VertexId> sparse = dense; // a far outlier: buckets, most ids in the first one
    for (VertexId v : {5000000, 5000001, 1 << 30}) sparse.push_back(v);
    for (const std::vector<VertexId>& ids : {dense, sparse}) {
        const mpi::OwnedIndex index(ids);
        for (std::size_t i = 0; i < ids.size(); ++i) EXPECT_EQ(index.find(ids[i]), VertexId(i));
        for (VertexId v : {-1, 0, 4, 6, 7, 2998, 3003, 3004, 4999999, 5000002, (1 << 30) - 1})
            EXPECT_EQ(index.find(v), -1) << v << " of " << ids.size();
    }
    EXPECT_EQ(mpi::OwnedIndex(std::vector<VertexId>{}).find(0), -1);
}

TEST(NeighbourSlots, AgreeWithABinarySearch) {
    SharedScratch dir;
    const int n = formats::read_chaco_graph(kNacaGraph).num_vertices();
    std::string text;
    for (int v = 0; v < n; ++v) text += std::to_string((v / 997 + v % 3) % 4) + "\n";
    const auto input = formats::mpi::read_distributed_input(MPI_COMM_WORLD, kNacaGraph,
                                                            dir.write("old.part.4", text), 0);
    const mpi::DistributedGraph& g = input.graph;
    const mpi::NeighbourSlots slots = mpi::neighbour_slots(g);
    std::vector<VertexId> ghosts;
    for (VertexId u : g.local.adjncy)
        if (!std::binary_search(g.global_id.begin(), g.global_id.end(), u)) ghosts.push_back(u);
    std::sort(ghosts.begin(), ghosts.end());
    ghosts.erase(std::unique(ghosts.begin(), ghosts.end()), ghosts.end());
    EXPECT_EQ(slots.ghosts, ghosts);
    ASSERT_EQ(slots.slots.size(), g.local.adjncy.size());
    for (std::size_t e = 0; e < slots.slots.size(); ++e) {
        const VertexId slot = slots.slots[e];
        const VertexId id =
            slot < g.num_owned() ? g.global_id[slot] : slots.ghosts[slot - g.num_owned()];
        ASSERT_EQ(id, g.local.adjncy[e]) << e;
    }
}

TEST(DistributedAmortization, LoadsEqualTheSerialOnesBeforeAndAfterTheDataMoves) {
    SharedScratch dir;
    const Graph graph = formats::read_chaco_graph(kNacaGraph);
    const int n = graph.num_vertices();
    std::string text;
    for (int v = 0; v < n; ++v) text += std::to_string((v / 1500 + v % 2) % 4) + "\n";
    const std::string old_path = dir.write("old.part.4", text);
    const Partition old_p = formats::read_partition(old_path, n);
    int rank = 0, ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    for (const PartId new_parts : {3, 4, 6}) {
        auto input = formats::mpi::read_distributed_input(MPI_COMM_WORLD, kNacaGraph, old_path, 0);
        std::vector<PartId> new_part(std::size_t(input.graph.num_owned()));
        for (std::size_t v = 0; v < new_part.size(); ++v)
            new_part[v] = new_part_of(input.graph.global_id[v], new_parts);
        std::vector<PartId> block_new_part(input.block_old_part.size());
        for (std::size_t i = 0; i < block_new_part.size(); ++i)
            block_new_part[i] = new_part_of(input.block_start[rank] + VertexId(i), new_parts);
        const Partition shape{new_parts, {}, {}};
        const std::vector<PartId> identity = identity_ranks(new_parts);
        auto loads = [&](mpi::Placement placement) {
            return mpi::reduce_remap_loads(MPI_COMM_WORLD, input.graph,
                                           {input.old_part, new_part, input.block_old_part,
                                            block_new_part, input.block_start, input.old_parts,
                                            shape, identity},
                                           placement);
        };
        std::vector<PartId> all_new(static_cast<std::size_t>(n));
        for (VertexId v = 0; v < n; ++v) all_new[v] = new_part_of(v, new_parts);
        const PartLoads expected_old = part_loads(graph, old_p.part, old_p.num_parts);
        const PartLoads expected_new = part_loads(graph, all_new, new_parts);
        // Distributed by old part: ghosts' old parts are known to differ, not asked.
        const mpi::RemapLoads before = loads(mpi::Placement::ByOldPart);
        // After the data moved to the new parts' ranks: both parts of ghosts asked.
        std::vector<int> destination(new_part.size());
        for (std::size_t v = 0; v < new_part.size(); ++v)
            destination[v] = mpi::owner_of_part(new_part[v], ranks);
        std::vector<std::int32_t>* carried[] = {&input.old_part, &new_part};
        mpi::migrate(MPI_COMM_WORLD, input.graph, destination, carried);
        const mpi::RemapLoads after = loads(mpi::Placement::Anywhere);
        if (rank != 0) continue;
        const std::string k2 = "K2 = " + std::to_string(new_parts);
        expect_equal(before.old_loads, expected_old, "old, before, " + k2);
        expect_equal(before.new_loads, expected_new, "new, before, " + k2);
        expect_equal(after.old_loads, expected_old, "old, after, " + k2);
        expect_equal(after.new_loads, expected_new, "new, after, " + k2);
    }
}
