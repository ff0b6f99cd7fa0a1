#pragma once
// Migration plans between partition files: the plan library's diff, verify_plan and apply_plan
// with errors that name the file at fault. A plan that does not fit the partitions (a PlanError
// in the library) is an InputError naming the plan file, so the user knows which file to
// replace.
#include <string>
#include <vector>

#include "libpart/plan/migration_plan.hpp"

namespace part::formats {

// The plan taking `old_partition` (read from `old_path`) to `new_partition` (from `new_path`),
// new part q on rank q. Throws InputError naming `old_path` when it holds no part ids and
// naming `new_path` when its length differs from the old one's.
MigrationPlan diff_partitions(const Partition& old_partition, const std::string& old_path,
                              const Partition& new_partition, const std::string& new_path);

// Reads the plan at `plan_path` and the partitions at `old_path` and `new_path` (as many
// vertices and parts as the plan has) and checks that the plan takes the old one exactly to the
// new one. Throws InputError naming the file that does not fit.
void verify_plan_files(const std::string& plan_path, const std::string& old_path,
                       const std::string& new_path);

// The new partition the plan at `plan_path` makes of the old partition at `old_path`. Throws
// InputError naming the plan when it was not made from that partition.
std::vector<PartId> apply_plan_file(const std::string& plan_path, const std::string& old_path);

} // namespace part::formats
