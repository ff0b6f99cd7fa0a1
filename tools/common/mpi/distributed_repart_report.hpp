#pragma once
// Reporting part-repart's distributed run (under mpirun), on rank 0: the serial report's
// migration, amortization and decision (repart_report.hpp) with the distributed figures (ranks,
// bytes communicated) and the new dataset when one was written. In its own library, linked only
// into the tools that run under MPI.
#include <iosfwd>

#include "formats/mpi/distributed_repart_job.hpp"
#include "tools/common/cli.hpp"

namespace part::tools {

// After job.write(), on rank 0: as JSON (--json), else a summary (silenced by -q through
// report_stream).
void report_distributed_repart(std::ostream& out, const CommonOptions& common,
                               const formats::mpi::DistributedRepartJob& job);

// -v: the seconds rank 0 spent in each stage ("rank 0 <stage>: <seconds> s").
void print_stage_seconds(std::ostream& out);

} // namespace part::tools
