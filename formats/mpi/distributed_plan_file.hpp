#pragma once
// Writing a migration plan whose vertex lists are spread over the ranks (libpart/mpi
// distributed_plan) as the very file write_plan writes: rank 0 writes the head and the body's
// message table, each rank writes the vertex lists it holds at their offsets (MPI-IO), and the
// body checksum is carried from holder to holder in message order.
#include <mpi.h>

#include <string>

#include "libpart/mpi/distributed_plan.hpp"

namespace part::formats::mpi {

// Collective. Not atomic by itself: write to a SharedPendingFile's temp_path.
void write_distributed_plan(MPI_Comm comm, const std::string& path,
                            const part::mpi::DistributedPlan& plan);

} // namespace part::formats::mpi
