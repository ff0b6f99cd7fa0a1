#pragma once
// Ghost layers of the new pieces of a mesh spread over the ranks, by VTK's node-sharing rule
// (as split_mesh serially): layer L of piece q holds the cells of other parts that share a
// point with the piece's cells up to layer L - 1. No rank sees more than its own cells: each
// layer sends every (global node, piece) pair of the rank's cells to a rank chosen by the
// node, which answers with all the pieces around that node (two MPI_Alltoallv per layer).
#include <mpi.h>

#include <cstdint>
#include <span>
#include <vector>

#include "libpart/core/partition.hpp"
#include "libpart/mesh/mesh.hpp"

namespace part::mpi {

// Per cell (CSR): the pieces, other than its own, that take it as a ghost, ascending.
struct GhostPieces {
    std::vector<std::int64_t> offsets; // num_cells + 1
    std::vector<PartId> pieces;
    std::span<const PartId> of(CellId c) const {
        return {pieces.data() + offsets[std::size_t(c)],
                std::size_t(offsets[std::size_t(c) + 1] - offsets[std::size_t(c)])};
    }
};

// Collective. `mesh` holds this rank's cells, `node_ids` the global id of each of its points,
// `part` the new part (piece) of each cell. O(layers x (cell nodes x pieces around) x log).
GhostPieces ghost_pieces(MPI_Comm comm, const Mesh& mesh, std::span<const std::int64_t> node_ids,
                         std::span<const PartId> part, int layers);

} // namespace part::mpi
