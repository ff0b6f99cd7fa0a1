#pragma once
// Hierarchical rectilinear partitioning (Ashok's thesis, sections 7.1.3 and 9.3): level L cuts
// every region of level L-1 into N_L pieces of equal load along axis D_L. Cuts are placed
// from a load histogram (section 9.2's load-discretising mesh) and refined inside a bin only
// when the bin boundary misses the goal by more than the tolerance. O(n) per level.
#include "libpart/core/partition.hpp"
#include "libpart/partition/hierarchical_scheme.hpp"

namespace part {

// The scheme must multiply out to k (throws InvalidArgument otherwise). Region pieces get
// weights (first constraint) in proportion to the targets of the parts they hold, so parts
// are numbered level by level: part = ((i_1 * N_2) + i_2) * N_3 + i_3. Every part is
// non-empty when n >= k. Needs coordinates.
std::vector<PartId> hierarchical_partition(const Graph& graph, const HierarchicalScheme& scheme,
                                           PartId k, const std::vector<double>& targets,
                                           double tolerance);

} // namespace part
