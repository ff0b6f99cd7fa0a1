#include "formats/repart_files.hpp"

#include <optional>

#include "formats/atomic_output.hpp"
#include "formats/partition_file.hpp"
#include "formats/permutation_file.hpp"
#include "formats/plan_file.hpp"
#include "formats/text_output.hpp"
#include "libpart/order/order_method.hpp"

namespace part::formats {

void read_repart_request_files(RepartRequest& request, const Graph& graph,
                               const std::string& targets_path, const std::string& order_path) {
    if (!targets_path.empty()) request.targets = read_targets(targets_path, request.new_parts);
    if (!order_path.empty())
        request.position = read_permutation(order_path, graph.num_vertices());
    else if (!graph.coords.empty())
        request.position = compute_order(graph, "hilbert", OrderOptions{});
}

void write_repart_outputs(const std::string& partition_path, const std::string& plan_path,
                          const Partition& partition, const MigrationPlan& plan) {
    PendingFile partition_file(partition_path);
    std::optional<PendingFile> plan_file;
    if (!plan_path.empty()) plan_file.emplace(plan_path);
    partition_file.write(one_per_line(partition.part));
    if (plan_file) plan_file->write(format_plan(plan));
    partition_file.commit();
    if (plan_file) plan_file->commit();
}

} // namespace part::formats
