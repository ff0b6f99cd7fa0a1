// Distributed gde (rebalance_with_gde through distributed_gde) on a grid with a hot spot: every
// vertex ends on exactly one rank, the rank hosting its new part, the loads are balanced,
// growth seeds the empty parts, shrinking drains the retiring ones, two runs give the same
// partition, and so do other rank counts.
#include <gtest/gtest.h>

#include <algorithm>

#include "formats/chaco_graph.hpp"
#include "formats/mpi/distributed_chaco.hpp"
#include "formats/mpi/repart_output.hpp"
#include "formats/partition_file.hpp"
#include "formats/plan_file.hpp"
#include "libpart/core/metrics.hpp"
#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/distributed_gde_repart.hpp"
#include "libpart/mpi/distributed_refine.hpp"
#include "libpart/mpi/distributed_repart.hpp"
#include "libpart/mpi/exchange.hpp"
#include "libpart/mpi/vertex_directory.hpp"
#include "libpart/repart/repart_method.hpp"
#include "tests/mpi/hot_spot_grid.hpp"
#include "tests/mpi/shared_scratch.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;
using namespace part::test;

namespace {

Outcome run_gde(const HotSpotGrid& grid, PartId old_parts, PartId new_parts,
                std::vector<double> targets = {}, MPI_Comm comm = MPI_COMM_WORLD,
                double tolerance = 0) {
    Outcome out;
    out.input =
        formats::mpi::read_distributed_input(comm, grid.graph_path, grid.old_path, old_parts);
    RepartRequest request;
    request.new_parts = new_parts;
    request.targets = std::move(targets);
    request.tolerance = tolerance;
    out.result = mpi::distributed_gde(comm, out.input, request);
    return out;
}

} // namespace

TEST(DistributedGdeRepart, BalancesAHotSpotWithOnePartPerRank) {
    SharedScratch dir;
    const PartId k = world_size();
    const HotSpotGrid grid(dir, k);
    const Outcome out = run_gde(grid, k, k);
    expect_sound(dir, grid, out, k);
    if (world_rank() == 0 && k > 1) {
        // The hot spot was unbalanced to start with, so something moved.
        const auto before = part_weights(grid.graph, grid.old_part, k);
        EXPECT_GT(*std::max_element(before.begin(), before.end()) * k,
                  WeightSum(1.1 * double(grid.graph.total_vertex_weight()[0])));
        EXPECT_GT(out.result.plan.outline.offsets.back(), 0);
    }
}

TEST(DistributedGdeRepart, WithinAToleranceMovesOnlyTheExcess) {
    // The paper's GDE (tolerance 0) balances every part to its share; within a tolerance only
    // the load above (1 + tolerance) x a share moves, as in the serial method, so fewer
    // vertices move, and every part ends within the tolerance. Four parts on any P.
    SharedScratch dir;
    const PartId k = 4;
    const HotSpotGrid grid(dir, k);
    const Outcome paper = run_gde(grid, k, k);
    const Outcome within = run_gde(grid, k, k, {}, MPI_COMM_WORLD, 0.03);
    expect_sound(dir, grid, within, k);
    if (world_rank() != 0) return;
    const WeightSum total = grid.graph.total_vertex_weight()[0];
    const auto heaviest = [&](const Outcome& out) {
        const auto& w = out.result.part_weights;
        return double(*std::max_element(w.begin(), w.end())) * k / double(total);
    };
    EXPECT_LE(heaviest(within), 1.03 + 1e-9);
    EXPECT_LT(heaviest(paper), 1.01);
    EXPECT_LT(within.result.plan.outline.offsets.back(), paper.result.plan.outline.offsets.back());
}

// On a grid numbered at random and large enough that the ranks' shares, up to two ranks, are
// renumbered part by part for the reshaping (RankShare), the parts are as good as the serial
// method's.
TEST(DistributedGdeRepart, WithinAToleranceReshapesAScatteredGraphAsTheSerialMethod) {
    SharedScratch dir;
    const PartId k = 4;
    const HotSpotGrid grid(dir, k, 520, true);
    const Outcome out = run_gde(grid, k, k, {}, MPI_COMM_WORLD, 0.03);
    expect_sound(dir, grid, out, k);
    const std::vector<PartId> distributed =
        mpi::gather_pieces<PartId>(MPI_COMM_WORLD, out.result.block_new_part);
    if (world_rank() != 0) return;
    RepartRequest request;
    request.new_parts = k;
    request.tolerance = 0.03;
    const std::vector<PartId> serial =
        repart_method("gde")(grid.graph, {k, grid.old_part, {}}, request).partition.part;
    EXPECT_LE(double(edge_cut(grid.graph, distributed)),
              1.1 * double(edge_cut(grid.graph, serial)));
    const auto moved = [&](const std::vector<PartId>& part) {
        VertexId count = 0;
        for (std::size_t v = 0; v < part.size(); ++v) count += part[v] != grid.old_part[v];
        return double(count);
    };
    EXPECT_LE(moved(distributed), 1.25 * moved(serial));
}

