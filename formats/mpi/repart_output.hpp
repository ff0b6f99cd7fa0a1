#pragma once
// The two outputs of a distributed repartitioning: the new partition, written by every rank
// for the block it read, and the migration plan, each rank writing the vertex lists it holds
// (MPI-IO), when a plan file is named. Both appear together or not at all.
#include <mpi.h>

#include <string>

#include "libpart/mpi/distributed_repart.hpp"

namespace part::formats::mpi {

// Collective. An empty `plan_path` writes no plan. Throws CollectiveError on every rank when a
// write fails; nothing is left then.
void write_repart_outputs(MPI_Comm comm, const std::string& partition_path,
                          const std::string& plan_path,
                          const part::mpi::DistributedRepartResult& result);

} // namespace part::formats::mpi
