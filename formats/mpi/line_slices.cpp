#include "formats/mpi/line_slices.hpp"

#include <algorithm>

#include "libpart/core/error.hpp"
#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/exchange.hpp"

namespace part::formats::mpi {

namespace {

std::string mpi_error_text(int code) {
    char text[MPI_MAX_ERROR_STRING];
    int length = 0;
    MPI_Error_string(code, text, &length);
    return std::string(text, std::size_t(length));
}

constexpr std::int64_t kReadAhead = 1 << 16;

// Offset just after the first '\n' at or after `from` (or the end of the file), reading on
// from `buffer`, which holds the file's bytes from `buffer_start`.
std::int64_t next_line_start(MPI_File file, const std::string& path, std::string& buffer,
                             std::int64_t buffer_start, std::int64_t from, std::int64_t file_size) {
    for (;;) {
        const std::int64_t local = std::max<std::int64_t>(from - buffer_start, 0);
        const std::size_t at = buffer.find('\n', std::size_t(local));
        if (at != std::string::npos) return buffer_start + std::int64_t(at) + 1;
        const std::int64_t end = buffer_start + std::int64_t(buffer.size());
        if (end >= file_size) return file_size;
        buffer += read_file_bytes(file, path, end, kReadAhead);
    }
}

} // namespace

std::int64_t before_this_rank(MPI_Comm comm, std::int64_t value) {
    const int rank = part::mpi::rank_of(comm);
    long long in = value, out = 0;
    MPI_Exscan(&in, &out, 1, MPI_LONG_LONG, MPI_SUM, comm);
    return rank == 0 ? 0 : out;
}

std::int64_t sum_over_ranks(MPI_Comm comm, std::int64_t value) {
    long long in = value, out = 0;
    MPI_Allreduce(&in, &out, 1, MPI_LONG_LONG, MPI_SUM, comm);
    return out;
}

MPI_File open_for_reading(MPI_Comm comm, const std::string& path) {
    MPI_File file;
    const int code = MPI_File_open(comm, path.c_str(), MPI_MODE_RDONLY, MPI_INFO_NULL, &file);
    if (code != MPI_SUCCESS)
        throw InputError(path, 0, "cannot open for reading: " + mpi_error_text(code));
    return file;
}

std::string read_file_bytes(MPI_File file, const std::string& path, std::int64_t offset,
                            std::int64_t count) {
    std::string out(std::size_t(std::max<std::int64_t>(count, 0)), '\0');
    std::size_t done = 0;
    while (done < out.size()) {
        const int chunk = int(std::min<std::size_t>(out.size() - done, std::size_t(1) << 30));
        MPI_Status status;
        const int code = MPI_File_read_at(file, offset + std::int64_t(done), out.data() + done,
                                          chunk, MPI_CHAR, &status);
        if (code != MPI_SUCCESS) throw InputError(path, 0, "read failed: " + mpi_error_text(code));
        int got = 0;
        MPI_Get_count(&status, MPI_CHAR, &got);
        done += std::size_t(got);
        if (got < chunk) break;
    }
    out.resize(done);
    return out;
}

LineSlice read_line_slice(MPI_Comm comm, const std::string& path, std::int64_t section_begin,
                          std::int64_t lines_before_section) {
    const int rank = part::mpi::rank_of(comm), ranks = part::mpi::size_of(comm);
    MPI_File file = MPI_FILE_NULL;
    part::mpi::collectively(comm, [&] { file = open_for_reading(comm, path); });
    FileCloser closer{file};
    LineSlice slice = part::mpi::collectively(comm, [&] {
        MPI_Offset size = 0;
        MPI_File_get_size(file, &size);
        const std::int64_t length = std::max<std::int64_t>(size - section_begin, 0);
        const std::int64_t lo = section_begin + length * rank / ranks;
        const std::int64_t hi = section_begin + length * (rank + 1) / ranks;
        // A line starts in [lo, hi) when it begins at section_begin or after a '\n' at
        // lo - 1 or later; neighbours use the same rule, so the slices meet exactly.
        const std::int64_t from = lo > section_begin ? lo - 1 : lo;
        // Read a little past the range: the last line almost always ends there, so the
        // buffer need not grow (a copy of it all) to find that end.
        std::string buffer =
            read_file_bytes(file, path, from, std::min<std::int64_t>(hi + kReadAhead, size) - from);
        const std::int64_t start =
            lo > section_begin ? next_line_start(file, path, buffer, from, lo - 1, size) : lo;
        const std::int64_t end =
            hi > lo ? next_line_start(file, path, buffer, from, std::max(hi - 1, start), size)
                    : start;
        LineSlice s;
        if (start < hi && end > start) { // trimmed in place, not copied
            s.text = std::move(buffer);
            s.text.resize(std::size_t(end - from));
            s.text.erase(0, std::size_t(start - from));
        }
        s.lines = std::count(s.text.begin(), s.text.end(), '\n');
        if (!s.text.empty() && s.text.back() != '\n') ++s.lines;
        return s;
    });
    slice.lines_before = lines_before_section + before_this_rank(comm, slice.lines);
    slice.total_lines = lines_before_section + sum_over_ranks(comm, slice.lines);
    return slice;
}

} // namespace part::formats::mpi
