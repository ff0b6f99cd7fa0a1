#include "formats/mpi/ordered_output.hpp"

#include <algorithm>

#include "formats/text_output.hpp"
#include "libpart/core/error.hpp"
#include "libpart/mpi/collective_errors.hpp"

namespace part::formats::mpi {

SharedPendingFile::SharedPendingFile(MPI_Comm comm, std::string target) {
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    part::mpi::collectively(comm, [&] {
        if (rank == 0) {
            file_ = std::make_unique<PendingFile>(target);
            temp_ = file_->temp_path();
        }
    });
    long long length = static_cast<long long>(temp_.size());
    MPI_Bcast(&length, 1, MPI_LONG_LONG, 0, comm);
    temp_.resize(std::size_t(length));
    MPI_Bcast(temp_.data(), int(length), MPI_CHAR, 0, comm);
}

void SharedPendingFile::commit() {
    if (file_) file_->commit();
}

void write_ordered_text(MPI_Comm comm, const std::string& path, std::string_view text) {
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    long long length = static_cast<long long>(text.size()), offset = 0;
    MPI_Exscan(&length, &offset, 1, MPI_LONG_LONG, MPI_SUM, comm);
    if (rank == 0) offset = 0;
    MPI_File file = MPI_FILE_NULL;
    part::mpi::collectively(comm, [&] {
        const int code = MPI_File_open(comm, path.c_str(), MPI_MODE_WRONLY | MPI_MODE_CREATE,
                                       MPI_INFO_NULL, &file);
        if (code != MPI_SUCCESS) throw InputError(path, 0, "cannot open for writing");
    });
    MPI_File_set_size(file, 0);
    // Pieces over 1 GiB go in several collective rounds; every rank takes part in each.
    constexpr long long kChunk = 1LL << 30;
    long long rounds = (length + kChunk - 1) / kChunk, most = 0;
    MPI_Allreduce(&rounds, &most, 1, MPI_LONG_LONG, MPI_MAX, comm);
    bool ok = true;
    for (long long round = 0; round < most; ++round) {
        const long long at = std::min(round * kChunk, length);
        const int count = int(std::min(kChunk, length - at));
        MPI_Status status;
        ok = MPI_File_write_at_all(file, offset + at, text.data() + at, count, MPI_CHAR, &status) ==
                 MPI_SUCCESS &&
             ok;
    }
    ok = MPI_File_close(&file) == MPI_SUCCESS && ok;
    part::mpi::collectively(comm, [&] {
        if (!ok) throw InputError(path, 0, "write failed");
    });
}

void write_partition_blocks(MPI_Comm comm, const std::string& path, std::span<const PartId> block) {
    std::string text;
    text.reserve(block.size() * 4);
    for (PartId p : block) {
        append_number(text, p);
        text += '\n';
    }
    write_ordered_text(comm, path, text);
}

} // namespace part::formats::mpi
