#pragma once
// The Fiedler vector (eigenvector of the second smallest eigenvalue of the graph Laplacian),
// the basis of recursive spectral bisection. Computed with LOBPCG (Knyazev 2001) with block
// size one, a Jacobi preconditioner and the constant vector deflated, started from the BFS
// distance to a pseudo-peripheral vertex, which is already close to the Fiedler vector on
// meshes; one Laplacian product per iteration, so it scales to millions of vertices.
#include <vector>

#include "libpart/core/graph.hpp"

namespace part {

struct FiedlerOptions {
    int max_iterations = 60;
    double tolerance = 1e-3; // on the residual norm relative to the eigenvalue estimate
    int seed = 0;            // perturbs the start vector
};

struct FiedlerResult {
    std::vector<double> vector; // unit length, orthogonal to the constant vector
    double eigenvalue = 0;
    int iterations = 0;
};

// Edge weights are honoured. On a disconnected graph the result separates components.
FiedlerResult fiedler_vector(const Graph& graph, const FiedlerOptions& options);

// The subgraph induced by `vertices` (local ids follow their order), with edge weights.
// `local` must have one entry per vertex of `graph`, all -1; it is left that way.
Graph induced_subgraph(const Graph& graph, std::span<const VertexId> vertices,
                       std::vector<VertexId>& local);

} // namespace part
