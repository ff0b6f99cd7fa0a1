#include "formats/mpi/ordered_output.hpp"

#include <algorithm>
#include <fstream>
#include <utility>

#include "formats/mpi/line_slices.hpp"
#include "formats/text_output.hpp"
#include "libpart/core/error.hpp"
#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/exchange.hpp"

namespace part::formats::mpi {

namespace {

// The staging file's name for outputs written directly: its temporary gets a unique suffix.
constexpr const char* kStagingName = "part-output";

void copy_file_to(const std::string& path, PendingFile& out) {
    std::ifstream in(path, std::ios::binary);
    std::string chunk(std::size_t(1) << 20, '\0');
    while (in) {
        in.read(chunk.data(), std::streamsize(chunk.size()));
        out.write(std::string_view(chunk.data(), std::size_t(in.gcount())));
    }
    if (in.bad()) throw InputError(path, 0, "cannot read back the staged output");
}

} // namespace

SharedPendingFile::SharedPendingFile(MPI_Comm comm, std::string target)
    : target_(std::move(target)) {
    const int rank = part::mpi::rank_of(comm);
    part::mpi::collectively(comm, [&] {
        if (rank != 0) return;
        file_ = std::make_unique<PendingFile>(target_);
        if (file_->direct()) staging_ = std::make_unique<PendingFile>(kStagingName);
        temp_ = (staging_ ? staging_ : file_)->temp_path();
    });
    part::mpi::broadcast(comm, temp_);
}

void SharedPendingFile::commit() {
    if (!file_) return;
    if (staging_) copy_file_to(staging_->temp_path(), *file_); // staging_ removes it
    file_->commit();
}

void write_pieces(MPI_Comm comm, const SharedPendingFile& output,
                  std::span<const FilePiece> pieces) {
    MPI_File file = MPI_FILE_NULL;
    part::mpi::collectively(comm, [&] {
        const int code = MPI_File_open(comm, output.temp_path().c_str(),
                                       MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &file);
        if (code != MPI_SUCCESS) throw InputError(output.target(), 0, "cannot open for writing");
    });
    MPI_File_set_size(file, 0);
    // Independent writes, in pieces of at most 1 GiB (MPI counts are int).
    constexpr std::int64_t kChunk = 1LL << 30;
    bool ok = true;
    for (const FilePiece& piece : pieces)
        for (std::int64_t at = 0; at < std::int64_t(piece.bytes.size()); at += kChunk) {
            const int count = int(std::min<std::int64_t>(kChunk, piece.bytes.size() - at));
            MPI_Status status;
            ok = MPI_File_write_at(file, piece.offset + at, piece.bytes.data() + at, count,
                                   MPI_CHAR, &status) == MPI_SUCCESS &&
                 ok;
        }
    ok = MPI_File_close(&file) == MPI_SUCCESS && ok;
    part::mpi::collectively(comm, [&] {
        if (!ok) throw InputError(output.target(), 0, "write failed");
    });
}

void write_partition_blocks(MPI_Comm comm, const SharedPendingFile& file,
                            std::span<const PartId> block) {
    const std::string text = one_per_line(block);
    const FilePiece piece{before_this_rank(comm, std::int64_t(text.size())), text};
    write_pieces(comm, file, std::span(&piece, 1));
}

} // namespace part::formats::mpi
