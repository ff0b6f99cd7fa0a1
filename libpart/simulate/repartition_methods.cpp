#include "libpart/simulate/repartition_methods.hpp"

#include "libpart/gde/refine.hpp"
#include "libpart/partition/metis_partition.hpp"
#include "libpart/simulate/relabel_by_overlap.hpp"

namespace part {

RepartitionMethod repartition_method(const std::string& name, int seed) {
    if (name == "scratch")
        return [seed](const Graph& weighted, const std::vector<PartId>& current, PartId num_parts) {
            MetisOptions options;
            options.seed = seed;
            std::vector<PartId> fresh = partition_with_metis(weighted, num_parts, {}, options);
            relabel_by_overlap(weighted, current, fresh, num_parts);
            return fresh;
        };
    if (name == "gde")
        // Remapping as in Xu, Lau & Diekmann (1997), Section 6: the current partition is
        // rebalanced to the new weights by GDE on its quotient graph, then polished, so only
        // border cells move and the part names are kept.
        return [](const Graph& weighted, const std::vector<PartId>& current, PartId num_parts) {
            Partition partition;
            partition.num_parts = num_parts;
            partition.part = current;
            return gde::refine_with_gde(weighted, partition, nullptr, gde::RefineOptions{}).part;
        };
    std::string known;
    for (const char* n : kRepartitionMethodNames)
        known += std::string(known.empty() ? "" : ", ") + n;
    throw InvalidArgument("unknown repartitioning method '" + name + "': expected " + known);
}

} // namespace part
