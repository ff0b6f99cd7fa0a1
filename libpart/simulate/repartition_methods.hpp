#pragma once
// The hook through which the simulator repartitions. A method receives the graph whose
// vertex weights (one constraint) are the current cell weights and the current partition,
// and returns the new part of every vertex. New methods (e.g. interval) register by name in
// repartition_methods.cpp; nothing else changes.
#include <functional>
#include <string>
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/core/partition.hpp"

namespace part {

using RepartitionMethod = std::function<std::vector<PartId>(
    const Graph& weighted, const std::vector<PartId>& current, PartId num_parts)>;

inline constexpr const char* kRepartitionMethodNames[] = {"scratch", "gde"};

// "scratch": METIS from scratch on the current weights, parts renamed by maximum overlap with
// the current ones (relabel_by_overlap) so the data moved is what a solver would move.
// "gde": the current partition refined by GDE on its quotient graph (gde::refine_with_gde,
// default options): the weight moves between neighbouring parts along the balancing flows.
// Throws InvalidArgument for an unknown name.
RepartitionMethod repartition_method(const std::string& name, int seed);

} // namespace part
