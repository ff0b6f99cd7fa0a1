#pragma once
// Writing a migration plan whose vertex lists are spread over the ranks (libpart/mpi
// distributed_plan) as the very file write_plan writes: rank 0 writes the head and the body's
// message table, each rank writes the vertex lists it holds at their offsets (MPI-IO), and the
// body checksum is carried from holder to holder in message order.
#include <mpi.h>

#include <string>

#include "formats/mpi/ordered_output.hpp"
#include "libpart/mpi/distributed_plan.hpp"

namespace part::formats::mpi {

// Collective. Into the file's temporary; the caller commits it.
void write_distributed_plan(MPI_Comm comm, const SharedPendingFile& file,
                            const part::mpi::DistributedPlan& plan);

} // namespace part::formats::mpi
