#pragma once
// Orderings of a graph's vertices. An ordering is stored as a permutation giving the new
// position of each vertex (Kaddoura & Ranka, section 3.1: T : V -> {1..n}, here 0-based), so
// vertex v goes to position perm[v].
#include <span>
#include <vector>

#include "libpart/core/graph.hpp"

namespace part {

using Permutation = std::vector<VertexId>;

// The inverse permutation: the positions from a visiting sequence (sequence[i], the vertex
// placed at position i), or the sequence from the positions.
Permutation inverse_permutation(std::span<const VertexId> permutation);

// Throws InvalidArgument unless `positions` holds each of 0..n-1 exactly once.
void validate_permutation(const Permutation& positions, VertexId num_vertices);

} // namespace part
