#pragma once
// Reading one text file from all ranks at once with MPI-IO: each rank reads its own byte range
// and keeps the whole lines that start in it, so together the ranks hold every line exactly
// once and no rank reads the whole file.
#include <mpi.h>

#include <cstdint>
#include <string>

namespace part::formats::mpi {

struct LineSlice {
    std::string text;              // whole lines; the file's last line may lack its '\n'
    std::int64_t lines_before = 0; // file lines before the slice (for error line numbers)
    std::int64_t lines = 0;        // lines in the slice
    std::int64_t total_lines = 0;  // lines in the whole file, on every rank
};

// Collective. Splits the bytes [section_begin, end of file) into one equal range per rank;
// a rank keeps the lines that start in its range (a line starts at section_begin or after a
// '\n'), reading past its range to the end of its last line. lines_before_section counts the
// lines before section_begin. Throws CollectiveError on every rank when the file cannot be
// opened or read.
LineSlice read_line_slice(MPI_Comm comm, const std::string& path, std::int64_t section_begin = 0,
                          std::int64_t lines_before_section = 0);

// bytes [offset, offset + count) of an open file, fewer at its end. Throws InputError.
std::string read_file_bytes(MPI_File file, const std::string& path, std::int64_t offset,
                            std::int64_t count);

// Collective: the sum of `value` over the ranks before this one, and over all ranks.
std::int64_t before_this_rank(MPI_Comm comm, std::int64_t value);
std::int64_t sum_over_ranks(MPI_Comm comm, std::int64_t value);

// Opens `path` read-only on `comm` (collective). Throws InputError (on the ranks of comm,
// which all see the failure) when it cannot.
MPI_File open_for_reading(MPI_Comm comm, const std::string& path);

// Closes the file on every path out.
struct FileCloser {
    MPI_File file;
    ~FileCloser() { MPI_File_close(&file); }
};

} // namespace part::formats::mpi
