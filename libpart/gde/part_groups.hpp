#pragma once
// Two groups of parts whose borders can be refined apart, on two cores: a bisection of the
// quotient graph (parts adjacent when an edge joins them), each part weighing the weight of its
// cut edges, which the band refinement's work follows. The parts are ordered breadth-first from
// a pseudo-peripheral part (George & Liu's search, as for a bandwidth-reducing ordering) and
// cut where half the weight is reached: the first group is connected in the quotient graph and
// the two share few borders, so most borders lie inside one group.
#include <vector>

#include "libpart/core/partition.hpp"

namespace part::gde {

// The group (0 or 1) of each of the `num_parts` parts. With 4 or more parts each group holds
// at least two, so that each has borders of its own. Deterministic; O(n + m + K log K).
std::vector<char> bisect_parts(const Graph& graph, const std::vector<PartId>& part,
                               PartId num_parts);

// Another bisection, to refine next the borders the `first` one separates: the breadth-first
// order runs from one end of the first bisection's seam (the parts with a neighbour in the
// other group), so that the new cut crosses the seam near its middle instead of following it,
// and few borders are separated by both.
std::vector<char> bisect_parts_across(const Graph& graph, const std::vector<PartId>& part,
                                      const std::vector<char>& first);

} // namespace part::gde
