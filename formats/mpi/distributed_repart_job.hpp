#pragma once
// A distributed repartitioning under mpirun from files to files (part-repart's distributed
// path), in the steps between which the tool checks what it has learnt: read the input
// distributed (a Chaco/METIS graph with its old partition, or a .pvtu with one piece per rank),
// repartition with the distributed interval or gde method (libpart/mpi), then write the new
// partition, the migration plan and, when asked, the cells redistributed as a new .pvtu: all of
// them or none. Every step is collective; errors are thrown on every rank.
#include <mpi.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "formats/mpi/distributed_pvtu.hpp"
#include "libpart/mesh/mesh.hpp"
#include "libpart/mpi/distributed_repart.hpp"
#include "libpart/mpi/exchange.hpp"

namespace part::formats::mpi {

struct DistributedRepartOptions {
    std::string method; // "interval" (rank 0 as controller) or "gde"
    std::string graph_path, old_path, targets_path, order_path, coords_path; // inputs
    std::string partition_path, plan_path;                                   // outputs
    PartId old_parts = 0; // as read_partition_slice (0: from the file)
    PartId new_parts = 0; // K2; 0: the old part count
    // Arrangement, message cost, tolerance; the job sets new_parts and targets.
    RepartRequest request;
    part::mpi::ControllerOptions controller; // cost model; interval: the horizon
    // A .pvtu GRAPH: the weight and size fields (the job sets the rest from the paths above).
    PvtuInputOptions pvtu;
    std::string pvtu_output; // the cells redistributed as this .pvtu; empty: none
    int ghost_layers = 0;    // of each new piece of pvtu_output
};

class DistributedRepartJob {
  public:
    // Reads the input: a .pvtu GRAPH with read_distributed_pvtu (rank r reads piece r, kept for
    // the new dataset), else read_distributed_input. Without --order, interval's line is the
    // Hilbert order of the coordinates (the cell centroids of a .pvtu).
    DistributedRepartJob(MPI_Comm comm, DistributedRepartOptions options);
    ~DistributedRepartJob();
    DistributedRepartJob(const DistributedRepartJob&) = delete;
    DistributedRepartJob& operator=(const DistributedRepartJob&) = delete;

    VertexId vertices() const { return input_.graph.global_vertices; }
    PartId new_parts() const { return options_.request.new_parts; } // K2, known once read
    PartId old_parts() const { return input_.old_parts; }           // K, known once read

    // Reads the targets on rank 0 (for K2 parts) and gives them to every rank, then runs the
    // method.
    void repartition();
    // The files writing pvtu_output with K2 pieces touches (none without it), for the caller to
    // check before write().
    std::vector<std::string> dataset_files() const;
    // Stages the new dataset (checked before anything is committed), writes the partition and
    // the plan (write_repart_outputs), then commits the dataset; totals the bytes sent.
    void write();

    const DistributedRepartOptions& options() const { return options_; }
    int ranks() const;
    const part::mpi::DistributedRepartResult& result() const { return result_; }
    // The new dataset's figures after write(); none without pvtu_output.
    const PvtuOutputReport* dataset() const;
    // After write(), on rank 0: bytes sent by all ranks, and the most one rank sent.
    std::pair<long long, long long> bytes_sent() const { return bytes_sent_; }

  private:
    MPI_Comm comm_;
    DistributedRepartOptions options_;
    Mesh piece_; // a .pvtu GRAPH: this rank's cells, until write() moves them to the new dataset
    part::mpi::DistributedInput input_;
    part::mpi::DistributedRepartResult result_;
    std::unique_ptr<PendingDistributedPvtu> dataset_;
    std::pair<long long, long long> bytes_sent_{0, 0};
    std::optional<part::mpi::StageClock> clock_; // the stage running (-v reports them)
};

} // namespace part::formats::mpi
