#pragma once
// Writing one output file from all ranks: each rank writes its own consecutive piece with
// MPI-IO at the offset an exclusive scan of the piece lengths gives, so nothing is gathered
// on one rank, and the file appears whole or not at all (a temporary renamed into place).
#include <mpi.h>

#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "formats/atomic_output.hpp"
#include "libpart/core/partition.hpp"

namespace part::formats::mpi {

// A PendingFile held by rank 0 whose temporary every rank knows. Collective constructor;
// commit() renames on rank 0 only and should be called once all ranks agreed that every
// write succeeded. Without commit the temporary is removed. A target written directly ("-",
// a device, a FIFO: writes_directly) cannot take MPI-IO's writes at offsets, so the ranks
// write a temporary in the current folder instead, which rank 0 copies to the target on
// commit and then removes.
class SharedPendingFile {
  public:
    SharedPendingFile(MPI_Comm comm, std::string target);
    const std::string& temp_path() const { return temp_; }
    // The output's own name, which errors give (never the temporary's).
    const std::string& target() const { return target_; }
    void commit();

  private:
    std::unique_ptr<PendingFile> file_;    // rank 0 only
    std::unique_ptr<PendingFile> staging_; // rank 0 only, for a direct target
    std::string target_;
    std::string temp_;
};

// One piece of a file: its bytes and where they go.
struct FilePiece {
    std::int64_t offset = 0;
    std::string_view bytes;
};

// Collective. Writes each rank's pieces at their offsets (pieces of all ranks must not
// overlap) into the file's temporary, truncated first. Throws CollectiveError naming the
// file's target on every rank on failure.
void write_pieces(MPI_Comm comm, const SharedPendingFile& file, std::span<const FilePiece> pieces);

// Collective. A partition file as write_partition writes it, from each rank's block of
// consecutive vertices (blocks in rank order), into the file's temporary.
void write_partition_blocks(MPI_Comm comm, const SharedPendingFile& file,
                            std::span<const PartId> block);

} // namespace part::formats::mpi