TEST(DistributedGdeRepart, GrowsOntoEmptyRanks) {
    SharedScratch dir;
    const PartId k = world_size(), old_parts = std::max(1, k / 2);
    const HotSpotGrid grid(dir, old_parts);
    const Outcome out = run_gde(grid, old_parts, k);
    expect_sound(dir, grid, out, k);
}

TEST(DistributedGdeRepart, TwoRunsGiveTheSamePartition) {
    SharedScratch dir;
    const PartId k = world_size();
    const HotSpotGrid grid(dir, k);
    const Outcome first = run_gde(grid, k, k), second = run_gde(grid, k, k);
    EXPECT_EQ(first.result.block_new_part, second.result.block_new_part);
    EXPECT_EQ(first.input.graph.global_id, second.input.graph.global_id);
    EXPECT_EQ(first.result.plan.outline, second.result.plan.outline);
    EXPECT_EQ(first.result.plan.vertices, second.result.plan.vertices);
}

TEST(DistributedGdeRepart, ShrinksByDrainingRetiringParts) {
    SharedScratch dir;
    // Four old parts on any number of ranks (several per rank when P < 4); two or one of them
    // retire and must end empty.
    const HotSpotGrid grid(dir, 4);
    for (PartId k2 : {2, 3}) {
        const Outcome out = run_gde(grid, 4, k2);
        expect_sound(dir, grid, out, k2);
        EXPECT_EQ(out.result.new_part_rank.size(), std::size_t(k2));
        if (world_rank() == 0) {
            // The strips hold the same data (vertex sizes 1), so the lowest ranks stay (as the
            // serial methods choose) and the others retire.
            EXPECT_EQ(out.result.new_part_rank[0], 0);
            EXPECT_EQ(out.result.new_part_rank[1], 1);
        }
    }
}

TEST(DistributedGdeRepart, GrowsWithFewerRanksThanParts) {
    SharedScratch dir;
    const HotSpotGrid grid(dir, 2);
    const Outcome out = run_gde(grid, 2, 5);
    expect_sound(dir, grid, out, 5);
}

// The partition of each rank count, gathered on that communicator's rank 0 in file order.
std::vector<PartId> gathered_partition(MPI_Comm comm, const Outcome& out) {
    return mpi::gather_pieces<PartId>(comm, out.result.block_new_part);
}

