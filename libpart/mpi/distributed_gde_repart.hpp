#pragma once
// Distributed remapping with the GDE method (Xu, Lau & Diekmann 1997, 3.1-3.2): every rank is
// one processor holding one sub-domain (part r on rank r). Its decision maker balances loads
// with its neighbour ranks only (run_distributed_gde, State termination counter) over links
// coloured longer borders first; its workload adjuster (the serial one, on the sub-domain and
// its ghosts) then moves border vertices by gain to the neighbours it owes flow, once those
// owing it load have served (waves); the moved vertices migrate with all their data in one
// exchange and the ghost layer is rebuilt.
//
// GDE runs on the rank graph, which here is the quotient graph of the partition (the paper's
// Figure 12 and the serial --flow-graph quotient): every flow link is a sub-domain border, so
// no flow needs derouting.
#include <mpi.h>

#include <span>
#include <vector>

#include "libpart/mpi/distributed_graph.hpp"

namespace part::mpi {

struct DistributedGdeStats {
    int rounds = 0;       // remapping rounds (decision maker + adjuster + migration)
    int sweeps = 0;       // GDE sweeps summed over rounds (the slowest rank's)
    int seeded_parts = 0; // parts that started empty and were given a ball of a heavy part
};

// Collective; needs P >= new_parts and every vertex of `graph` on the rank of its part (part
// r on rank r; ranks from new_parts on hold nothing and take no part). `targets` are the
// new_parts fractions (empty: equal), the same on every rank. On return each vertex is on the
// rank of its new part and block_owner (as block_owners returns) gives the new part of each
// vertex of this rank's block. `carried` per-vertex attributes migrate with the vertices.
// Growth: a part that is empty starts as a ball carved out of the part heaviest for its target
// around that part's deepest vertex (as the serial gde method), on the heavy part's rank.
// Rounds repeat, as serial refine_with_gde, while a round moved vertices but fell short of a
// flow by a vertex or more. Deterministic for a given P: every exchange is collective or
// paired, and migration keeps vertices in global id order.
DistributedGdeStats rebalance_with_gde(MPI_Comm comm, DistributedGraph& graph,
                                       const std::vector<VertexId>& block_start, PartId new_parts,
                                       const std::vector<double>& targets,
                                       std::vector<int>& block_owner,
                                       std::span<std::vector<std::int32_t>* const> carried = {},
                                       int max_rounds = 8);

} // namespace part::mpi
