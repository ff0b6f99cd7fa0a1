#include "libpart/simulate/repartition_methods.hpp"

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
    std::string known;
    for (const char* n : kRepartitionMethodNames)
        known += std::string(known.empty() ? "" : ", ") + n;
    throw InvalidArgument("unknown repartitioning method '" + name + "': expected " + known);
}

} // namespace part
