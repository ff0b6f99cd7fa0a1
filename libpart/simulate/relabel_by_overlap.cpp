#include "libpart/simulate/relabel_by_overlap.hpp"

#include "libpart/plan/migration_plan.hpp"
#include "libpart/repart/overlap_matching.hpp"

namespace part {

void relabel_by_overlap(const Graph& graph, const std::vector<PartId>& current,
                        std::vector<PartId>& fresh, PartId num_parts) {
    const Partition old_partition{num_parts, current, {}};
    const std::vector<WeightSum> overlap =
        overlap_matrix(graph, old_partition, fresh, num_parts, identity_ranks(num_parts));
    const std::vector<PartId> name_of_new = max_overlap_assignment(overlap, num_parts, num_parts);
    for (PartId& p : fresh) p = name_of_new[std::size_t(p)];
}

} // namespace part