TEST(DistributedGdeRepart, ThePartitionDoesNotDependOnTheRankCount) {
    SharedScratch dir;
    const HotSpotGrid grid(dir, 4);
    // Rank 0 alone (P = 1) and the other ranks together (P - 1) repeat the world's run.
    const int rank = world_rank();
    MPI_Comm part_of_world = MPI_COMM_NULL;
    MPI_Comm_split(MPI_COMM_WORLD, rank == 0 ? 0 : 1, rank, &part_of_world);
    for (const auto& [k2, targets] : std::vector<std::pair<PartId, std::vector<double>>>{
             {4, {}}, {2, {}}, {3, {0.5, 0.25, 0.25}}, {6, {}}}) {
        const Outcome world = run_gde(grid, 4, k2, targets);
        const Outcome alone = run_gde(grid, 4, k2, targets, part_of_world);
        const std::vector<PartId> expected = gathered_partition(MPI_COMM_WORLD, world);
        std::vector<PartId> mine = gathered_partition(part_of_world, alone);
        // The other group's rank 0 sends its partition to world rank 0 for comparison.
        if (world_size() > 1) {
            if (rank == 1) {
                const int count = int(mine.size());
                MPI_Send(&count, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
                MPI_Send(mine.data(), count, MPI_INT32_T, 0, 3, MPI_COMM_WORLD);
            } else if (rank == 0) {
                int count = 0;
                MPI_Recv(&count, 1, MPI_INT, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                std::vector<PartId> others(std::size_t(count), 0);
                MPI_Recv(others.data(), count, MPI_INT32_T, 1, 3, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
                EXPECT_EQ(others, expected) << "P = " << world_size() - 1 << ", K2 = " << k2;
            }
        }
        if (rank == 0) {
            EXPECT_EQ(mine, expected) << "P = 1, K2 = " << k2;
            EXPECT_EQ(world.result.new_part_rank, alone.result.new_part_rank);
            EXPECT_EQ(world.result.edge_cut, alone.result.edge_cut);
        }
    }
    MPI_Comm_free(&part_of_world);
}

TEST(DistributedGdeRepart, BalancesToUnequalTargets) {
    SharedScratch dir;
    const PartId k = world_size();
    if (k < 2) GTEST_SKIP() << "one part has one target";
    const HotSpotGrid grid(dir, k);
    // Rank 0's part should get three times the share of each other part.
    std::vector<double> targets(std::size_t(k), 1.0 / (k + 2));
    targets[0] = 3.0 / (k + 2);
    const Outcome out = run_gde(grid, k, k, targets);
    const WeightSum total = grid.graph.total_vertex_weight()[0];
    for (PartId q = 0; q < k; ++q)
        EXPECT_LE(double(out.result.part_weights[q]), 1.03 * targets[q] * double(total))
            << "part " << q;
    EXPECT_LE(out.result.imbalance, 1.03);
}

TEST(DistributedGdeRepart, BalancedInputMovesNothingAndWritesAnEmptyPlan) {
    SharedScratch dir;
    const PartId k = world_size();
    HotSpotGrid grid(dir, k);
    // Unit weights and strips of kSide / k rows (k <= 4 divides kSide): the parts weigh the
    // same, so GDE has nothing to move and the plan lists no vertex.
    grid.graph.vwgt.assign(grid.graph.vwgt.size(), 1);
    grid.graph_path = dir.write("flat.graph", formats::format_chaco_graph(grid.graph));
    const Outcome out = run_gde(grid, k, k);
    EXPECT_EQ(out.result.plan.outline.offsets.back(), 0);
    expect_sound(dir, grid, out, k);
}

// naca0012 in strips of its numbering on k processors, balanced by GDE, then refined:
// ragged borders. Returns (cut reduction the refinement reports, cut before - cut after), and
// checks the balance and the moves.
std::pair<WeightSum, WeightSum> refine_strips(const SharedScratch& dir) {
    const int k = world_size();
    const std::string graph_path = source_file("data/naca0012.graph");
    const int n = 19886;
    std::string text;
    for (int v = 0; v < n; ++v) text += std::to_string(std::int64_t(v) * k / n) + "\n";
    mpi::DistributedInput input = formats::mpi::read_distributed_input(
        MPI_COMM_WORLD, graph_path, dir.write("strips.part", text), k);
    std::vector<PartId> label(input.old_part), block_label(input.block_old_part);
    const std::vector<double> capacity(std::size_t(k), 1.0);
    mpi::LabelledGraph labelled{MPI_COMM_WORLD, input.graph, input.block_start, label, block_label};
    mpi::rebalance_with_gde(labelled, capacity);
    auto cut_now = [&] {
        return mpi::distributed_edge_cut(MPI_COMM_WORLD, input.graph, label, input.block_start,
                                         block_label);
    };
    const WeightSum before = cut_now();
    const mpi::BorderRefineStats stats = mpi::refine_borders(labelled, capacity, 0.03);
    const WeightSum after = cut_now();
    EXPECT_EQ(stats.edge_cut, after);
    if (k > 1) {
        EXPECT_GT(stats.moves, 0) << "strip borders of a mesh numbering are ragged";
    }
    const auto weights = mpi::global_part_weights(MPI_COMM_WORLD, input.graph, label, k);
    for (WeightSum w : weights) EXPECT_LE(double(w) * k, 1.03 * n + k);
    return {stats.cut_reduction, before - after};
}

TEST(DistributedGdeRepart, BorderRefinementLowersTheCutByItsGainsWithinTolerance) {
    SharedScratch dir;
    const auto [reported, measured] = refine_strips(dir);
    EXPECT_EQ(measured, reported);
    EXPECT_GE(reported, 0);
}
