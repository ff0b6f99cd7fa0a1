#pragma once
// The hook through which the simulator repartitions. A method receives the graph whose
// vertex weights (one constraint) are the current cell weights and the current partition,
// and returns the new part of every vertex. The methods are those of the repartitioning
// registry (libpart/repart/repart_method.hpp: gde, interval, scratch), run with the part
// count unchanged, so part ids stay rank ids.
#include <functional>
#include <string>
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/core/partition.hpp"

namespace part {

using RepartitionMethod = std::function<std::vector<PartId>(
    const Graph& weighted, const std::vector<PartId>& current, PartId num_parts)>;

// The registry's method `name` ("scratch": METIS from scratch, parts renamed by maximum
// overlap with the current ones, so the data moved is what a solver would move; "interval":
// intervals of the vertex numbering arranged by MinimizeCostRedistribution; "gde": the
// current partition rebalanced by GDE). `targets` are the parts' capacity fractions (empty:
// equal). Throws InvalidArgument for an unknown name.
RepartitionMethod repartition_method(const std::string& name, int seed,
                                     const std::vector<double>& targets = {});

} // namespace part
