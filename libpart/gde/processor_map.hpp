#pragma once
// Which processor of the network holds which part. The paper maps its initial partitions
// with Bokhari's simple mapping algorithm (Xu, Lau & Diekmann 1997, Section 6): adjacent
// sub-domains should sit on adjacent processors, so that GDE flows follow sub-domain borders.
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/core/partition.hpp"

namespace part::gde {

enum class MapKind { Identity, Greedy };

// processor_of[p] for each part p, and its inverse part_on[q].
struct ProcessorMap {
    std::vector<VertexId> processor_of;
    std::vector<PartId> part_on;
};

// Identity: part p on processor p. Greedy: parts are placed in breadth-first order of the
// quotient graph (heaviest links first); each goes to the free processor that minimises the
// sum over already placed neighbouring parts of link weight x hop distance, ties to the
// lowest processor id. Deterministic. Both graphs must have the same number of vertices
// (InvalidArgument otherwise). O(K * (K + links)) for the distances and the placement.
ProcessorMap map_parts(const Graph& quotient, const Graph& network, MapKind kind);

// Hop distances between all processors, row-major K x K; -1 when unreachable.
std::vector<int> hop_distances(const Graph& network);

} // namespace part::gde
