// Distributed adaptive (distributed_adaptive through adaptive_new_parts) on a grid with a hot
// spot: every vertex ends on the rank of its new part, the loads are balanced, one rank gives the
// serial method's diffusion candidate, more ranks its quality, a low price makes both candidates
// and keeps the lower objective, two runs the same partition, and a change of the part count is
// refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

#include "libpart/core/metrics.hpp"
#include "libpart/core/part_components.hpp"
#include "libpart/repart/adaptive_repart.hpp"
#include "libpart/repart/repart_method.hpp"
#include "tests/mpi/hot_spot_grid.hpp"
#include "tests/support/repart_details.hpp"

using namespace part;
using namespace part::test;

namespace {

Outcome run_adaptive(const HotSpotGrid& grid, PartId parts, RepartRequest request = {}) {
    Outcome out;
    out.input =
        formats::mpi::read_distributed_input(MPI_COMM_WORLD, grid.graph_path, grid.old_path, parts);
    request.new_parts = parts;
    out.result = mpi::distributed_adaptive(MPI_COMM_WORLD, out.input, request);
    return out;
}

// The new partition in file order, on rank 0.
std::vector<PartId> gathered_new_partition(const Outcome& out) {
    return mpi::gather_pieces<PartId>(MPI_COMM_WORLD, out.result.block_new_part);
}

} // namespace

TEST(DistributedAdaptive, BalancesAHotSpotOnEveryRankCount) {
    SharedScratch dir;
    for (const PartId k : {PartId(world_size()), PartId(2 * world_size() + 1)}) {
        const HotSpotGrid grid(dir, k);
        const Outcome out = run_adaptive(grid, k);
        expect_sound(dir, grid, out, k);
        if (world_rank() == 0 && k > 1) {
            EXPECT_GT(out.result.plan.outline.offsets.back(), 0);
        }
    }
}

TEST(DistributedAdaptive, GivesTheSerialPartitionOnOneRankAndItsQualityOnMore) {
    SharedScratch dir;
    const PartId k = 8;
    const HotSpotGrid grid(dir, k);
    const std::vector<PartId> distributed = gathered_new_partition(run_adaptive(grid, k));
    if (world_rank() != 0) return;
    RepartRequest request;
    request.new_parts = k;
    const RepartResult serial = adaptive_repartition(grid.graph, {k, grid.old_part, {}}, request);
    // At the default price both methods make the diffusion candidate only: where the serial
    // method keeps it as it is, one rank gives its partition.
    if (world_size() == 1) {
        ASSERT_EQ(test::detail(serial, "scratch_remap"), 0);
        ASSERT_EQ(test::detail(serial, "slack_rounds"), 0);
        EXPECT_EQ(distributed, serial.partition.part);
        return;
    }
    const WeightSum serial_cut = edge_cut(grid.graph, serial.partition.part);
    EXPECT_LE(double(edge_cut(grid.graph, distributed)), 1.1 * double(serial_cut));
    auto moved = [&](const std::vector<PartId>& part) {
        VertexId count = 0;
        for (std::size_t v = 0; v < part.size(); ++v) count += part[v] != grid.old_part[v];
        return count;
    };
    EXPECT_LE(double(moved(distributed)), 1.5 * double(moved(serial.partition.part)));
}

// A grid numbered at random and large enough that the serial method, and the ranks' shares of
// it up to two ranks, are renumbered part by part (RankShare): one rank still gives the serial
// partition in the file's numbering, and more ranks its quality.
TEST(DistributedAdaptive, GivesTheSerialPartitionOfAScatteredGraphOnOneRank) {
    SharedScratch dir;
    const PartId k = 8;
    const HotSpotGrid grid(dir, k, 520, true);
    const Outcome out = run_adaptive(grid, k);
    const std::vector<PartId> distributed = gathered_new_partition(out);
    if (world_rank() != 0) return;
    ASSERT_TRUE(scatters_neighbours(grid.graph));
    // The objective the ranks counted, with their neighbours' parts, is the partition's.
    VertexId moved = 0;
    for (std::size_t v = 0; v < distributed.size(); ++v)
        moved += distributed[v] != grid.old_part[v];
    EXPECT_NEAR(test::detail(out.result.details, "diffusion_objective"),
                double(edge_cut(grid.graph, distributed)) + 0.5 * double(moved), 1e-6);
    RepartRequest request;
    request.new_parts = k;
    const std::vector<PartId> serial =
        repart_method("adaptive")(grid.graph, {k, grid.old_part, {}}, request).partition.part;
    if (world_size() == 1) {
        EXPECT_EQ(distributed, serial);
        return;
    }
    EXPECT_LE(double(edge_cut(grid.graph, distributed)),
              1.1 * double(edge_cut(grid.graph, serial)));
}

TEST(DistributedAdaptive, BelowTheDiffusionOnlyPriceKeepsTheLowerObjectiveOfTwoCandidates) {
    SharedScratch dir;
    const PartId k = 8;
    const HotSpotGrid grid(dir, k);
    RepartRequest request;
    request.tolerance = 0.03;
    request.migration_cost = 0.01;
    const Outcome out = run_adaptive(grid, k, request);
    const std::vector<PartId> kept = gathered_new_partition(out);
    expect_sound(dir, grid, out, k);
    const double diffusion = test::detail(out.result.details, "diffusion_objective");
    const double remap = test::detail(out.result.details, "scratch_remap_objective");
    const Outcome again = run_adaptive(grid, k, request);
    const std::vector<PartId> second = gathered_new_partition(again);
    if (world_rank() != 0) return;
    ASSERT_GE(remap, 0) << "the scratch-remap was not made";
    ASSERT_EQ(test::detail(out.result.details, "overload_left"), 0);
    EXPECT_EQ(test::detail(out.result.details, "scratch_remap"), remap < diffusion ? 1 : 0);
    // The objective reported is the kept partition's, counted afresh over the whole graph.
    VertexId moved = 0;
    for (std::size_t v = 0; v < kept.size(); ++v) moved += kept[v] != grid.old_part[v];
    const double objective = double(edge_cut(grid.graph, kept)) + 0.01 * double(moved);
    EXPECT_NEAR(objective, std::min(diffusion, remap), 1e-6);
    EXPECT_EQ(kept, second);
}

TEST(DistributedAdaptive, TwoRunsGiveTheSamePartition) {
    SharedScratch dir;
    const PartId k = 2 * world_size();
    const HotSpotGrid grid(dir, k);
    const std::vector<PartId> first = gathered_new_partition(run_adaptive(grid, k));
    const std::vector<PartId> second = gathered_new_partition(run_adaptive(grid, k));
    if (world_rank() == 0) {
        EXPECT_EQ(first, second);
    }
}

TEST(DistributedAdaptive, RefusesToChangeThePartCount) {
    SharedScratch dir;
    const PartId k = 2 * world_size();
    const HotSpotGrid grid(dir, k);
    mpi::DistributedInput input =
        formats::mpi::read_distributed_input(MPI_COMM_WORLD, grid.graph_path, grid.old_path, k);
    RepartRequest request;
    request.new_parts = k + 1;
    EXPECT_THROW(mpi::distributed_adaptive(MPI_COMM_WORLD, input, request), std::invalid_argument);
}
