#include "libpart/core/partition.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace part {

std::vector<double> normalise_targets(const std::vector<double>& capacities) {
    double sum = 0;
    for (std::size_t p = 0; p < capacities.size(); ++p) {
        if (!(capacities[p] > 0) || !std::isfinite(capacities[p]))
            throw InvalidArgument("target of part " + std::to_string(p) + " is " +
                                  std::to_string(capacities[p]) + "; targets must be positive");
        sum += capacities[p];
    }
    std::vector<double> fractions(capacities);
    for (double& f : fractions) f /= sum;
    return fractions;
}

void validate(const Partition& partition, const Graph& graph) {
    if (partition.num_parts < 1)
        throw InvalidArgument("a partition needs at least one part, got " +
                              std::to_string(partition.num_parts));
    if (partition.part.size() != std::size_t(graph.num_vertices()))
        throw InvalidArgument("partition has " + std::to_string(partition.part.size()) +
                              " entries but the graph has " + std::to_string(graph.num_vertices()) +
                              " vertices");
    const auto outside = std::find_if(partition.part.begin(), partition.part.end(),
                                      [&](PartId p) { return p < 0 || p >= partition.num_parts; });
    if (outside != partition.part.end())
        throw InvalidArgument("vertex " + std::to_string(outside - partition.part.begin() + 1) +
                              " is in part " + std::to_string(*outside) + ", outside 0.." +
                              std::to_string(partition.num_parts - 1));
    if (!partition.targets.empty() && partition.targets.size() != std::size_t(partition.num_parts))
        throw InvalidArgument("there are " + std::to_string(partition.targets.size()) +
                              " targets for " + std::to_string(partition.num_parts) + " parts");
    for (double t : partition.targets)
        if (!(t > 0)) throw InvalidArgument("target fractions must be positive");
}

PartId count_empty_parts(const std::vector<PartId>& part, PartId num_parts) {
    std::vector<char> holds(std::size_t(num_parts), 0);
    for (const PartId p : part) holds[std::size_t(p)] = 1;
    return PartId(std::count(holds.begin(), holds.end(), 0));
}

} // namespace part
