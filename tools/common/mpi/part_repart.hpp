#pragma once
// What part-repart needs beyond tools/common, in its own library linked only into the tools that
// run under MPI:
// - its checks of how it was called: its options against each other before any input is read,
//   and against what the distributed job learns as it goes (the vertex count, K2). Each throws
//   UsageError (exit code 2), on every rank under mpirun;
// - the report of its distributed run (under mpirun), on rank 0: the serial report's migration,
//   amortization and decision (repart_report.hpp) with the distributed figures (ranks, bytes
//   communicated) and the new dataset when one was written.
#include <iosfwd>

#include "formats/mpi/distributed_repart_job.hpp"
#include "tools/common/cli.hpp"

namespace part::tools {

// Before any work: -o given, no output naming an input or another output, -k >= 1 when given
// (`parts_given`), a valid cost model (InvalidArgument), OLD unless GRAPH is a .pvtu, and the
// .pvtu options only with a .pvtu GRAPH: that one read in parallel (`under_mpirun`, `ranks`),
// with interval or gde, no --coords, no output touching the dataset's files.
void check_repart_options(const formats::mpi::DistributedRepartOptions& options,
                          const CommonOptions& common, bool parts_given, bool under_mpirun,
                          int ranks);

// Once the job has read its input: the old and new part counts fit the graph (and are equal for
// the distributed adaptive), and no --horizon with the distributed gde or adaptive (they do not
// judge a candidate before data moves).
void check_distributed_input(const formats::mpi::DistributedRepartJob& job);

// Once K2 is known (after repartition()): no file of the new dataset is one of the input's.
void check_dataset_outputs(const formats::mpi::DistributedRepartJob& job);

// After job.write(), on rank 0: as JSON (--json), else a summary (silenced by -q through
// report_stream).
void report_distributed_repart(std::ostream& out, const CommonOptions& common,
                               const formats::mpi::DistributedRepartJob& job);

// -v: the seconds rank 0 spent in each stage ("rank 0 <stage>: <seconds> s").
void print_stage_seconds(std::ostream& out);

} // namespace part::tools
