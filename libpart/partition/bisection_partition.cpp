#include "libpart/partition/bisection_partition.hpp"

#include "libpart/order/bisection_keys.hpp"
#include "libpart/order/coordinates_check.hpp"

namespace part {

std::vector<PartId> rcb_partition(const Graph& graph, PartId k,
                                  const std::vector<double>& targets) {
    require_coordinates(graph, "rcb");
    return recursive_bisection_partition(graph, k, targets, coordinate_key(graph));
}

std::vector<PartId> inertial_partition(const Graph& graph, PartId k,
                                       const std::vector<double>& targets) {
    require_coordinates(graph, "inertial");
    return recursive_bisection_partition(graph, k, targets, inertial_key(graph));
}

std::vector<PartId> spectral_partition(const Graph& graph, PartId k,
                                       const std::vector<double>& targets,
                                       const FiedlerOptions& options) {
    return recursive_bisection_partition(graph, k, targets, spectral_key(graph, options));
}

} // namespace part
