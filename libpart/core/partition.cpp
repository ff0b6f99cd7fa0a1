#include "libpart/core/partition.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
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
    // The largest id as unsigned (negative ids wrap above every valid one) in a branch-free
    // pass; the first id out of range is searched for only when there is one.
    std::uint32_t largest = 0;
    for (PartId p : partition.part) largest = std::max(largest, std::uint32_t(p));
    if (largest >= std::uint32_t(partition.num_parts))
        for (std::size_t v = 0;; ++v)
            if (partition.part[v] < 0 || partition.part[v] >= partition.num_parts)
                throw InvalidArgument("vertex " + std::to_string(v + 1) + " is in part " +
                                      std::to_string(partition.part[v]) + ", outside 0.." +
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
