#pragma once
// Recursive bisection along a per-vertex key, the engine behind recursive coordinate,
// inertial and spectral bisection (Kaddoura & Ranka, section 3.1 and Fig. 2; Xu, Lau &
// Diekmann, section 6, recursive orthogonal bisection). Each step computes a key for the
// vertices of a subset and puts those with the smallest keys on the left, splitting the
// weight in a given ratio with a weighted quickselect (expected O(size)), so a full
// recursion costs O(n log n) plus the keys.
#include <functional>
#include <span>
#include <vector>

#include "libpart/core/partition.hpp"
#include "libpart/order/permutation.hpp"

namespace part {

// Fills keys[i] for vertices[i]. Ties are broken by vertex id, so results are deterministic.
using BisectionKey =
    std::function<void(std::span<const VertexId> vertices, std::span<double> keys)>;

// K parts: a subset holding parts [p, p + k) is split into floor(k/2) and ceil(k/2) parts,
// its weight (first constraint) divided in proportion to the parts' target fractions
// (`targets` empty: uniform). Every part gets at least one vertex when n >= k.
std::vector<PartId> recursive_bisection_partition(const Graph& graph, PartId k,
                                                  const std::vector<double>& targets,
                                                  const BisectionKey& key);

// An ordering: subsets are halved by weight until at most `leaf_size` vertices remain; a
// leaf is ordered by its key. The sequence of leaves is the ordering.
Permutation recursive_bisection_order(const Graph& graph, const BisectionKey& key,
                                      VertexId leaf_size);

} // namespace part
