#pragma once
// The keys recursive bisection sorts by: a coordinate (recursive coordinate bisection), the
// projection on the principal axis of inertia (inertial bisection) or the Fiedler vector of
// the induced subgraph (recursive spectral bisection).
#include <string_view>

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

// The key of "rcb", "inertial" or "spectral" (`fiedler` only for spectral, its seed replaced
// by `seed`, 0 when negative). Throws InvalidArgument when rcb or inertial lacks finite
// coordinates (require_coordinates).
BisectionKey bisection_key(const Graph& graph, std::string_view method, FiedlerOptions fiedler,
                           int seed);

} // namespace part
