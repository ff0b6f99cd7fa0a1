#pragma once
// Edge colouring of a processor network for the generalized dimension exchange (Xu, Lau &
// Diekmann 1997, Section 2.2): no two links at a processor share a colour, and a
// "dimension" is the set of links of one colour. Fewer colours mean shorter sweeps.
#include <vector>

#include "libpart/gde/network.hpp"

namespace part::gde {

struct EdgeColouring {
    int num_colours = 0;
    std::vector<int> colour; // per adjacency entry of the network graph; both directions agree
};

// Chooses the colouring by topology, always deterministic:
//  - mesh, hypercube, even torus and even ring: the natural colouring by dimension and
//    parity, Delta colours (exact);
//  - any other bipartite network: Konig's alternating-path colouring, Delta colours (exact);
//  - otherwise Misra-Gries, at most Delta+1 colours. An odd cycle (odd ring, torus with an
//    odd side of 3 or more) is not bipartite and truly needs Delta+1.
EdgeColouring colour_edges(const Network& network);

EdgeColouring colour_misra_gries(const Graph& graph); // any simple graph, <= Delta+1 colours

VertexId max_degree(const Graph& graph);
// True when both directions of every link carry the same colour in [0, num_colours) and no
// processor has two links of one colour.
bool is_proper(const Graph& graph, const EdgeColouring& colouring);

// Index of the adjacency entry v -> u, or -1. Rows must be sorted (networks are).
EdgeOffset find_link(const Graph& graph, VertexId v, VertexId u);

} // namespace part::gde
