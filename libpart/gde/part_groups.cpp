#include "libpart/gde/part_groups.hpp"

#include "libpart/core/metrics.hpp"
#include "libpart/core/saturated_weight.hpp"
#include "libpart/partition/metis_partition.hpp"

namespace part::gde {

std::vector<char> bisect_parts(const Graph& graph, const std::vector<PartId>& part,
                               PartId num_parts) {
    Graph quotient = quotient_graph(graph, part, num_parts);
    // Each part weighs its border weight (+1, so that a part without border still counts).
    quotient.ncon = 1;
    quotient.vwgt.resize(std::size_t(num_parts));
    for (PartId p = 0; p < num_parts; ++p) {
        WeightSum border = 1;
        for (EdgeOffset e = quotient.xadj[p]; e < quotient.xadj[p + 1]; ++e)
            border += quotient.adjwgt[e];
        quotient.vwgt[p] = clamp_to_weight(border);
    }
    MetisOptions options;
    options.type = MetisOptions::Type::RecursiveBisection;
    options.ufactor = 50;
    const std::vector<PartId> group = partition_with_metis(quotient, 2, {}, options);
    return std::vector<char>(group.begin(), group.end());
}

} // namespace part::gde
