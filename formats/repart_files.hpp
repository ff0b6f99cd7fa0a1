#pragma once
// The files of a serial repartitioning (part-repart) beside the graph and the old partition:
// the request's per-part targets and its line, read into a RepartRequest; and the two outputs,
// the new partition and its migration plan, written together or not at all (the distributed
// counterpart is formats/mpi/repart_output).
#include <string>

#include "libpart/core/graph.hpp"
#include "libpart/core/partition.hpp"
#include "libpart/plan/migration_plan.hpp"
#include "libpart/repart/repart_method.hpp"

namespace part::formats {

// request.targets from `targets_path` (one per part of request.new_parts) when it is not empty;
// request.position (interval's line) from the ordering `order_path` when it is not empty, else
// the Hilbert order of the graph's coordinates when it has some, else left as it is. Errors
// name the file (InputError).
void read_repart_request_files(RepartRequest& request, const Graph& graph,
                               const std::string& targets_path, const std::string& order_path);

// The partition file and the plan file (none when `plan_path` is empty), each written whole to
// a temporary and both renamed into place only once both are written. Throws InputError naming
// the output that failed.
void write_repart_outputs(const std::string& partition_path, const std::string& plan_path,
                          const Partition& partition, const MigrationPlan& plan);

} // namespace part::formats
