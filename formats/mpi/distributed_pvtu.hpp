#pragma once
// A partitioned VTK dataset (.pvtu, one piece per rank, as part-convert --split writes) as the
// input and output of a distributed repartitioning: rank r reads piece r only, the dual graph
// is built without any rank holding the whole mesh, and after the repartitioning each rank
// sends its cells to the rank of their new part, which writes the new piece.
#include <mpi.h>

#include <string>
#include <vector>

#include "formats/pvtu_replacement.hpp"
#include "libpart/mesh/mesh.hpp"
#include "libpart/mpi/distributed_input.hpp"
#include "libpart/mpi/distributed_repart.hpp"

namespace part::formats::mpi {

struct PvtuInputOptions {
    std::string old_path;     // partition file over the global cell ids; empty: part r = piece r
    PartId old_parts = 0;     // as read_partition_slice
    std::string order_path;   // ordering over the global cell ids, or empty
    std::string weight_field; // cell array giving vertex weights (k components: k constraints)
    std::string size_field;   // cell array giving migration sizes
    double weight_scale = 0;  // > 0: the fields' values times this, rounded (mesh_weights.hpp)
    // Without order_path: the line is the Hilbert order of the cell centroids
    // (distributed_hilbert_positions), as the serial interval method's with --coords.
    bool hilbert_line = false;
};

struct DistributedPvtu {
    part::mpi::DistributedInput input;
    // This rank's piece: its owned cells (ghosts dropped) in GlobalCellIds order, then its
    // boundary elements, on the points they use, with every array but vtkGhostType.
    Mesh piece;
};

// Collective. The .pvtu must list exactly one piece per rank (else every rank throws an error
// naming the file and both counts). Rank r reads the r-th piece listed with VTK's XML reader.
// Graph vertices are the owned cells, with global id GlobalCellIds (which must number the
// cells 0..n-1, each owned once over the pieces), coordinates their centroids: the owned
// cells of the mesh's top dimension. Owned cells below it must be boundary elements
// (boundary_elements.hpp) whose adjacent cell the piece owns, as part-convert --boundary writes
// them; they follow the vertices in `piece` and go wherever their adjacent cell goes.
// Adjacency: distributed_dual_graph. The result is what
// read_distributed_input gives for the equivalent Chaco files: the blocks of the numbering are
// even ranges of global cell ids. Errors name the file (the .pvtu, a piece or OLD/--order)
// and are thrown on every rank.
DistributedPvtu read_distributed_pvtu(MPI_Comm comm, const std::string& path,
                                      const PvtuInputOptions& options);

struct PvtuOutputReport {
    std::vector<std::int64_t> piece_cells; // owned cells of each new part
    std::int64_t cells = 0, points = 0;    // conserved totals
    std::vector<std::string> written;      // piece files, then the .pvtu (after commit)
};

// The new dataset staged: the constructor (collective) finds each cell's old and new part
// (asked of the rank holding it in its block), labels the cells with them (label_moved_cells:
// 'partition' the new part, 'previous_partition' the old one), sends every cell with its points and
// all its arrays to the rank hosting its new part (one MPI_Alltoallv of in-memory .vtu pieces),
// which joins what it receives (shared points once) and writes piece q as PATH_q.vtu (or
// PATH.g<N>_q.vtu when replacing a dataset that uses those names: pvtu_replacement.hpp) into a
// temporary folder beside `path`; rank 0 writes the .pvtu there. With ghost_layers L > 0 each piece
// also gets L layers of ghost cells (vtkGhostType 1, after its own cells; distributed_ghost_cells).
// The written pieces are read back and their totals (cells, points, global ids, per-field sums and
// fingerprints) compared with the input pieces' before anything may be committed; a difference
// throws on every rank. commit() (collective) moves the pieces, then the .pvtu, into place, then
// removes the replaced dataset's old pieces. Without commit nothing is left.
class PendingDistributedPvtu {
  public:
    PendingDistributedPvtu(MPI_Comm comm, const std::string& path, Mesh piece,
                           const part::mpi::DistributedInput& input,
                           const part::mpi::DistributedRepartResult& result, int ghost_layers = 0);
    ~PendingDistributedPvtu();
    PendingDistributedPvtu(const PendingDistributedPvtu&) = delete;
    PendingDistributedPvtu& operator=(const PendingDistributedPvtu&) = delete;
    void commit();
    const PvtuOutputReport& report() const { return report_; }

  private:
    MPI_Comm comm_;
    std::string path_, folder_;
    PvtuReplacement replacement_;               // the names; the old pieces on rank 0 only
    std::vector<std::string> staged_, targets_; // this rank's piece files
    PvtuOutputReport report_;
};

// The files PendingDistributedPvtu may create or remove writing `pieces` pieces at `path`
// (pvtu_files_touched for its piece names: the file name without the extension, then _q.vtu),
// for refusing outputs that would touch an input.
std::vector<std::string> distributed_pvtu_files_touched(const std::string& path, PartId pieces);

// Whether a GRAPH argument names a .pvtu dataset.
bool is_pvtu(const std::string& path);

} // namespace part::formats::mpi
