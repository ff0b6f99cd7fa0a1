// The distributed repartitioning job from files to files: its outputs are the serial interval
// method's, targets reach every rank, a bad input fails on every rank with nothing written, and
// the new dataset's files are named before anything is written.
#include <gtest/gtest.h>

#include "formats/chaco_graph.hpp"
#include "formats/mpi/distributed_repart_job.hpp"
#include "formats/partition_file.hpp"
#include "formats/plan_file.hpp"
#include "formats/text_output.hpp"
#include "libpart/core/metrics.hpp"
#include "libpart/plan/migration_plan.hpp"
#include "tests/mpi/shared_scratch.hpp"
#include "tests/support/naca0012.hpp"

using namespace part;
using namespace part::test;

namespace {

std::string scattered_old(const SharedScratch& dir) {
    std::string text;
    for (int v = 0; v < kNacaVertices; ++v) text += std::to_string((v / 1500 + v % 2) % 4) + "\n";
    return dir.write("old.part.4", text);
}

formats::mpi::DistributedRepartOptions interval_options(const SharedScratch& dir) {
    formats::mpi::DistributedRepartOptions o;
    o.method = "interval";
    o.graph_path = kNacaGraph;
    o.old_path = scattered_old(dir);
    o.partition_path = dir.file("new.part");
    o.plan_path = dir.file("move.plan");
    o.request.tolerance = 0.03;
    return o;
}

} // namespace

TEST(DistributedRepartJob, WritesTheSerialIntervalFiles) {
    SharedScratch dir;
    formats::mpi::DistributedRepartOptions o = interval_options(dir);
    o.new_parts = 3;
    formats::mpi::DistributedRepartJob job(MPI_COMM_WORLD, o);
    EXPECT_EQ(job.vertices(), kNacaVertices);
    EXPECT_EQ(job.new_parts(), 3);
    EXPECT_TRUE(job.dataset_files().empty());
    job.repartition();
    job.write();
    EXPECT_EQ(job.dataset(), nullptr);
    MPI_Barrier(MPI_COMM_WORLD);
    if (world_rank() != 0) return;
    const Graph graph = formats::read_chaco_graph(kNacaGraph);
    PartId old_parts = 0;
    const Partition old_p = formats::read_partition(o.old_path, kNacaVertices, old_parts);
    RepartRequest request = o.request;
    request.new_parts = 3;
    const RepartResult serial = repart_method("interval")(graph, old_p, request);
    EXPECT_EQ(read_text(o.partition_path), formats::one_per_line(serial.partition.part));
    EXPECT_EQ(read_text(o.plan_path),
              formats::format_plan(diff(old_p, serial.partition, serial.new_part_rank)));
    EXPECT_GE(job.bytes_sent().first, job.bytes_sent().second); // all ranks', most of one
    if (job.ranks() > 1) {
        EXPECT_GT(job.bytes_sent().second, 0);
    }
    EXPECT_EQ(job.result().edge_cut, compute_metrics(graph, serial.partition).edge_cut);
}

TEST(DistributedRepartJob, TargetsReachEveryRank) {
    SharedScratch dir;
    formats::mpi::DistributedRepartOptions o = interval_options(dir);
    o.new_parts = 3;
    o.targets_path = dir.write("three.targets", "1\n1\n2\n");
    formats::mpi::DistributedRepartJob job(MPI_COMM_WORLD, o);
    job.repartition();
    const std::vector<WeightSum>& weights = job.result().part_weights;
    ASSERT_EQ(weights.size(), 3u);
    EXPECT_GT(weights[2], weights[0] + weights[0] / 2); // twice the others' share, within 3%
    EXPECT_GT(weights[2], weights[1] + weights[1] / 2);
}

TEST(DistributedRepartJob, TheOldCountIsTheDefault) {
    SharedScratch dir;
    formats::mpi::DistributedRepartJob job(MPI_COMM_WORLD, interval_options(dir));
    EXPECT_EQ(job.new_parts(), 4);
}

TEST(DistributedRepartJob, BadInputFailsOnEveryRankWithNothingWritten) {
    SharedScratch dir;
    formats::mpi::DistributedRepartOptions o = interval_options(dir);
    o.old_path = dir.file("missing.part");
    EXPECT_THROW(formats::mpi::DistributedRepartJob(MPI_COMM_WORLD, o), Error);
    MPI_Barrier(MPI_COMM_WORLD);
    EXPECT_FALSE(file_exists(o.partition_path));
    EXPECT_FALSE(file_exists(o.plan_path));
}

TEST(DistributedPvtuFilesTouched, NamesOnePiecePerPartBesideTheDataset) {
    SharedScratch dir;
    const std::string path = dir.file("out.pvtu");
    EXPECT_EQ(formats::mpi::distributed_pvtu_files_touched(path, 2),
              (std::vector<std::string>{dir.file("out_0.vtu"), dir.file("out_1.vtu")}));
}
