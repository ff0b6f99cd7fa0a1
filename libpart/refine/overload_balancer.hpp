#pragma once
// Greedy balancing of a partition whose parts outgrew their limits: vertices leave the
// overloaded parts, best relative gain first (the gain of the move per unit of weight it
// moves, as KaMinPar's balancer orders them), so that heavy vertices on good borders go
// first. A move goes to a neighbouring part with room when one exists; otherwise, as in
// Zoltan's hypergraph repartitioning, to the part with the most room anywhere, leaving a
// detached piece there rather than pushing load through chains of parts. With an origin, the
// gain counts migration as the polish does (boundary_polish.hpp).
#include <vector>

#include "libpart/core/partition.hpp"

namespace part::refine {

struct BalanceOptions {
    double tolerance = 0.03; // parts end within (1 + tolerance) x their target (constraint 0)
    // The part each vertex's data is on (-1: none); null: migration is not counted.
    const std::vector<PartId>* origin = nullptr;
    double migration_cost = 0; // cut edge weight one unit of vertex size moved is worth
    const std::vector<char>* fixed = nullptr;       // vertices marked here never move
    const std::vector<WeightSum>* limits = nullptr; // replace the tolerance (PolishOptions)
};

struct BalanceResult {
    VertexId moves = 0;
    VertexId detached_moves = 0; // to a part the vertex had no edge to
    WeightSum overload_left = 0; // weight still above the limits (no vertex fitted anywhere)
};

// Each vertex moves at most once; parts within their limits lose nothing. Deterministic;
// O((n_over + moves x degree) log n) for n_over vertices in overloaded parts.
BalanceResult balance_overloaded_parts(const Graph& graph, Partition& partition,
                                       const BalanceOptions& options);

} // namespace part::refine
