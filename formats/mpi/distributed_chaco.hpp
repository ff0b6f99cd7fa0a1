#pragma once
// Parallel input of a Chaco/METIS graph with its old partition and coordinates: every rank
// reads a slice of each file (MPI-IO byte ranges aligned to line starts), so no rank holds the
// whole graph. The vertices then go to the rank owning their old part.
#include <mpi.h>

#include <string>
#include <vector>

#include "libpart/mpi/distributed_graph.hpp"
#include "libpart/mpi/distributed_input.hpp"

namespace part::formats::mpi {

// The vertices a rank read: a contiguous block of the numbering.
struct GraphSlice {
    part::mpi::DistributedGraph graph; // owned = this rank's block, in order
    std::vector<VertexId> block_start; // P + 1 entries: rank r read [block_start[r], ..[r+1])
};

// Collective. Rank 0 reads the header and broadcasts it; each rank parses the vertex lines
// that start in its byte range; the index of its first vertex comes from an exclusive scan of
// vertex-line counts ('%' comment lines are not vertices). Each line is checked as
// read_chaco_graph does (errors name the file's line); the totals are checked against the
// header, and symmetry (with edge weights) by sending each edge to the rank that read its
// other end. Any error is thrown on every rank.
GraphSlice read_chaco_slice(MPI_Comm comm, const std::string& path);

// Collective. The entries of a partition file for this rank's block (block_start as above).
// num_parts: the given count when > 0, else as read_partition (K of a "*.part.K" name, else
// the largest id + 1); on return, the count used. Errors as read_partition, on every rank.
std::vector<PartId> read_partition_slice(MPI_Comm comm, const std::string& path,
                                         const std::vector<VertexId>& block_start,
                                         PartId& num_parts);

// Collective. The coordinate rows of this rank's block (dim from the file's first row, all
// rows alike, finite values), as read_coordinates checks them.
Coordinates read_coordinates_slice(MPI_Comm comm, const std::string& path,
                                   const std::vector<VertexId>& block_start);

// Collective. The positions (an ordering, as read_permutation reads) of this rank's block.
// Each line is checked for range; that no position repeats is checked by whoever gathers
// them (the interval controller).
std::vector<VertexId> read_permutation_slice(MPI_Comm comm, const std::string& path,
                                             const std::vector<VertexId>& block_start);

// Collective: the sum of `value` over the ranks before this one.
std::int64_t before_this_rank(MPI_Comm comm, std::int64_t value);

// What part-repart needs to start (defined in libpart/mpi, which works on it).
using part::mpi::DistributedInput;

// Collective: read_chaco_slice, the partition (and coordinates and ordering when their paths
// are not empty), then one migrate() to the owners of the old parts. Without an ordering,
// `hilbert_positions` asks for the Hilbert order of the coordinates as the positions,
// computed distributed (as the serial tool's interval takes it by default).
DistributedInput read_distributed_input(MPI_Comm comm, const std::string& graph_path,
                                        const std::string& partition_path, PartId old_parts,
                                        const std::string& coords_path = {},
                                        const std::string& order_path = {},
                                        bool hilbert_positions = false);

// Collective: one migrate() of `graph` to the ranks owning the old parts of its vertices,
// carrying input.old_part (and input.position when `with_positions`) along.
void move_to_old_part_owners(MPI_Comm comm, part::mpi::DistributedGraph& graph,
                             DistributedInput& input, bool with_positions);

} // namespace part::formats::mpi
