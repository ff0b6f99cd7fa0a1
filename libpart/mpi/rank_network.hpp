#pragma once
// The processor network of the distributed GDE (Xu, Lau & Diekmann 1997, 3): each rank knows
// only its neighbours, the ranks whose sub-domains touch its own, found from its ghost
// vertices; the links are edge-coloured so that all ranks agree, from local information and a
// few rounds of exchange with neighbours, without gathering the network.
#include <mpi.h>

#include <span>
#include <vector>

#include "libpart/mpi/distributed_graph.hpp"

namespace part::mpi {

// Collective. The ranks owning a neighbour of one of this rank's vertices (ascending, not this
// rank). The owner of a ghost is asked of the rank that read it: block_start (P + 1) gives
// which rank read which vertex and block_owner the rank now owning each vertex of this rank's
// block. Two MPI_Alltoallv.
std::vector<int> neighbour_ranks(MPI_Comm comm, const DistributedGraph& graph,
                                 const std::vector<VertexId>& block_start,
                                 std::span<const int> block_owner);

struct RankColouring {
    std::vector<int> colour; // per neighbour rank, as neighbour_ranks lists them
    int num_colours = 0;     // the same on every rank
};

// Collective. Greedy edge colouring in lexicographic order of links (min rank, max rank),
// computed in rounds: a link is coloured in the round where it is the smallest uncoloured
// link at both its ends, with the smallest colour free at both; links coloured in one round
// share no end, so ends agree. Each round every rank tells each neighbour its smallest
// uncoloured link and its used colours (point-to-point). At most 2 Delta - 1 colours (the
// serial colour_edges reaches Delta or Delta + 1 from the whole network); rounds are at most
// the longest chain of links increasing in that order. Delta <= 128.
RankColouring colour_rank_links(MPI_Comm comm, const std::vector<int>& neighbours);

} // namespace part::mpi
