#pragma once
// Recursive bisection partitioners for any K (not only powers of two): a subset holding k
// parts is split into floor(k/2) and ceil(k/2) parts with its weight divided in proportion to
// their targets (Xu, Lau & Diekmann, section 6: recursive orthogonal bisection).
#include "libpart/core/partition.hpp"
#include "libpart/order/fiedler_vector.hpp"

namespace part {

// Cuts perpendicular to the longest axis of each subset's bounding box. Needs coordinates.
std::vector<PartId> rcb_partition(const Graph& graph, PartId k, const std::vector<double>& targets);
// Cuts perpendicular to each subset's principal axis of inertia. Needs coordinates.
std::vector<PartId> inertial_partition(const Graph& graph, PartId k,
                                       const std::vector<double>& targets);
// Splits each subset by the Fiedler vector of the subgraph it induces.
std::vector<PartId> spectral_partition(const Graph& graph, PartId k,
                                       const std::vector<double>& targets,
                                       const FiedlerOptions& options);

} // namespace part
