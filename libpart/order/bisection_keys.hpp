#pragma once
// The keys recursive bisection sorts by: a coordinate (recursive coordinate bisection), the
// projection on the principal axis of inertia (inertial bisection) or the Fiedler vector of
// the induced subgraph (recursive spectral bisection).
#include "libpart/order/fiedler_vector.hpp"
#include "libpart/order/recursive_bisection.hpp"

namespace part {

// The coordinate along the axis where the subset's bounding box is longest (Xu, Lau &
// Diekmann, section 6: recursive orthogonal bisection). Needs coordinates.
BisectionKey coordinate_key(const Graph& graph);

// Projection on the subset's principal axis of inertia (weighted by the first constraint).
BisectionKey inertial_key(const Graph& graph);

// The Fiedler vector of the subgraph the subset induces.
BisectionKey spectral_key(const Graph& graph, const FiedlerOptions& options);

} // namespace part
