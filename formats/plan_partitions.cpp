#include "formats/plan_partitions.hpp"

#include "formats/partition_file.hpp"
#include "formats/plan_file.hpp"

namespace part::formats {

namespace {

template <typename Body> auto naming_plan(const std::string& plan_path, Body body) {
    try {
        return body();
    } catch (const PlanError& e) {
        throw InputError(plan_path, 0, e.what());
    }
}

} // namespace

MigrationPlan diff_partitions(const Partition& old_partition, const std::string& old_path,
                              const Partition& new_partition, const std::string& new_path) {
    if (old_partition.part.empty())
        throw InputError(old_path, 0, "holds no part ids: a plan needs one per vertex");
    if (old_partition.part.size() != new_partition.part.size())
        throw InputError(new_path, 0,
                         "has " + std::to_string(new_partition.part.size()) + " lines but " +
                             old_path + " has " + std::to_string(old_partition.part.size()) +
                             ": both must cover the same vertices");
    return diff(old_partition, new_partition);
}

void verify_plan_files(const std::string& plan_path, const std::string& old_path,
                       const std::string& new_path) {
    const MigrationPlan plan = read_plan(plan_path);
    const Partition old_partition = read_partition(old_path, plan.num_vertices, plan.old_parts);
    const Partition new_partition = read_partition(new_path, plan.num_vertices, plan.new_parts);
    naming_plan(plan_path, [&] { verify_plan(plan, old_partition, new_partition); });
}

std::vector<PartId> apply_plan_file(const std::string& plan_path, const std::string& old_path) {
    const MigrationPlan plan = read_plan(plan_path);
    const Partition old_partition = read_partition(old_path, plan.num_vertices, plan.old_parts);
    return naming_plan(plan_path, [&] { return apply_plan(plan, old_partition.part); });
}

} // namespace part::formats
