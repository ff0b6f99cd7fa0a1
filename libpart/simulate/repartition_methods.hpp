#pragma once
// The hook through which the simulator repartitions. A method receives the graph whose
// vertex weights (one constraint) are the current cell weights and the current partition,
// and returns the new part of every vertex. The methods are those of the repartitioning
// registry (libpart/repart/repart_method.hpp: interval, scratch, and gde when it lands), run
// with the part count unchanged, so part ids stay rank ids.
#include <functional>
#include <string>
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/core/partition.hpp"

namespace part {

using RepartitionMethod = std::function<std::vector<PartId>(
    const Graph& weighted, const std::vector<PartId>& current, PartId num_parts)>;

// "scratch": METIS from scratch on the current weights, parts renamed by maximum overlap with
// the current ones, so the data moved is what a solver would move; "interval": intervals of
// the vertex numbering arranged by MinimizeCostRedistribution. Throws InvalidArgument for an
// unknown name.
RepartitionMethod repartition_method(const std::string& name, int seed);

} // namespace part
