#pragma once
// Orderings of a graph's vertices. An ordering is stored as a permutation giving the new
// position of each vertex (Kaddoura & Ranka, section 3.1: T : V -> {1..n}, here 0-based), so
// vertex v goes to position perm[v].
#include <span>
#include <vector>

#include "libpart/core/graph.hpp"

namespace part {

using Permutation = std::vector<VertexId>;

// Positions from a visiting sequence: sequence[i] is the vertex placed at position i.
Permutation positions_from_sequence(std::span<const VertexId> sequence);

// The inverse: the vertex at each position.
std::vector<VertexId> sequence_from_positions(const Permutation& positions);

// Throws InvalidArgument unless `positions` holds each of 0..n-1 exactly once.
void validate_permutation(const Permutation& positions, VertexId num_vertices);

} // namespace part
